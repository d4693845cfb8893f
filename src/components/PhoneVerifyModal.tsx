import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../config.ts';
import { localePath } from '../lib/i18n/locale.ts';
import { t } from '../lib/i18n/messages/index.ts';
import { PHONE_VERIFY_PATH, phoneModalAllowed } from '../lib/runtime/routes.ts';
import { $needsPhoneVerify } from '../stores/auth.ts';
import { Modal } from './Modal.tsx';

/**
 * The blocking modal for a logged-in member whose phone is not verified (spec section 4). It cannot
 * be closed; its one button leads to the verification page, where it does not show.
 */
export function PhoneVerifyModal({ locale }: { locale: Locale }) {
  const needed = useStore($needsPhoneVerify);
  // The overlays outlive client-side navigation: follow the page being shown.
  const [path, setPath] = useState(() => location.pathname);
  useEffect(() => {
    const follow = () => setPath(location.pathname);
    document.addEventListener('astro:page-load', follow);
    return () => document.removeEventListener('astro:page-load', follow);
  }, []);
  const open = needed && phoneModalAllowed(path);
  return (
    <Modal open={open} closable={false} title={t(locale, 'auth.phoneModal.title')}>
      <p>{t(locale, 'auth.phoneModal.body')}</p>
      <p className="sw-modal-actions">
        <a className="sw-button" href={localePath(locale, PHONE_VERIFY_PATH)}>
          {t(locale, 'auth.phoneModal.go')}
        </a>
      </p>
    </Modal>
  );
}
