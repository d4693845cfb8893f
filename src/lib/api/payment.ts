import { api } from './browser.ts';
import type { AutoPostForm } from './order-types.ts';
import { ORDER_KEY_HEADER } from './orders.ts';

/**
 * The payment calls of the shop API (issue 9): a new ECPay attempt of an unpaid order, as the form
 * the page posts to the cashier. A guest's order is named by its key (`X-Order-Key`).
 */
export const paymentApi = {
  start: (no: string, key?: string) =>
    api.post<AutoPostForm>(`/api/orders/${encodeURIComponent(no)}/payment`, {
      headers: key ? { [ORDER_KEY_HEADER]: key } : {},
      silent: true,
    }),
};

/** Builds a hidden form with `fields` and submits it to `action` (the browser leaves the page). */
export function postAutoForm(form: AutoPostForm, doc: Document = document): void {
  const el = doc.createElement('form');
  el.method = 'POST';
  el.action = form.action;
  el.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    el.append(input);
  }
  doc.body.append(el);
  el.submit();
}

/** The order number and guest key of the page's query (`?no=...&key=...`); null without a valid number. */
export function orderRefOf(search: string): { no: string; key?: string } | null {
  const q = new URLSearchParams(search);
  const no = q.get('no') ?? '';
  const key = q.get('key') ?? '';
  if (!/^[A-Za-z0-9-]{1,40}$/.test(no)) return null;
  return /^[A-Za-z0-9_-]{8,200}$/.test(key) ? { no, key } : { no };
}

const KEY_STORAGE = 'orderKey:';

/**
 * Keeps a guest's order key in this tab while the shopper is at the cashier: ECPay sends the browser
 * back to /cart/result?no= without it (the server keeps only the key's hash).
 */
export function rememberOrderKey(no: string, key: string): void {
  try {
    sessionStorage.setItem(`${KEY_STORAGE}${no}`, key);
  } catch {
    // Storage refused (private mode, quota): the shopper still has the link from the result page.
  }
}

/** The key kept by rememberOrderKey for order `no`, when it has the shape of a key. */
export function recallOrderKey(no: string): string | undefined {
  try {
    const key = sessionStorage.getItem(`${KEY_STORAGE}${no}`) ?? '';
    return /^[A-Za-z0-9_-]{8,200}$/.test(key) ? key : undefined;
  } catch {
    return undefined;
  }
}
