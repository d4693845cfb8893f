import { useStore } from '@nanostores/react';
import type { Locale } from '../../config.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import type { createOtpSender } from './otp.ts';

/**
 * "Send code" button: disabled while sending and during the resend countdown, which it shows
 * (aria-disabled keeps the focus on it; the sender itself refuses while pending or counting down).
 */
export function OtpButton(props: { sender: ReturnType<typeof createOtpSender>; locale: Locale; onSend: () => void }) {
  const { pending } = useStore(props.sender.$form);
  const seconds = useStore(props.sender.$seconds);
  return (
    <button type="button" className="sw-button" aria-disabled={pending || seconds > 0} onClick={props.onSend}>
      {seconds > 0 ? t(props.locale, 'auth.otp.resend', { s: seconds }) : t(props.locale, 'auth.otp.send')}
    </button>
  );
}
