import { MOBILE_RE, toMobile } from './phone.ts';

/**
 * The receiver rules of the carriers, one module for the checkout (page and API) and the logistics
 * request with its simulator, so that an order the shop accepts is one the carrier books.
 *
 * ECPay's logistics order (`Express/Create`, home delivery and every store-pickup chain) takes
 * sender and receiver names 4 to 10 characters wide, a character outside Latin-1 counting two (2 to
 * 5 Chinese characters), without digits or the symbols below (ECPay-API-Skill
 * guides/06-logistics-domestic.md: "4-10 字元，不可含數字及特殊符號"), a receiver mobile 09 and
 * eight digits, and for home delivery a postal code and an address.
 */
export const CARRIER_NAME_WIDTH = { min: 4, max: 10 } as const;
/** Symbols ECPay refuses in names and in GoodsName. */
export const CARRIER_FORBIDDEN_RE = /[\^'`!@#%&*+\\"<>|]/;
const DIGIT_RE = /\p{Nd}/u;
/** The receiver mobile ECPay takes (ReceiverCellPhone). */
export const CARRIER_MOBILE_RE = MOBILE_RE;

/** A name's width as ECPay counts it: a character outside Latin-1 counts two. */
export const carrierNameWidth = (name: string): number =>
  [...name].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xff ? 2 : 1), 0);

/** Whether `name` is a sender or receiver name ECPay's logistics order takes. */
export function isCarrierName(name: string): boolean {
  const width = carrierNameWidth(name);
  return (
    !CARRIER_FORBIDDEN_RE.test(name) &&
    !DIGIT_RE.test(name) &&
    width >= CARRIER_NAME_WIDTH.min &&
    width <= CARRIER_NAME_WIDTH.max
  );
}

/**
 * Store pickup is stricter: the name shown at the counter is checked against an ID, so it is 2 to 5
 * Chinese characters or 4 to 10 letters (spaces between words allowed, no digits or symbols), and a
 * mobile number is required (the pickup notice is a text message).
 */
export const RECEIVER_ZH_RE = /^\p{Script=Han}{2,5}$/u;
export const RECEIVER_EN_RE = /^(?=.{4,10}$)[A-Za-z]+(?: [A-Za-z]+)*$/;

export const RECEIVER_ERRORS = ['receiver.error.name', 'receiver.error.homeName', 'receiver.error.mobile'] as const;
export type ReceiverError = (typeof RECEIVER_ERRORS)[number];

export interface ReceiverInput {
  name?: string;
  mobile?: string;
}

export type ReceiverResult =
  | { ok: true; value: { name: string; mobile: string } }
  | { ok: false; errors: Partial<Record<keyof ReceiverInput, ReceiverError>> };

/** Whether `name` (already trimmed) is a name the store counter accepts. */
export const isPickupName = (name: string): boolean =>
  (RECEIVER_ZH_RE.test(name) || RECEIVER_EN_RE.test(name)) && isCarrierName(name);

/**
 * The message key of a receiver name the chosen method's carrier refuses, or undefined when it
 * takes it (or the method books no carrier). `name` is as the order keeps it.
 */
export function receiverNameError(method: string | undefined, name: string): ReceiverError | undefined {
  if (method === 'cvs') return isPickupName(name.replace(/\s+/g, ' ')) ? undefined : 'receiver.error.name';
  if (method === 'home') return isCarrierName(name) ? undefined : 'receiver.error.homeName';
  return undefined;
}

/** Checks a pickup receiver; the value has the name trimmed and the mobile number in national form. */
export function validatePickupReceiver(input: ReceiverInput): ReceiverResult {
  const name = (input.name ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ');
  const mobile = toMobile(input.mobile ?? '');
  const errors: Partial<Record<keyof ReceiverInput, ReceiverError>> = {};
  if (!isPickupName(name)) errors.name = 'receiver.error.name';
  if (!mobile) errors.mobile = 'receiver.error.mobile';
  if (mobile && !errors.name) return { ok: true, value: { name, mobile } };
  return { ok: false, errors };
}
