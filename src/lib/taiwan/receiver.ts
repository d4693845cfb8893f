import { toMobile } from './phone.ts';

/**
 * Receiver rules for convenience-store pickup as the carriers apply them: the name shown at the
 * counter is 2 to 5 Chinese characters or 4 to 10 letters (spaces between words allowed, no digits
 * or symbols), and a mobile number is required (the pickup notice is a text message).
 */
export const RECEIVER_ZH_RE = /^\p{Script=Han}{2,5}$/u;
export const RECEIVER_EN_RE = /^(?=.{4,10}$)[A-Za-z]+(?: [A-Za-z]+)*$/;

export const RECEIVER_ERRORS = ['receiver.error.name', 'receiver.error.mobile'] as const;
export type ReceiverError = (typeof RECEIVER_ERRORS)[number];

export interface ReceiverInput {
  name?: string;
  mobile?: string;
}

export type ReceiverResult =
  | { ok: true; value: { name: string; mobile: string } }
  | { ok: false; errors: Partial<Record<keyof ReceiverInput, ReceiverError>> };

/** Whether `name` (already trimmed) is a name the store counter accepts. */
export const isPickupName = (name: string): boolean => RECEIVER_ZH_RE.test(name) || RECEIVER_EN_RE.test(name);

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
