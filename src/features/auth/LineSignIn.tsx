import type { Locale } from '../../config.ts';
import { lineFailure, lineStartHref } from '../../lib/api/line.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { returnDestination } from '../../stores/auth.ts';

/**
 * "Sign in with LINE" (issue 32) on the login and sign-up pages: a link to the shop's start, which
 * sends the browser to LINE; LINE brings it back signed in (to the recorded page), or here with
 * `line_error`, explained above the button.
 */
export function LineSignIn({ locale, label }: { locale: Locale; label: 'line.signIn' | 'line.signUp' }) {
  const failure = lineFailure(location.search);
  return (
    <div className="sw-line">
      {failure && (
        <p className="sw-form-message" role="alert">
          {t(locale, `line.error.${failure}`)}
        </p>
      )}
      <a className="sw-button sw-line-button" href={lineStartHref(returnDestination())} data-line-login>
        {t(locale, label)}
      </a>
    </div>
  );
}
