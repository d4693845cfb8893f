import type { ReactNode } from 'react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { type MessageKey, t } from '../../lib/i18n/messages/index.ts';
import { PHONE_VERIFY_PATH } from '../../lib/runtime/routes.ts';
import { logout } from '../../stores/auth.ts';
import { Pending } from '../auth/Pending.tsx';
import { useGuard } from '../auth/use-guard.ts';
import '../auth/forms.css';
import './member.css';

/** The member pages, in menu order. */
export const MEMBER_PAGES = [
  { key: 'profile', path: '/member/profile', label: 'member.nav.profile' },
  { key: 'orders', path: '/member/orders', label: 'member.nav.orders' },
  { key: 'wishlist', path: '/member/wishlist', label: 'member.nav.wishlist' },
  { key: 'change-password', path: '/member/change-password', label: 'member.nav.changePassword' },
  { key: 'phone', path: PHONE_VERIFY_PATH, label: 'member.nav.phone' },
] as const satisfies readonly { key: string; path: string; label: MessageKey }[];

export type MemberPage = (typeof MEMBER_PAGES)[number]['key'];

/**
 * The frame of every member page: members only (guests go to login and come back), the member
 * menu with the logout button, the page's heading, and the page once the token has been checked.
 * The menu and the heading are in the prerendered page, so they are on the first screen; the panel
 * takes the first screen from the start, so the footer never paints in view and then jumps down.
 */
export function MemberFrame(props: {
  locale: Locale;
  current: MemberPage;
  title: string;
  /** What the page is for, under its heading: prerendered with it, so the first screen says it at once. */
  lead?: string;
  children: () => ReactNode;
}) {
  const { locale, current } = props;
  const ready = useGuard('member', locale);
  return (
    <div className="sw-member">
      <nav className="sw-member-nav" aria-label={t(locale, 'member.nav.label')}>
        <ul>
          {MEMBER_PAGES.map((p) => (
            <li key={p.key}>
              <a href={localePath(locale, p.path)} aria-current={p.key === current ? 'page' : undefined}>
                {t(locale, p.label)}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="sw-button" disabled={!ready} onClick={() => void logout()}>
          {t(locale, 'member.nav.logout')}
        </button>
      </nav>
      <section className="sw-member-panel">
        <h1>{props.title}</h1>
        {props.lead && <p className="sw-member-lead">{props.lead}</p>}
        {ready ? props.children() : <Pending locale={locale} />}
      </section>
    </div>
  );
}
