import { Hono } from 'hono';
import { z } from 'zod';
import { normalizePhone } from '../../lib/taiwan/phone.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { jsonBody, queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { isProduction } from '../env.ts';
import { RETURN_RANK, type ReturnParcelStatus } from '../providers/logistics/express-return.ts';
import { AdvanceError, advanceParcel } from '../providers/logistics/simulator-express.ts';
import { advanceReturnParcel } from '../providers/logistics/simulator-return.ts';
import { PARCEL_CANCELLED } from '../shipping/parcel-booked.ts';
import { readShipment } from '../shipping/shipment-view.ts';

const OUTBOX_LIMIT = 50;

const outboxQuery = z.strictObject({ phone: z.string().trim().min(1, { message: 'phone' }) });
const emailOutboxQuery = z.strictObject({ email: z.string().trim().toLowerCase().min(1, { message: 'email' }) });

/** Development helpers; every route answers 403 DEV_ONLY when NODE_ENV=production. */
export const dev = new Hono<AppEnv>();

dev.use('*', async (c, next) => {
  if (isProduction(c.get('deps').env)) throw new ApiError('DEV_ONLY');
  await next();
});

/** GET /api/dev/sms-outbox?phone= → the latest messages to that phone, newest first: [{purpose, code, text, created_at}]. */
dev.get('/sms-outbox', async (c) => {
  const { phone } = queryOf(c, outboxQuery);
  const rows = await c
    .get('deps')
    .db.kysely.selectFrom('sms_outbox')
    .select(['purpose', 'code', 'text', 'created_at'])
    .where('phone', '=', normalizePhone(phone))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIMIT)
    .execute();
  // The messages carry live codes: never keep them in a cache.
  c.header('Cache-Control', 'no-store');
  return ok(
    c,
    rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
  );
});

/** GET /api/dev/email-outbox?email= → the latest emails to that address, newest first: [{purpose, subject, text, link, created_at}]. */
dev.get('/email-outbox', async (c) => {
  const { email } = queryOf(c, emailOutboxQuery);
  const rows = await c
    .get('deps')
    .db.kysely.selectFrom('email_outbox')
    .select(['purpose', 'subject', 'text', 'link', 'created_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIMIT)
    .execute();
  // The messages carry live links: never keep them in a cache.
  c.header('Cache-Control', 'no-store');
  return ok(
    c,
    rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
  );
});

const advanceBody = z.strictObject({
  order_no: z.string().trim().min(1).max(40),
  to: z.enum(['shipped', 'arrived', 'picked_up', 'unclaimed']),
});

/**
 * POST /api/dev/logistics/advance {order_no, to} → the order's shipment: the logistics simulator
 * walks the order's parcel through each of ECPay's statuses up to `to` (a home parcel: picked_up
 * means delivered), posting each signed status notice to the shop. 404 without a shipment, 409
 * when the parcel cannot get there (a home parcel is never left at a store; one already ended).
 */
dev.post('/logistics/advance', async (c) => {
  const deps = c.get('deps');
  const { order_no, to } = await jsonBody(c, advanceBody);
  const s = await deps.db.kysely
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.merchant_trade_no', 's.sub_type', 'o.id'])
    .where('o.no', '=', order_no)
    // A parcel the owner kept unsent can still be walked (sent after all); one cancelled at ECPay is refused there.
    .where('s.state', 'in', ['created', PARCEL_CANCELLED])
    .executeTakeFirst();
  if (!s) throw new ApiError('NOT_FOUND');
  const home = s.sub_type === 'TCAT' || s.sub_type === 'POST';
  try {
    await advanceParcel(deps, s.merchant_trade_no, home && to === 'picked_up' ? 'delivered' : to);
  } catch (err) {
    if (err instanceof AdvanceError) throw new ApiError('CONFLICT', { cause: err });
    throw err;
  }
  c.header('Cache-Control', 'no-store');
  return ok(c, await readShipment(deps.db.kysely, s.id, c.get('locale')));
});

const returnAdvanceBody = z.strictObject({
  rtn_merchant_trade_no: z.string().regex(/^[0-9A-Za-z]{1,20}$/, { message: 'rtn_merchant_trade_no' }),
  to: z.enum(Object.keys(RETURN_RANK) as [ReturnParcelStatus, ...ReturnParcelStatus[]], { message: 'to' }),
});

/**
 * POST /api/dev/logistics/return-advance {rtn_merchant_trade_no, to} → {sent: [RtnCode]}: the
 * logistics simulator walks a return parcel (ECPay's RtnMerchantTradeNo) through its statuses up to
 * `to`, posting each signed status notice to the return's ServerReplyURL. 409 when there is no such
 * return order or the shop did not take a notice.
 */
dev.post('/logistics/return-advance', async (c) => {
  const { rtn_merchant_trade_no, to } = await jsonBody(c, returnAdvanceBody);
  try {
    const sent = await advanceReturnParcel(c.get('deps'), rtn_merchant_trade_no, to);
    c.header('Cache-Control', 'no-store');
    return ok(c, { sent });
  } catch (err) {
    if (err instanceof AdvanceError) throw new ApiError('CONFLICT', { cause: err });
    throw err;
  }
});
