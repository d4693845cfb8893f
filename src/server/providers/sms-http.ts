import { mobileToE164 } from '../../lib/taiwan/phone.ts';
import { ApiError } from '../common/errors.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';

/** Settings of an HTTP SMS gateway, from SMS_HTTP_URL, SMS_HTTP_TOKEN and SMS_HTTP_TIMEOUT_MS. */
export interface HttpSmsOptions {
  url: string;
  token?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Production adapter: POSTs `{to, text}` as JSON (`to` in E.164, +8869XXXXXXXX) to the gateway with
 * `Authorization: Bearer <token>`, and gives up after the timeout. Any failure (network, timeout,
 * non-2xx answer) becomes ApiError SMS_FAILED (503) for the caller to await; nothing is left running
 * that could reject unobserved.
 */
export function httpSms(opts: HttpSmsOptions): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'http',
    async send(m: SmsMessage) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ to: mobileToE164(m.phone), text: m.text }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (cause) {
        throw new ApiError('SMS_FAILED', { cause });
      }
      // Read the body either way so the connection is released.
      const detail = await res.text().catch(() => '');
      if (!res.ok)
        throw new ApiError('SMS_FAILED', {
          cause: new Error(`SMS gateway answered ${res.status}: ${detail.slice(0, 200)}`),
        });
    },
  };
}
