import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { lineApi, lineFailure } from '../../lib/api/line.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { FormMessages } from '../auth/fields.tsx';

/**
 * The profile's LINE account (issue 32): whether LINE is linked, a button to link it (through LINE,
 * coming back here with `line=linked` or `line_error`) and one to unlink it.
 */
export function LineAccount({ locale }: { locale: Locale }) {
  const [link, setLink] = useState<{ linked: boolean; displayName: string } | null>(null);
  const [message, setMessage] = useState(() => {
    const failure = lineFailure(location.search);
    return failure ? t(locale, `line.error.${failure}`) : '';
  });
  const [notice, setNotice] = useState(() =>
    new URLSearchParams(location.search).get('line') === 'linked' ? t(locale, 'line.profile.done') : '',
  );
  const [pending, setPending] = useState(false);
  useEffect(() => {
    lineApi.link().then(setLink, (e: Error) => setMessage(e.message));
  }, []);
  const act = async (run: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    setMessage('');
    setNotice('');
    try {
      await run();
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="sw-line" aria-labelledby="line-account" data-line-account>
      <h2 id="line-account">{t(locale, 'line.profile.title')}</h2>
      {link && (
        <p data-line-linked={link.linked}>
          {link.linked ? t(locale, 'line.profile.linked', { name: link.displayName }) : t(locale, 'line.profile.none')}
        </p>
      )}
      <FormMessages message={message} notice={notice} />
      {link && !link.linked && (
        <button
          type="button"
          className="sw-button sw-line-button"
          aria-disabled={pending}
          onClick={() =>
            void act(async () => {
              const { authorizeUrl } = await lineApi.startLink(location.pathname);
              location.assign(authorizeUrl);
            })
          }
        >
          {t(locale, 'line.profile.link')}
        </button>
      )}
      {link?.linked && (
        <button
          type="button"
          className="sw-button"
          aria-disabled={pending}
          onClick={() =>
            void act(async () => {
              await lineApi.unlink();
              setLink({ linked: false, displayName: '' });
              setNotice(t(locale, 'line.profile.removed'));
            })
          }
        >
          {t(locale, 'line.profile.unlink')}
        </button>
      )}
    </section>
  );
}
