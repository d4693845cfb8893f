import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { installmentAllowed } from '../../lib/checkout/installments.ts';
import { fillMessage } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import type { Database } from '../db/schema.ts';
import type { AioMethod } from '../providers/ecpay/aio.ts';
import { type EcpayOffer, withinRange } from '../providers/ecpay/limits.ts';
import type { PaymentCode, ShippingCode } from './checkout.schemas.ts';
import { PAYMENT_CODES } from './checkout.schemas.ts';
import { PAYMENT_NAMES, REASONS, type ReasonKey } from './checkout-text.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The payment methods paid through ECPay's cashier, as its ChoosePayment names them. */
export const CASHIER_METHOD: Partial<Record<PaymentCode, AioMethod>> = {
  credit: 'Credit',
  apple_pay: 'ApplePay',
  twqr: 'TWQR',
  atm: 'ATM',
  cvs_code: 'CVS',
};
const ntd = (n: number) => `NT$${n.toLocaleString('en-US')}`;

/** Pay at pickup is refused above this total (NT$), as the carriers cap cash collected at the counter. */
export const PICKUP_PAY_MAX = 20_000;
/** Counties served as outlying islands: their own fee, or not served. */
export const OUTLYING_CITIES: readonly string[] = ['澎湖縣', '金門縣', '連江縣'];

export type MethodRow = Awaited<ReturnType<typeof loadMethods>>[number];

/** The active shipping methods in display order. */
export function loadMethods(k: Db) {
  return k
    .selectFrom('shipping_methods')
    .select([
      'code',
      'name_zh',
      'name_en',
      'fee',
      'free_over',
      'outlying_fee',
      'max_weight_g',
      'max_side_cm',
      'max_total',
    ])
    .where('active', '=', 1)
    .orderBy('sort')
    .execute();
}

/** The system variable `price`: the shipping fee of a method that names none. */
export async function baseFee(k: Db): Promise<number> {
  const row = await k
    .selectFrom('sys_vars')
    .select('data')
    .where('code', '=', 'price')
    .orderBy('id')
    .executeTakeFirst();
  const fee = Number(row?.data);
  return Number.isInteger(fee) && fee >= 0 ? fee : 0;
}

/** What decides which methods apply: the parcel, the subtotal and where it goes. */
export interface ShipContext {
  subtotal: number;
  /** Sum of packed weights (grams). */
  weightG: number;
  /** The longest side of any one item's box (cm) and the item's name. */
  longest: { cm: number; name: string };
  /** Home delivery's city (official spelling), when chosen. */
  city: string | undefined;
  /** The chosen store lies on an outlying island (null: no store chosen). */
  storeOutside: boolean | null;
  baseFee: number;
}

export interface MethodChoice {
  code: ShippingCode;
  name: string;
  available: boolean;
  reason: string | null;
  fee: number;
  free_over: number | null;
}

const say = (key: ReasonKey, locale: Locale, params?: Record<string, string | number>) =>
  fillMessage(pick(REASONS[key] as Msg, locale), params);

/** Each shipping method for this cart: the fee it would pay, or why it cannot take it. */
export function shippingChoices(methods: MethodRow[], ctx: ShipContext, locale: Locale): MethodChoice[] {
  return methods.map((m) => {
    const code = m.code as ShippingCode;
    const name = locale === 'en' ? m.name_en : m.name_zh;
    const outlying =
      code === 'home'
        ? ctx.city !== undefined && OUTLYING_CITIES.includes(ctx.city)
        : code === 'cvs' && !!ctx.storeOutside;
    let reason: string | null = null;
    if (m.max_weight_g !== null && ctx.weightG > m.max_weight_g)
      reason = say('tooHeavy', locale, { max: m.max_weight_g / 1000, weight: Math.ceil(ctx.weightG / 100) / 10 });
    else if (m.max_side_cm !== null && ctx.longest.cm > m.max_side_cm)
      reason = say('tooLarge', locale, { max: m.max_side_cm, side: ctx.longest.cm, item: ctx.longest.name });
    else if (outlying && m.outlying_fee === null) reason = say('noOutlying', locale);
    const listed = m.fee ?? ctx.baseFee;
    const free = !outlying && m.free_over !== null && ctx.subtotal >= m.free_over;
    const fee = outlying ? (m.outlying_fee ?? listed) : free ? 0 : listed;
    return { code, name, available: reason === null, reason, fee, free_over: outlying ? null : m.free_over };
  });
}

export interface PaymentChoice {
  code: PaymentCode;
  name: string;
  available: boolean;
  reason: string | null;
}

/** Whether the merchant's contract offers `code` at all (Apple Pay and TWQR are switched on one by one). */
export const paymentOffered = (code: PaymentCode, offer: EcpayOffer): boolean =>
  code === 'apple_pay' ? offer.applePay : code === 'twqr' ? offer.twqr : true;

/** Each payment method on offer for the chosen shipping method and total. */
export function paymentChoices(
  method: ShippingCode | undefined,
  total: number,
  locale: Locale,
  offer: EcpayOffer,
): PaymentChoice[] {
  const { limits } = offer;
  return PAYMENT_CODES.filter((code) => paymentOffered(code, offer)).map((code) => {
    let reason: string | null = null;
    const cashier = CASHIER_METHOD[code];
    if (cashier && !withinRange(total, limits[cashier])) {
      const { min, max } = limits[cashier];
      reason =
        max === null
          ? say('amountMin', locale, { min: ntd(min) })
          : say('amountRange', locale, { min: ntd(min), max: ntd(max) });
    }
    if (code === 'cod' && method !== 'home') reason = say('codHomeOnly', locale);
    if (code === 'pickup_pay') {
      if (method !== 'cvs' && method !== 'shop') reason = say('pickupPayOnly', locale);
      else if (total > PICKUP_PAY_MAX)
        reason = say('pickupPayMax', locale, { amount: `NT$${PICKUP_PAY_MAX.toLocaleString('en-US')}` });
    }
    return { code, name: pick(PAYMENT_NAMES[code], locale), available: reason === null, reason };
  });
}

/** The reason of an installment choice that cannot be had, or null when `periods` may be chosen. */
export function installmentRefusal(
  payment: PaymentCode,
  periods: number,
  total: number,
  offer: EcpayOffer,
  locale: Locale,
): string | null {
  if (payment !== 'credit') return say('installmentsCardOnly', locale);
  if (!offer.installments.periods.includes(periods)) return say('installmentsNotOffered', locale, { periods });
  if (!installmentAllowed(offer.installments, total, periods)) {
    const min = Math.max(periods, offer.installments.minAmount[periods] ?? 0);
    return say('installmentsMin', locale, { periods, min: ntd(min) });
  }
  return null;
}

/** The reason of a method that is not offered at all. */
export const methodOff = (locale: Locale): string => say('methodOff', locale);

/** The store-missing reason, for a store-pickup order placed before a store was chosen. */
export const storeMissing = (locale: Locale): string => say('storeMissing', locale);
