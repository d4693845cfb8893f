import { api } from './browser.ts';
import { cartTokenHeaders } from './cart.ts';
import type { ApiClientError, RequestOptions } from './client.ts';
import type {
  AutoPostForm,
  CvsBrand,
  Order,
  OrderBody,
  OrderPage,
  OrderState,
  PlacedOrder,
  Quote,
  QuoteBody,
} from './order-types.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const PHONE_PROOF_HEADER = 'X-Phone-Proof';
export const ORDER_KEY_HEADER = 'X-Order-Key';

export interface PhoneProof {
  phoneProof: string;
  expiresAt: number | string;
}

/** Calls answered beside a field or button: the error modal stays shut. */
const inline = { silent: true } as const;

const withCart = (o: RequestOptions = {}): RequestOptions => ({
  ...o,
  headers: { ...cartTokenHeaders(), ...(o.headers as Record<string, string> | undefined) },
});

const orderKey = (key?: string): Record<string, string> => (key ? { [ORDER_KEY_HEADER]: key } : {});

const asBody = (body: object) => body as Record<string, unknown>;

/** A fresh Idempotency-Key: a random UUID (36 characters, within the 8 to 100 the server takes). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The checkout, order and store-choice calls of the shop API (issue 8). The cart is the caller's:
 * a member's by the Bearer token, a guest's by `X-Cart-Token`; a guest reads its order with
 * `X-Order-Key`.
 */
export const ordersApi = {
  quote: (body: QuoteBody) => api.post<Quote>('/api/checkout/quote', withCart({ body: asBody(body), ...inline })),
  /** Places the order; the caller keeps `key` for retries of the same body (see createOrderSubmitter). */
  place: (body: OrderBody, key: string, phoneProof?: string) =>
    api.post<PlacedOrder>(
      '/api/orders',
      withCart({
        body: asBody(body),
        headers: { [IDEMPOTENCY_HEADER]: key, ...(phoneProof ? { [PHONE_PROOF_HEADER]: phoneProof } : {}) },
        ...inline,
      }),
    ),
  sendPhoneCode: (phone: string) =>
    api.post<{ sent: boolean; resendAfter: number }>('/api/checkout/phone/send', { body: { phone }, ...inline }),
  verifyPhone: (phone: string, code: string) =>
    api.post<PhoneProof>('/api/checkout/phone/verify', { body: { phone, code }, ...inline }),
  cvsMap: (brand: CvsBrand) => api.post<AutoPostForm>('/api/checkout/cvs-map', withCart({ body: { brand } })),
  clearStore: () => api.delete<unknown>('/api/checkout/cvs-store', withCart(inline)),
  list: (query: { page: number; pageSize: number; state?: OrderState }) =>
    api.get<OrderPage>('/api/orders', { query: { ...query }, ...inline }),
  get: (no: string, key?: string) =>
    api.get<Order>(`/api/orders/${encodeURIComponent(no)}`, { headers: orderKey(key), ...inline }),
  cancel: (no: string, key?: string) =>
    api.post<Order>(`/api/orders/${encodeURIComponent(no)}/cancel`, { headers: orderKey(key), ...inline }),
};

/** Whether the server may not have seen (or finished) the attempt: the same key is to be sent again. */
export function isRetryable(error: unknown): boolean {
  const e = error as ApiClientError;
  const status = typeof e?.status === 'number' ? e.status : 0;
  return status === 0 || status >= 500 || e.code === 'ORDER_IN_PROGRESS';
}

/**
 * Places orders exactly once. A submit gets a fresh Idempotency-Key; the key is kept while the
 * answer may not have been seen (a network error, a 5xx, a duplicate still under way), so that a
 * retry of the same body is recognised by the server; it is dropped after success, after a
 * definite refusal, or when the body changes.
 */
export function createOrderSubmitter(place = ordersApi.place) {
  let pending: { key: string; body: string } | null = null;
  return {
    /** The key the next submit of `body` will carry. */
    keyFor(body: OrderBody): string {
      const json = JSON.stringify(body);
      if (!pending || pending.body !== json) pending = { key: newIdempotencyKey(), body: json };
      return pending.key;
    },
    async submit(body: OrderBody, phoneProof?: string): Promise<PlacedOrder> {
      const key = this.keyFor(body);
      try {
        const order = await place(body, key, phoneProof);
        pending = null;
        return order;
      } catch (error) {
        if (!isRetryable(error)) pending = null;
        throw error;
      }
    },
  };
}

/** Posts an auto-post form (the store map, the cashier) the way the provider expects: a real form submit. */
export function postForm(form: AutoPostForm, doc: Document = document): void {
  const el = doc.createElement('form');
  el.method = 'post';
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
