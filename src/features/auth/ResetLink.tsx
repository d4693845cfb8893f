import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { linkTokenFrom } from '../../lib/runtime/link-token.ts';
import { nav } from '../../lib/runtime/navigate.ts';
import { saveResetTicket } from '../../lib/runtime/reset-ticket.ts';
import { Pending } from './Pending.tsx';

/** How long the page trusts a link's ticket; the server decides (30 minutes from sending). */
const LINK_TICKET_MS = 30 * 60_000;

/**
 * The page an emailed reset link opens: keeps the link's ticket for this tab like the texted-code
 * step does, clears it from the address bar and goes on to reset-password.
 */
export default function ResetLink({ locale }: { locale: Locale }) {
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const token = linkTokenFrom(location.hash);
    history.replaceState(null, '', location.pathname);
    if (!token) {
      setInvalid(true);
      return;
    }
    saveResetTicket(token, Date.now() + LINK_TICKET_MS);
    nav.replace(localePath(locale, '/reset-password'));
  }, [locale]);
  if (!invalid) return <Pending locale={locale} />;
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'auth.resetLink.title')}</h1>
      <p role="alert">{t(locale, 'auth.resetLink.invalid')}</p>
      <p>
        <a href={localePath(locale, '/forgot-password')}>{t(locale, 'auth.resetLink.toForgot')}</a>
      </p>
    </section>
  );
}
