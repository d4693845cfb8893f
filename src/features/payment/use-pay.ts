import { useState } from 'react';
import type { Locale } from '../../config.ts';
import type { ApiClientError } from '../../lib/api/client.ts';
import { paymentApi, postAutoForm, rememberOrderKey } from '../../lib/api/payment.ts';
import { t } from '../../lib/i18n/messages/index.ts';

/**
 * Starts a new payment attempt of an order and sends the browser to the cashier. `busy` stays on
 * while the browser leaves; `error` says (in the page's language) why it could not start.
 */
export function usePay(locale: Locale) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function pay(no: string, key?: string) {
    setBusy(true);
    setError('');
    try {
      const form = await paymentApi.start(no, key);
      if (key) rememberOrderKey(no, key);
      postAutoForm(form);
    } catch (err) {
      setError((err as ApiClientError).message || t(locale, 'pay.error'));
      setBusy(false);
    }
  }
  return { pay, busy, error };
}
