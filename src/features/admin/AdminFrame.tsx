import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { adminApi, messageOf } from './api.ts';
import { translator } from './i18n.ts';
import { type AdminPage, adminPath } from './paths.ts';
import { readStaffToken, type StaffMe, writeStaffToken } from './session.ts';
import { Notice } from './ui.tsx';
import './admin.css';

const MENU: { page: AdminPage; ownerOnly?: boolean }[] = [
  { page: 'today' },
  { page: 'orders' },
  { page: 'returns' },
  { page: 'reviews' },
  { page: 'catalog' },
  { page: 'promotions', ownerOnly: true },
  { page: 'staff', ownerOnly: true },
];

/**
 * The frame of every console page but sign-in and setup: staff only (without a token, to sign-in
 * and back), the menu (the owner's pages for owners), who is signed in, sign-out, and the page once
 * the token is known good.
 */
export function AdminFrame(props: {
  locale: Locale;
  current: AdminPage | 'order' | 'return';
  title: string;
  children: (me: StaffMe) => ReactNode;
}) {
  const { locale } = props;
  const t = useMemo(() => translator(locale), [locale]);
  const [me, setMe] = useState<StaffMe | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!readStaffToken()) {
      const back = `${location.pathname}${location.search}`;
      location.replace(adminPath(locale, 'login', `?return=${encodeURIComponent(back)}`));
      return;
    }
    adminApi
      .get<StaffMe>('/api/admin/me')
      .then(setMe)
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [locale, t]);

  async function signOut() {
    await adminApi.post('/api/admin/logout').catch(() => undefined);
    writeStaffToken(null);
    location.assign(adminPath(locale, 'login'));
  }

  const menu = MENU.filter((m) => !m.ownerOnly || me?.role === 'owner');
  const active = props.current === 'order' ? 'orders' : props.current === 'return' ? 'returns' : props.current;
  return (
    <div className="sw-admin-frame">
      <nav className="sw-admin-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {menu.map((m) => (
            <li key={m.page}>
              <a href={adminPath(locale, m.page)} aria-current={m.page === active ? 'page' : undefined}>
                {t(`admin.nav.${m.page}`)}
              </a>
            </li>
          ))}
        </ul>
        {me && (
          <p className="sw-admin-who">
            {t('admin.signedInAs', { name: me.name, role: t(`admin.role.${me.role}`) })}
            <button type="button" className="sw-button" onClick={() => void signOut()}>
              {t('admin.nav.signOut')}
            </button>
          </p>
        )}
      </nav>
      <div className="sw-admin-panel">
        <h1>{props.title}</h1>
        {error ? <Notice error={error} /> : me ? props.children(me) : <p role="status">{t('admin.loading')}</p>}
      </div>
    </div>
  );
}
