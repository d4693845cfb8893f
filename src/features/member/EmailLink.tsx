import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { usersApi } from '../../lib/api/users.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { linkTokenFrom } from '../../lib/runtime/link-token.ts';

type State = { step: 'pending' } | { step: 'done'; email: string } | { step: 'invalid' };

/**
 * Where the link confirming a new email lands: sends the link's token once (it may be opened in a
 * browser where the member is not logged in) and says whether the address is now the account's.
 */
export default function EmailLink({ locale }: { locale: Locale }) {
  const [state, setState] = useState<State>({ step: 'pending' });
  useEffect(() => {
    const token = linkTokenFrom(location.hash);
    history.replaceState(null, '', location.pathname);
    if (!token) {
      setState({ step: 'invalid' });
      return;
    }
    usersApi.confirmEmail({ token }).then(
      ({ email }) => setState({ step: 'done', email }),
      () => setState({ step: 'invalid' }),
    );
  }, []);
  return (
    <section className="sw-auth">
      <h1>{t(locale, 'member.emailLink.title')}</h1>
      {state.step === 'pending' && <p aria-busy="true">{t(locale, 'member.emailLink.pending')}</p>}
      {state.step === 'done' && <p role="status">{t(locale, 'member.emailLink.done', { email: state.email })}</p>}
      {state.step === 'invalid' && <p role="alert">{t(locale, 'member.emailLink.invalid')}</p>}
      {state.step !== 'pending' && (
        <p>
          <a href={localePath(locale, '/member/profile')}>{t(locale, 'member.emailLink.toProfile')}</a>
        </p>
      )}
    </section>
  );
}
