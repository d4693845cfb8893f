import { map } from 'nanostores';
import { forgetCartToken, isLostCart } from '../lib/api/cart.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import type { CvsBrand, Quote } from '../lib/api/order-types.ts';
import { ordersApi, postForm } from '../lib/api/orders.ts';
import type { UserInfo } from '../lib/api/users.ts';
import { type CheckoutDraft, type CheckoutField, EMPTY_DRAFT, parseDraft, quoteBodyOf } from '../lib/checkout/draft.ts';
import { DRAFT_KEY } from '../lib/checkout/draft-storage.ts';

import { toMobile } from '../lib/taiwan/phone.ts';
import { keepPriceNotices } from './price-notices.ts';
import { showError } from './ui.ts';

export const PROOF_KEY = 'checkoutPhoneProof';

export interface PhoneCheck {
  phone: string;
  proof: string;
  expiresAt: number;
}

export interface CheckoutState {
  draft: CheckoutDraft;
  quote: Quote | null;
  quoting: boolean;
  /** Messages beside their fields, in the page's language. */
  errors: Partial<Record<CheckoutField, string>>;
  /** A refusal of the whole order (cart changed, out of stock...). */
  message: string;
  placing: boolean;
  /** The guest's confirmed mobile (its proof travels as X-Phone-Proof). */
  phoneCheck: PhoneCheck | null;
  codeSent: boolean;
  phonePending: boolean;
  /** A store map is being opened. */
  mapPending: boolean;
}

const INITIAL: CheckoutState = {
  draft: EMPTY_DRAFT,
  quote: null,
  quoting: false,
  errors: {},
  message: '',
  placing: false,
  phoneCheck: null,
  codeSent: false,
  phonePending: false,
  mapPending: false,
};

/** The checkout page (issue 8): the draft, the server's quote, the guest's phone check, the order. */
export const $checkout = map<CheckoutState>({ ...INITIAL });

/** This tab's storage, when there is one. */
export const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

// The draft outlives the trip to the store map and back (this tab only).
$checkout.listen((state, old) => {
  if (state.draft !== old?.draft) storage()?.setItem(DRAFT_KEY, JSON.stringify(state.draft));
});

function readPhoneCheck(): PhoneCheck | null {
  try {
    const v = JSON.parse(storage()?.getItem(PROOF_KEY) ?? 'null') as PhoneCheck | null;
    const ok = v && typeof v.proof === 'string' && typeof v.phone === 'string' && Number(v.expiresAt) > Date.now();
    return ok ? { phone: v.phone, proof: v.proof, expiresAt: Number(v.expiresAt) } : null;
  } catch {
    return null;
  }
}

/** Whether the guest's confirmed mobile is the receiver's. */
export function phoneConfirmed(state: CheckoutState): boolean {
  const c = state.phoneCheck;
  return Boolean(c && c.expiresAt > Date.now() && c.phone === toMobile(state.draft.phone));
}

/** `errors` without those of `fields`. */
export const withoutError = (errors: CheckoutState['errors'], ...fields: CheckoutField[]) => {
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
};

/** Shows `text` beside `field` (a refusal that reached the page another way than an API answer). */
export function showFieldError(field: CheckoutField, text: string): void {
  $checkout.setKey('errors', { ...$checkout.get().errors, [field]: text });
}

let quoteSeq = 0;

