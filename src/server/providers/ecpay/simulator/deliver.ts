import { NOTICE_ACK } from '../notice.ts';

/** How many times the simulator posts a notice that is not answered `1|OK` (ECPay resends too). */
export const NOTICE_ATTEMPTS = 3;
const BACKOFF_MS = 200;
const TIMEOUT_MS = 5_000;

export interface Delivery {
  ok: boolean;
  attempts: number;
  /** The receiver's last answer (first 100 characters), or the network error. */
  answer: string;
}

/** POSTs a signed notice form-urlencoded to `url` until it answers `1|OK`, at most NOTICE_ATTEMPTS times. */
export async function deliverNotice(url: string, fields: Record<string, string>): Promise<Delivery> {
  let answer = '';
  for (let attempt = 1; attempt <= NOTICE_ATTEMPTS; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'manual',
      });
      answer = (await res.text()).trim().slice(0, 100);
      if (res.ok && answer === NOTICE_ACK) return { ok: true, attempts: attempt, answer };
    } catch (err) {
      answer = err instanceof Error ? err.message : String(err);
    }
    if (attempt < NOTICE_ATTEMPTS) await new Promise((r) => setTimeout(r, BACKOFF_MS * attempt));
  }
  return { ok: false, attempts: NOTICE_ATTEMPTS, answer };
}
