import { NOTICE_ACK } from '../notice.ts';

/** ECPay resends an unanswered notice at most this many times a day. */
export const NOTICE_RESENDS = 4;
/** ECPay resends every 5 to 15 minutes: a pause drawn between the configured pause and three times it. */
const RESEND_SPREAD = 3;
const TIMEOUT_MS = 5_000;

export interface Delivery {
  ok: boolean;
  /** Posts made so far (the first one; resends follow in the background). */
  attempts: number;
  /** The receiver's last answer (first 100 characters), or the network error. */
  answer: string;
}

const resends = new Set<ReturnType<typeof setTimeout>>();

/** POSTs a signed notice form-urlencoded to `url` once; true when answered `1|OK`. */
async function post(url: string, fields: Record<string, string>): Promise<{ ok: boolean; answer: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    const answer = (await res.text()).trim().slice(0, 100);
    return { ok: res.ok && answer === NOTICE_ACK, answer };
  } catch (err) {
    return { ok: false, answer: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Delivers a notice as ECPay does: one POST now; when it is not answered `1|OK`, up to
 * NOTICE_RESENDS more in the background, each after a pause of `resendMs` to three times it (ECPay:
 * every 5 to 15 minutes, at most 4 times a day), until one is answered `1|OK`. Answers the first post.
 */
export async function deliverNotice(url: string, fields: Record<string, string>, resendMs: number): Promise<Delivery> {
  const first = await post(url, fields);
  if (!first.ok) scheduleResend(url, fields, resendMs, 1);
  return { ...first, attempts: 1 };
}

function scheduleResend(url: string, fields: Record<string, string>, resendMs: number, n: number): void {
  if (n > NOTICE_RESENDS) return;
  const pause = resendMs + Math.floor(Math.random() * resendMs * (RESEND_SPREAD - 1));
  const timer = setTimeout(async () => {
    resends.delete(timer);
    if (!(await post(url, fields)).ok) scheduleResend(url, fields, resendMs, n + 1);
  }, pause);
  // A resend never keeps a process alive: a stopping server drops what ECPay would still send.
  timer.unref();
  resends.add(timer);
}

/** Drops every resend still waiting (a server stopping, a test ending). */
export function cancelResends(): void {
  for (const timer of resends) clearTimeout(timer);
  resends.clear();
}
