import { ApiError } from './errors.ts';

/**
 * Faults a load or fault test can arm: the next `times` calls of `checkFault(name)` fail as if the
 * database had gone away. Armed only through `POST /api/dev/faults` (refused in production unless
 * ALLOW_FAULTS=1) or by tests; never armed otherwise, so `checkFault` costs one map lookup.
 * `order.after-stock`: between taking stock and writing the order. `payment.notify`: before the
 * transaction of a payment notice.
 * The e-invoice simulator's faults (read with `takeFault`): `invoice.slow-answer` issues the invoice
 * but answers after the adapter gave up; `invoice.rate-limited` answers HTTP 403 as ECPay does to
 * too-frequent calls. `email.down`: the notification sender's next deliveries fail as if the mail
 * server (or the owner's webhook) were down. `email.flaky`: of the sender's next `times` deliveries,
 * every other one fails (the first when `times` is even), a mail server that fails half the time.
 * `sms.down`: the sender's next `times` text messages (restock alerts) fail as if the SMS gateway were down.
 * The simulators' after-sale faults (read with `takeFault`): `ecpay.refund.down` answers the next
 * CreditDetail calls (DoAction, QueryTrade/V2) with HTTP 503, doing nothing; `invoice.allowance.down`
 * the next Allowance, AllowanceInvalid and GetAllowanceList calls.
 */
export const FAULT_NAMES = [
  'order.after-stock',
  'payment.notify',
  'invoice.slow-answer',
  'invoice.rate-limited',
  'email.down',
  'email.flaky',
  'sms.down',
  'ecpay.refund.down',
  'invoice.allowance.down',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

const armed = new Map<FaultName, number>();

/** Makes the next `times` calls of `checkFault(name)` throw; 0 disarms it. */
export function armFault(name: FaultName, times: number): void {
  if (times > 0) armed.set(name, times);
  else armed.delete(name);
}

/** Whether `name` is armed, counting it down: for faults that change behaviour rather than throw. */
export function takeFault(name: FaultName): boolean {
  const left = armed.get(name);
  if (left === undefined) return false;
  if (left <= 1) armed.delete(name);
  else armed.set(name, left - 1);
  return true;
}

/** Like takeFault, but true only on every other call while armed: `times` 4 answers true, false, true, false. */
export function takeEveryOther(name: FaultName): boolean {
  const left = armed.get(name);
  if (left === undefined) return false;
  if (left <= 1) armed.delete(name);
  else armed.set(name, left - 1);
  return left % 2 === 0;
}

/** How many more calls `name` stays armed for (0 when disarmed). */
export const faultsLeft = (name: FaultName): number => armed.get(name) ?? 0;

/** Throws a database-unavailable error (503 UNAVAILABLE) when `name` is armed, and counts it down. */
export function checkFault(name: FaultName): void {
  const left = armed.get(name);
  if (left === undefined) return;
  if (left <= 1) armed.delete(name);
  else armed.set(name, left - 1);
  throw new ApiError('UNAVAILABLE', { cause: new Error(`fault ${name}: database unavailable`) });
}
