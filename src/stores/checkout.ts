import { map } from 'nanostores';
import type { Locale } from '../config.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import type { CvsBrand, PlacedOrder, Quote } from '../lib/api/order-types.ts';
import { createOrderSubmitter, ordersApi, postForm } from '../lib/api/orders.ts';
import type { UserInfo } from '../lib/api/users.ts';
import {
  type CheckoutDraft,
  type CheckoutField,
  EMPTY_DRAFT,
  fieldOf,
  firstField,
  orderBodyOf,
  parseDraft,
  quoteBodyOf,
  validateDraft,
} from '../lib/checkout/draft.ts';
import { localePath } from '../lib/i18n/locale.ts';
import { t } from '../lib/i18n/messages/index.ts';
import { nav } from '../lib/runtime/navigate.ts';
import { toMobile } from '../lib/taiwan/phone.ts';
import { showError } from './ui.ts';

export const DRAFT_KEY = 'checkoutDraft';
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

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

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

const withoutError = (errors: CheckoutState['errors'], ...fields: CheckoutField[]) => {
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
};

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
    const offered = quote.paymentMethods.filter((m) => m.available).map((m) => m.code as string);
    // A payment method the new choices no longer allow is unchosen.
    const draft =
      state.draft.payment && !offered.includes(state.draft.payment)
        ? { ...state.draft, payment: '' as const }
        : state.draft;
    $checkout.set({ ...state, quote, draft });
  } catch (error) {
    if (seq === quoteSeq) showError((error as ApiClientError).message);
  } finally {
    if (seq === quoteSeq) $checkout.setKey('quoting', false);
  }
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

/** Texts a code to the receiver's mobile (guest checkout). */
export async function sendPhoneCode(locale: Locale): Promise<void> {
  const state = $checkout.get();
  const phone = toMobile(state.draft.phone);
  if (!phone) {
    $checkout.setKey('errors', { ...state.errors, 'receiver.phone': t(locale, 'auth.error.phone') });
    return;
  }
  if (state.phonePending) return;
  $checkout.set({ ...state, phonePending: true, errors: withoutError(state.errors, 'receiver.phone', 'phone.code') });
  try {
    await ordersApi.sendPhoneCode(phone);
    $checkout.setKey('codeSent', true);
  } catch (error) {
    placeFieldError(error, 'receiver.phone');
  } finally {
    $checkout.setKey('phonePending', false);
  }
}

/** Confirms the receiver's mobile with the texted code; the proof is kept for this tab. */
export async function verifyPhoneCode(code: string, locale: Locale): Promise<void> {
  const state = $checkout.get();
  const phone = toMobile(state.draft.phone);
  if (!/^\d{6}$/.test(code.trim()) || !phone) {
    $checkout.setKey('errors', { ...state.errors, 'phone.code': t(locale, 'auth.error.code', { n: 6 }) });
    return;
  }
  if (state.phonePending) return;
  $checkout.set({ ...state, phonePending: true, errors: withoutError(state.errors, 'phone.code') });
  try {
    const proof = await ordersApi.verifyPhone(phone, code.trim());
    const expiresAt = typeof proof.expiresAt === 'number' ? proof.expiresAt : Date.parse(proof.expiresAt);
    const phoneCheck = { phone, proof: proof.phoneProof, expiresAt };
    storage()?.setItem(PROOF_KEY, JSON.stringify(phoneCheck));
    $checkout.set({ ...$checkout.get(), phoneCheck, codeSent: false });
  } catch (error) {
    placeFieldError(error, 'phone.code');
  } finally {
    $checkout.setKey('phonePending', false);
  }
}

/** A failed call: its field errors at their fields (else at `fallback`), unexpected ones in the modal. */
function placeFieldError(error: unknown, fallback?: CheckoutField): void {
  const e = error as ApiClientError;
  const state = $checkout.get();
  const errors = { ...state.errors };
  let placed = false;
  for (const [path, message] of Object.entries(e?.fields ?? {})) {
    const field = fieldOf(path);
    if (field) {
      errors[field] ??= message;
      placed = true;
    }
  }
  if (!placed && e?.status >= 400 && e.status < 500) {
    if (fallback) errors[fallback] = e.message;
    else {
      $checkout.set({ ...state, errors, message: e.message });
      return;
    }
  } else if (!placed) showError(e?.message ?? String(error));
  $checkout.set({ ...state, errors });
}

/** The server refused the guest's proof (expired, another phone): the mobile is to be confirmed again. */
function forgetPhoneCheck(error: ApiClientError): void {
  storage()?.removeItem(PROOF_KEY);
  const state = $checkout.get();
  $checkout.set({ ...state, phoneCheck: null, errors: { ...state.errors, 'phone.code': error.message } });
}

const submitter = createOrderSubmitter();

/** Where the shopper goes once the order is placed: to pay, or to the result. */
export function nextPage(order: PlacedOrder, locale: Locale): string {
  const no = encodeURIComponent(order.no);
  if (order.payment.method === 'credit' || order.payment.method === 'atm' || order.payment.method === 'cvs_code')
    return `${localePath(locale, '/cart/payment')}?no=${no}${order.guestKey ? `&key=${encodeURIComponent(order.guestKey)}` : ''}`;
  return `${localePath(locale, '/cart/result')}?no=${no}${order.guestKey ? `&key=${encodeURIComponent(order.guestKey)}` : ''}`;
}

/**
 * Places the order: the client rules first (errors beside their fields; the first bad field is
 * returned for focus), the guest's phone proof, then the order with its Idempotency-Key. On success
 * the draft is forgotten and the shopper moves on.
 */
export async function placeOrder(locale: Locale, guest: boolean): Promise<CheckoutField | undefined> {
  const state = $checkout.get();
  if (state.placing) return undefined;
  const payments = state.quote?.paymentMethods.filter((m) => m.available).map((m) => m.code) ?? [];
  const keys = validateDraft(state.draft, { hasStore: Boolean(state.quote?.store), payments });
  if (guest && !keys['receiver.phone'] && !phoneConfirmed(state)) keys['phone.code'] = 'checkout.error.confirmPhone';
  const errors: CheckoutState['errors'] = {};
  for (const [f, k] of Object.entries(keys)) errors[f as CheckoutField] = t(locale, k, { n: 6 });
  if (Object.keys(errors).length > 0) {
    $checkout.set({ ...state, errors, message: '' });
    return firstField(errors);
  }
  $checkout.set({ ...state, errors: {}, message: '', placing: true });
  let placed = false;
  try {
    const order = await submitter.submit(orderBodyOf(state.draft), guest ? state.phoneCheck?.proof : undefined);
    placed = true;
    storage()?.removeItem(DRAFT_KEY);
    nav.go(nextPage(order, locale));
    return undefined;
  } catch (error) {
    if ((error as ApiClientError)?.code?.startsWith('PHONE_PROOF')) forgetPhoneCheck(error as ApiClientError);
    else placeFieldError(error);
    // The quote shows what changed (prices, stock) when the order was refused for it.
    if ((error as ApiClientError)?.status === 409) void requote();
    return firstField($checkout.get().errors);
  } finally {
    // Once placed, the button stays disabled while the next page loads.
    if (!placed) $checkout.setKey('placing', false);
  }
}

/** Test seam: the initial state. */
export function resetCheckoutForTests(): void {
  quoteSeq = 0;
  $checkout.set({ ...INITIAL });
}
