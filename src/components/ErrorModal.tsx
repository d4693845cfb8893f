import { useStore } from '@nanostores/react';
import type { Locale } from '../config.ts';
import { t } from '../lib/i18n/messages/index.ts';
import { $ui, closeError } from '../stores/ui.ts';
import { Modal } from './Modal.tsx';

/** The closable error modal of spec section 8: an error icon and the failure's message. */
export function ErrorModal({ locale }: { locale: Locale }) {
  const { errorMessage } = useStore($ui);
  return (
    <Modal
      open={errorMessage !== null}
      onClose={closeError}
      overlayClose
      title={t(locale, 'auth.errorModal.title')}
      closeLabel={t(locale, 'auth.modal.close')}
      footer={(close) => (
        <button type="button" className="sw-button" onClick={close}>
          {t(locale, 'auth.modal.close')}
        </button>
      )}
    >
      <div className="sw-error-modal">
        <svg viewBox="0 0 24 24" width="40" height="40" role="img" aria-label="error" data-error-icon>
          <circle cx="12" cy="12" r="11" fill="#EF4444" />
          <path d="M12 6.5v7M12 16.8v.2" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <p>{errorMessage}</p>
      </div>
    </Modal>
  );
}
