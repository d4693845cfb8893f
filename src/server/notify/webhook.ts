import { createHmac } from 'node:crypto';
import { NOTIFY_WEBHOOK_TIMEOUT_MS } from '../../config.ts';

/** The header that carries the body's HMAC-SHA256 (hex) under SHOP_NOTIFY_WEBHOOK_SECRET. */
export const SIGNATURE_HEADER = 'X-Shop-Signature';
/** The notification's id, the same on every retry: a receiver may drop a repeat by it. */
export const DELIVERY_HEADER = 'X-Shop-Delivery';

/** `sha256=<hex>` of HMAC-SHA256(secret, body). */
export const signBody = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** Posts the signed JSON; a non-2xx answer or no answer in time is an error (retried by the sender). */
export async function postWebhook(url: string, secret: string, delivery: string, body: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(secret, body),
      [DELIVERY_HEADER]: delivery,
    },
    body,
    signal: AbortSignal.timeout(NOTIFY_WEBHOOK_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}`);
}
