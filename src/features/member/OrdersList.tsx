import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { MemberFrame } from './MemberFrame.tsx';

/** The member's orders. Orders arrive with checkout; until then the list is its empty state. */
export default function OrdersList({ locale }: { locale: Locale }) {
  return (
    <MemberFrame locale={locale} current="orders">
      {() => (
        <>
          <h1>{t(locale, 'member.orders.title')}</h1>
          <div className="sw-empty">
            <p>{t(locale, 'member.orders.empty')}</p>
            <a className="btn" href={localePath(locale, '/')}>
              {t(locale, 'member.orders.shop')}
            </a>
          </div>
        </>
      )}
    </MemberFrame>
  );
}