/** Asks the server for the totals and the methods of the current choices; stale answers are dropped. */
export async function requote(): Promise<void> {
  const seq = ++quoteSeq;
  $checkout.setKey('quoting', true);
  try {
    const quote = await ordersApi.quote(quoteBodyOf($checkout.get().draft));
    if (seq !== quoteSeq) return;
    const state = $checkout.get();
    // The server reports a change once: what this page has been told stays on screen.
    const fresh = new Set(quote.warnings.map((w) => `${w.lineId}:${w.code}`));
    const earlier = (state.quote?.warnings ?? []).filter((w) => !fresh.has(`${w.lineId}:${w.code}`));
    quote.warnings = quote.lines.length ? [...earlier, ...quote.warnings] : [];
    quote.lines = keepPriceNotices(quote.lines, state.quote?.lines ?? [], (l) => l.sku);
    const offered = quote.paymentMethods.filter((m) => m.available).map((m) => m.code as string);
    // A payment method the new choices no longer allow is unchosen.
    const draft =
      state.draft.payment && !offered.includes(state.draft.payment)
        ? { ...state.draft, payment: '' as const }
        : state.draft;
    $checkout.set({ ...state, quote, draft });
  } catch (error) {
    // A code that can no longer be used leaves the draft, its reason beside the field; the quote
    // follows without it, so the page never shows a total the order would not get.
    if (isRefusedCoupon(error)) {
      const state = $checkout.get();
      $checkout.set({
        ...state,
        draft: { ...state.draft, coupon: '' },
        errors: { ...state.errors, coupon: refusalOf(error) },
      });
      if (seq === quoteSeq) await requote();
    } else if (isLostCart(error)) {
      forgetCartToken();
      if (seq === quoteSeq) await requote();
    } else if (seq === quoteSeq) showError((error as ApiClientError).message);
  } finally {
    if (seq === quoteSeq) $checkout.setKey('quoting', false);
  }
}

/** Whether an API error is the server refusing the promotion code. */
export const isRefusedCoupon = (error: unknown): error is ApiClientError =>
  (error as ApiClientError)?.code === 'COUPON_REFUSED';
/** The reason of a refused code, in the page's language. */
export const refusalOf = (error: ApiClientError): string => error.fields.coupon ?? error.message;

/** Applies a promotion code (any case): the quote shows its discount, or the reason it cannot be used. */
export async function applyCoupon(code: string): Promise<void> {
  const state = $checkout.get();
  $checkout.set({
    ...state,
    draft: { ...state.draft, coupon: code.trim() },
    errors: withoutError(state.errors, 'coupon'),
  });
  await requote();
}

/** Removes the promotion code. */
export async function removeCoupon(): Promise<void> {
  const state = $checkout.get();
  $checkout.set({ ...state, draft: { ...state.draft, coupon: '' }, errors: withoutError(state.errors, 'coupon') });
  await requote();
}

/** A member's profile fills what the draft leaves empty (the address only as a whole). */
export function withProfile(draft: CheckoutDraft, u: UserInfo | null): CheckoutDraft {
  if (!u) return draft;
  const next = { ...draft, name: draft.name || u.name, phone: draft.phone || u.phone, email: draft.email || u.email };
  if (!draft.city && !draft.addr) Object.assign(next, { city: u.city, area: u.area, zipcode: u.zipcode, addr: u.addr });
  return next;
}

/** Starts the page: the draft kept in this tab (a member's profile fills its blanks); then the first quote. */
export async function initCheckout(userInfo: UserInfo | null): Promise<void> {
  const draft = withProfile(parseDraft(storage()?.getItem(DRAFT_KEY)), userInfo);
  $checkout.set({ ...INITIAL, draft, phoneCheck: readPhoneCheck() });
  await requote();
}

/** Fields whose change can change the quote (fees, methods). */
const QUOTED: readonly (keyof CheckoutDraft)[] = ['method', 'city', 'area', 'zipcode', 'payment'];

/** Changes draft fields; the quote follows when they matter to it. Leaving store pickup forgets the store. */
export function updateDraft(patch: Partial<CheckoutDraft>, fields: CheckoutField[] = []): void {
  const state = $checkout.get();
  const draft = { ...state.draft, ...patch };
  $checkout.set({ ...state, draft, errors: withoutError(state.errors, ...fields) });
  const leftCvs = state.draft.method === 'cvs' && draft.method !== 'cvs' && state.quote?.store;
  if (leftCvs) void ordersApi.clearStore().catch(() => undefined);
  if (QUOTED.some((k) => patch[k] !== undefined && patch[k] !== state.draft[k])) void requote();
}

/** Opens the store map of `brand` (a form the page posts); a store kept for another brand is replaced. */
export async function openStoreMap(brand: CvsBrand): Promise<void> {
  if ($checkout.get().mapPending) return;
  $checkout.setKey('mapPending', true);
  try {
    postForm(await ordersApi.cvsMap(brand));
  } catch {
    // The error modal has told the shopper.
    $checkout.setKey('mapPending', false);
  }
}

/** Test seam: the initial state. */
export function resetCheckoutForTests(): void {
  quoteSeq = 0;
  $checkout.set({ ...INITIAL });
}
