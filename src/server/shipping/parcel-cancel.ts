import type { Kysely, Transaction } from 'kysely';
import type { Refusal } from '../common/refusals.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { ExpressUnclearError, type LogisticsProvider } from '../providers/logistics/adapter.ts';
import { ExpressRefusal } from '../providers/logistics/express.ts';
import { CANCELLABLE_SUB_TYPE } from '../providers/logistics/express-cancel.ts';
import { PARCEL_CANCELLED } from './parcel-booked.ts';
import { logisticsProvider } from './shipment-provider.ts';
import { CARRIER_NAMES, carrierName, STATUS_TEXT } from './shipment-text.ts';

/** Why the owner's cancel stops before the order is touched: for the terminal, and the refusal for the console. */
export class ParcelCancelError extends Error {
  readonly refusal: Refusal;
  constructor(message: string, refusal: Refusal, cause?: unknown) {
    super(message, { cause });
    this.name = 'ParcelCancelError';
    this.refusal = refusal;
  }
}

/** What became of the order's logistics order: none was booked, ECPay cancelled it, or the owner keeps the parcel. */
export type ParcelOutcome = 'none' | 'cancelled' | 'unsent';

type Db = Kysely<Database> | Transaction<Database>;

/** Marks the booked shipment cancelled (in the transaction that cancels its order). */
export async function markParcelCancelled(k: Db, orderId: number, now: number): Promise<void> {
  await k
    .updateTable('shipments')
    .set({ state: PARCEL_CANCELLED, updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'created')
    .execute();
}

/**
 * Before the owner cancels order `no`: its booked logistics order is cancelled at ECPay where ECPay
 * allows it (7-ELEVEN C2C, not yet dropped off); otherwise throws ParcelCancelError saying why and
 * what to do. `unsent`: the owner keeps the parcel and never hands it over (no cancel at ECPay, which
 * does not charge a parcel never sent). Returns what became of it; the caller then marks the
 * shipment cancelled in the order's own cancel (markParcelCancelled).
 */
export async function cancelParcel(
  deps: Deps,
  order: { id: number; no: string },
  opts: { unsent: boolean },
  provider: LogisticsProvider = logisticsProvider(deps),
): Promise<ParcelOutcome> {
  const s = await deps.db.kysely
    .selectFrom('shipments')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const no = order.no;
  if (!s || s.state === 'failed' || s.state === PARCEL_CANCELLED) return 'none';
  if (s.state === 'creating')
    throw new ParcelCancelError(
      `ECPay's answer to the logistics order of ${no} was unclear: run ship ${no} first (it looks the order up), then cancel.`,
      { code: 'ship_pending', params: { no } },
    );
  const carrier = carrierName(s.sub_type, 'en');
  const carrierWords = CARRIER_NAMES[s.sub_type as keyof typeof CARRIER_NAMES] ?? { zh: s.sub_type, en: s.sub_type };
  const parcel = { no, carrier: carrierWords, id: s.logistics_id };
  if (s.status !== 'created')
    throw new ParcelCancelError(
      `The ${carrier} parcel of ${no} (${s.logistics_id}) is already ${s.status}: ECPay cannot cancel it now. The order follows the parcel (one left unclaimed comes back and cancels the order).`,
      {
        code: 'parcel_moving',
        params: { ...parcel, status: STATUS_TEXT[s.status as keyof typeof STATUS_TEXT] ?? s.status },
      },
    );
  if (opts.unsent) return 'unsent';
  if (s.sub_type !== CANCELLABLE_SUB_TYPE)
    throw new ParcelCancelError(
      `The ${carrier} logistics order of ${no} (${s.logistics_id}) is booked, and ECPay has no cancel for it (only for 7-ELEVEN C2C). Keep the parcel and do not hand it over: ECPay does not charge for a parcel never sent, and its shipping code lapses. Then run cancel ${no} --unsent.`,
      { code: 'parcel_no_cancel', params: parcel },
    );
  try {
    await provider.cancelC2c({
      logisticsId: s.logistics_id,
      cvsPaymentNo: s.cvs_payment_no,
      cvsValidationNo: s.cvs_validation_no,
    });
    return 'cancelled';
  } catch (err) {
    if (err instanceof ExpressRefusal)
      throw new ParcelCancelError(
        `ECPay refused to cancel the 7-ELEVEN logistics order of ${no} (${s.logistics_id}): ${err.message}. The order is not cancelled. If the parcel was not dropped off and an earlier cancel went through (ECPay's merchant back office shows it), run cancel ${no} --unsent.`,
        { code: 'parcel_cancel_refused', params: { ...parcel, message: err.message } },
        err,
      );
    if (err instanceof ExpressUnclearError)
      throw new ParcelCancelError(
        `ECPay did not answer the cancel of the logistics order of ${no}; the order is not cancelled. Run cancel ${no} again.`,
        { code: 'parcel_cancel_unclear', params: { no } },
        err,
      );
    throw err;
  }
}
