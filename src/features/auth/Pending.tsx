import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';

/** What an island shows until its auth state is known (the same markup on the server and at hydration). */
export function Pending({ locale }: { locale: Locale }) {
  return (
    <div className="sw-skeleton" aria-busy="true">
      <p className="muted">{t(locale, 'auth.loading')}</p>
    </div>
  );
}
