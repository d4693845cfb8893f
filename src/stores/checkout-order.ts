/**
 * The checkout page's actions on the order side (beside $checkout in checkout.ts): the guest's
 * mobile check by SMS code, and placing the order exactly once.
 */
import type { Locale } from '../config.ts';
import type { ApiClientError } from '../lib/api/client.ts';
import type { PlacedOrder } from '../lib/api/order-types.ts';
import { createOrderSubmitter, ordersApi } from '../lib/api/orders.ts';
import { type CheckoutField, fieldOf, firstField, orderBodyOf, validateDraft } from '../lib/checkout/draft.ts';
import { DRAFT_KEY } from '../lib/checkout/draft-storage.ts';
import { localePath } from '../lib/i18n/locale.ts';
import { t } from '../lib/i18n/messages/index.ts';
import { nav } from '../lib/runtime/navigate.ts';
import { toMobile } from '../lib/taiwan/phone.ts';
import { fetchUserInfo } from './auth.ts';
import {
  $checkout,
  type CheckoutState,
  isRefusedCoupon,
  PROOF_KEY,
  phoneConfirmed,
  requote,
  storage,
  withoutError,
} from './checkout.ts';
import { rememberGuestOrder } from './orders.ts';
import { showError } from './ui.ts';

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

/**
 * The server found the member's mobile unverified (the page's copy of the member said otherwise):
 * the member is read again, which brings up the verify-phone modal; the reason stays on the page.
 */
async function askMemberToVerify(error: ApiClientError): Promise<void> {
  $checkout.set({ ...$checkout.get(), message: error.message });
  try {
    await fetchUserInfo();
  } catch {
    // The message on the page still says what to do.
  }
}

const submitter = createOrderSubmitter();

/** Where the shopper goes once the order is placed: to pay, or to the result. */
export function nextPage(order: PlacedOrder, locale: Locale): string {
  const no = encodeURIComponent(order.no);
  if (order.payment.method !== 'cod' && order.payment.method !== 'pickup_pay')
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
  const keys = validateDraft(state.draft, {
    hasStore: Boolean(state.quote?.store),
    payments,
    installments: state.quote?.installments.map((p) => p.periods) ?? [],
  });
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
    if (order.guestKey) rememberGuestOrder(order.no, order.guestKey);
    nav.go(nextPage(order, locale));
    return undefined;
  } catch (error) {
    const code = (error as ApiClientError)?.code;
    if (code === 'MEMBER_PHONE_UNVERIFIED') await askMemberToVerify(error as ApiClientError);
    else if (code?.startsWith('PHONE_PROOF')) forgetPhoneCheck(error as ApiClientError);
    else placeFieldError(error);
    // The quote shows what changed (prices, stock) when the order was refused for it; a refused
    // code leaves the draft, so the next press orders at the total now shown, never silently.
    if (isRefusedCoupon(error)) {
      const now = $checkout.get();
      $checkout.set({ ...now, draft: { ...now.draft, coupon: '' } });
      void requote();
    } else if ((error as ApiClientError)?.status === 409) void requote();
    return firstField($checkout.get().errors);
  } finally {
    // Once placed, the button stays disabled while the next page loads.
    if (!placed) $checkout.setKey('placing', false);
  }
}
