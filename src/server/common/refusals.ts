import type { Locale } from '../../config.ts';
import { fillMessage } from './errors.ts';
import { type Msg, pick } from './i18n.ts';
import { CATALOG_REFUSALS, ORDER_REFUSALS, PROMOTION_REFUSALS } from './refusal-texts.ts';

/**
 * Why an owner's service refused, as the console shows it: one entry a reason, each in both
 * languages, naming the console's own fields and buttons (never a command-line flag). The owner's
 * command-line tools print their own terminal text instead (the error's message).
 */
export const REFUSALS = {
  ...ORDER_REFUSALS,
  ...PROMOTION_REFUSALS,
  ...CATALOG_REFUSALS,
} as const satisfies Record<string, Msg>;

export type RefusalCode = keyof typeof REFUSALS;

/** A value for a `{name}` placeholder: as it is, or a word in both languages (an order state, a field). */
export type RefusalParam = string | number | Msg;

/** One refusal: its catalogue code and the values of its placeholders. */
export interface Refusal {
  code: RefusalCode;
  params?: Record<string, RefusalParam>;
}

const valueIn = (v: RefusalParam, locale: Locale): string | number => (typeof v === 'object' ? pick(v, locale) : v);

/** The refusal's text in one language, its placeholders filled in that language. */
export function refusalIn(r: Refusal, locale: Locale): string {
  const params = Object.fromEntries(Object.entries(r.params ?? {}).map(([k, v]) => [k, valueIn(v, locale)]));
  return fillMessage(pick(REFUSALS[r.code], locale), params);
}

/** The refusal in both languages, for an ApiError's `{reason}` (the envelope picks the caller's). */
export const refusalText = (r: Refusal): Msg => ({ zh: refusalIn(r, 'zh-TW'), en: refusalIn(r, 'en') });

/** The order states as the console names them. */
export const STATE_NAMES: Record<string, Msg> = {
  awaiting_payment: { zh: '待付款', en: 'awaiting payment' },
  paid: { zh: '已付款', en: 'paid' },
  processing: { zh: '處理中', en: 'processing' },
  shipped: { zh: '已出貨', en: 'shipped' },
  at_store: { zh: '已到店', en: 'at the store' },
  delivered: { zh: '已送達', en: 'delivered' },
  picked_up: { zh: '已取貨', en: 'picked up' },
  completed: { zh: '已完成', en: 'completed' },
  cancelled: { zh: '已取消', en: 'cancelled' },
};

/** An order state's name in both languages (an unknown one as it is). */
export const stateName = (state: string): Msg => STATE_NAMES[state] ?? { zh: state, en: state };
