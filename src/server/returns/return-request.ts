import type { Transaction } from 'kysely';
import { z } from 'zod';
import { type Locale, RETURN_REASON_TEXT_MAX } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import { log } from '../common/log.ts';
import { textField } from '../common/text-rules.ts';
import { FIELD_MESSAGES } from '../common/validation.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { lockOrder } from '../payment/notices.ts';
import { bankBody } from './bank-account.ts';
import { DONE_RETURN_STATES, moveReturn, OPEN_RETURN_STATES, recordReturnEvent } from './return-states.ts';
import { DELIVERED_STATES, returnUntil, returnWindowDays } from './return-window.ts';

/** The reasons a shopper may pick (the free text says more). */
export const RETURN_REASONS = [
  'changed_mind',
  'defective',
  'wrong_item',
  'not_as_described',
  'damaged',
  'other',
] as const;
const RETURN_LINES_MAX = 50;
const QUANTITY_MAX = 99;

/** POST /api/orders/{no}/returns */
export const returnBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        sku: z.string().min(1, { message: 'sku' }).max(64, { message: 'sku' }),
        quantity: z
          .number()
          .int({ message: 'quantity' })
          .min(1, { message: 'quantity' })
          .max(QUANTITY_MAX, { message: 'quantity' }),
      }),
    )
    .min(1, { message: 'required' })
    .max(RETURN_LINES_MAX, { message: 'tooLong' }),
  reason: z.enum(RETURN_REASONS, { message: 'returnReason' }).optional(),
  reason_text: textField({ max: RETURN_REASON_TEXT_MAX, multiline: true }).optional(),
  bank: bankBody.optional(),
});
export type ReturnBody = z.output<typeof returnBody>;

const LEFT_MSG = (left: number): Msg => ({
  zh: `這個商品目前最多可退 ${left} 件。`,
  en: `At most ${left} of this item can still be returned.`,
});

const taipeiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * How many of each order line are taken by the order's returns: open ones hold what they ask for,
 * received ones what arrived; rejected and cancelled ones hold nothing. `except` leaves one return out.
 */
export async function returnedByLine(
  trx: Transaction<Database> | Deps['db']['kysely'],
  orderId: number,
  except?: number,
): Promise<Map<number, number>> {
  let q = trx
    .selectFrom('return_lines as l')
    .innerJoin('returns as r', 'r.id', 'l.return_id')
    .select(['l.order_line_id', 'l.quantity', 'l.received_quantity', 'r.state'])
    .where('r.order_id', '=', orderId)
    .where('r.state', 'in', [...OPEN_RETURN_STATES, ...DONE_RETURN_STATES]);
  if (except !== undefined) q = q.where('r.id', '<>', except);
  const taken = new Map<number, number>();
  for (const l of await q.execute()) {
    const n = DONE_RETURN_STATES.includes(l.state as never) ? l.received_quantity : l.quantity;
    taken.set(l.order_line_id, (taken.get(l.order_line_id) ?? 0) + n);
  }
  return taken;
}

/**
 * A shopper's return request (issue 40), checked and stored in one transaction under the order's
 * row lock: the order delivered and inside the return period, each line of the order and not more
 * than is left of it (two requests racing on one line: the second waits for the lock, then finds
 * what the first took), a bank account for an order not paid by card. Any refusal stores nothing.
 */
export async function requestReturn(deps: Deps, orderId: number, body: ReturnBody, locale: Locale): Promise<number> {
  const now = deps.clock.now();
  const seen = new Set<string>();
  const dupes: Record<string, string> = {};
  body.lines.forEach((l, i) => {
    if (seen.has(l.sku)) dupes[`lines.${i}.sku`] = pick(FIELD_MESSAGES.returnSkuTwice, locale);
    seen.add(l.sku);
  });
  if (Object.keys(dupes).length) throw new ApiError('VALIDATION_FAILED', { fields: dupes });
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    await lockOrder(trx, orderId);
    const o = await trx
      .selectFrom('orders')
      .select(['state', 'payment_method', 'locale'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (!DELIVERED_STATES.includes(o.state)) throw new ApiError('RETURN_NOT_DELIVERED');
    const until = await returnUntil(trx, deps.env, orderId);
    if (until === null) throw new ApiError('RETURN_NOT_DELIVERED');
    if (now >= until)
      throw new ApiError('RETURN_WINDOW_CLOSED', {
        params: { days: returnWindowDays(deps.env), until: taipeiDay(until - 1) },
      });
    if (o.payment_method !== 'credit' && !body.bank)
      throw new ApiError('VALIDATION_FAILED', { fields: { bank: pick(FIELD_MESSAGES.bankRequired, locale) } });
    const lines = await trx
      .selectFrom('order_lines')
      .select(['id', 'sku', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    const taken = await returnedByLine(trx, orderId);
    const unknown: Record<string, string> = {};
    const over: Record<string, string> = {};
    const rows = body.lines.map((l, i) => {
      const line = lines.find((x) => x.sku === l.sku);
      if (!line) {
        unknown[`lines.${i}.sku`] = pick(FIELD_MESSAGES.returnSku, locale);
        return null;
      }
      const left = line.quantity - (taken.get(line.id) ?? 0);
      if (l.quantity > left) over[`lines.${i}.quantity`] = pick(LEFT_MSG(Math.max(0, left)), locale);
      return { order_line_id: line.id, quantity: l.quantity };
    });
    if (Object.keys(unknown).length) throw new ApiError('VALIDATION_FAILED', { fields: unknown });
    if (Object.keys(over).length) throw new ApiError('RETURN_QUANTITY_EXCEEDED', { fields: over });
    const bank = o.payment_method === 'credit' ? undefined : body.bank;
    const created = await trx
      .insertInto('returns')
      .values({
        order_id: orderId,
        state: 'requested',
        reason: body.reason ?? '',
        reason_text: body.reason_text ?? '',
        ...(bank ? { bank_code: bank.code, bank_account: bank.account, bank_holder: bank.holder } : {}),
        locale,
        requested_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const r of rows)
      if (r)
        await trx
          .insertInto('return_lines')
          .values({ return_id: created.id, ...r })
          .execute();
    await recordReturnEvent(trx, created.id, 'requested', '', now);
    return created.id;
  });
  log.info({ event: 'return_requested', returnId: id, orderId }, 'return requested');
  return id;
}

/** The shopper withdraws a return the shop has not received yet (409 RETURN_NOT_CANCELLABLE after). */
export async function withdrawReturn(deps: Deps, orderId: number, returnId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom('returns')
      .select('id')
      .where('id', '=', returnId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!r) throw new ApiError('RETURN_NOT_FOUND');
    if (!(await moveReturn(trx, { returnId, to: 'cancelled', now }))) throw new ApiError('RETURN_NOT_CANCELLABLE');
  });
  log.info({ event: 'return_cancelled', returnId, orderId }, 'return withdrawn');
}
