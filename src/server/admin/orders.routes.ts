import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_LABELS_MAX } from '../../config.ts';
import { ok } from '../common/envelope.ts';
import { ApiError, ERRORS, fillMessage } from '../common/errors.ts';
import { pick } from '../common/i18n.ts';
import { refusalText } from '../common/refusals.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import type { OrderState } from '../db/schema.ts';
import {
  CARRIER_MAX,
  cancelForShop,
  completeOrder,
  deliverOrder,
  labelForShop,
  OrderAdminError,
  reconcileForShop,
  resendMailForShop,
  shipByLogistics,
  shipOrder,
  TRACKING_MAX,
} from '../orders/order-admin.ts';
import { ORDER_VIEWS, searchOrders } from '../orders/order-search.ts';
import { ORDER_STATES } from '../orders/order-state.ts';
import { labelSheet } from '../shipping/label.ts';
import { actorOf, pageQuery } from './admin-common.ts';
import { audited, listAudit } from './audit.ts';
import { orderForConsole } from './order-detail.ts';
import { type AdminEnv, requireOwner, requireStaff, staffOf } from './staff-auth.ts';
import { today } from './today.ts';

const listQuery = z.strictObject({
  state: z.enum(ORDER_STATES as [OrderState, ...OrderState[]], { message: 'invalid' }).optional(),
  view: z.enum(ORDER_VIEWS, { message: 'invalid' }).optional(),
  q: z.string().max(60, { message: 'tooLong' }).optional(),
  ...pageQuery,
});
const auditQuery = z.strictObject({ order_no: z.string().max(40).optional(), ...pageQuery });
const shipBody = z.union([
  z.strictObject({}),
  z.strictObject({
    carrier: textField({ min: 1, max: CARRIER_MAX, visible: true }),
    tracking: textField({ min: 1, max: TRACKING_MAX, visible: true }),
  }),
]);
const emptyBody = z.strictObject({});
const cancelBody = z.strictObject({
  reason: textField({ min: 1, max: 200, visible: true }),
  unsent: z.boolean().optional(),
});
const labelsBody = z.strictObject({
  order_nos: z.array(z.string().max(40)).min(1).max(ADMIN_LABELS_MAX),
});

/** A body is optional on the actions that take none: an empty one is `{}`. */
async function optionalBody<S extends z.ZodType>(c: Context<AdminEnv>, schema: S): Promise<z.output<S>> {
  const length = c.req.header('content-length');
  if (!c.req.header('content-type') && (length === undefined || length === '0')) return schema.parse({});
  return jsonBody(c, schema);
}

/**
 * One order action from the console: the order must exist (404), the owner's service does the work
 * (the same function as `npm run orders`), the audit log records it done or refused, and a refusal
 * by the order's rules answers 409 ORDER_ACTION_REFUSED with the service's explanation.
 */
async function act<T>(c: Context<AdminEnv>, action: string, no: string, detail: string, run: () => Promise<T>) {
  const deps = c.get('deps');
  const found = await deps.db.kysely.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirst();
  if (!found) throw new ApiError('ORDER_NOT_FOUND');
  try {
    return await audited(deps, actorOf(staffOf(c), c.get('ip')), action, no, detail, run);
  } catch (err) {
    if (err instanceof OrderAdminError)
      throw new ApiError('ORDER_ACTION_REFUSED', { params: { reason: refusalText(err.refusal) }, cause: err });
    throw err;
  }
}

/** Today and the orders (docs/admin-api.md, Today and Orders): staff and owner; the audit log: owner. */
export const adminOrders = new Hono<AdminEnv>();

adminOrders.get('/today', noQuery, requireStaff, async (c) => ok(c, await today(c.get('deps'))));

adminOrders.get('/orders', requireStaff, async (c) => {
  const q = queryOf(c, listQuery);
  return ok(c, await searchOrders(c.get('deps'), q));
});

adminOrders.get('/audit', requireOwner('audit'), async (c) => {
  const q = queryOf(c, auditQuery);
  return ok(c, await listAudit(c.get('deps'), { orderNo: q.order_no, page: q.page, limit: q.limit }));
});

adminOrders.post('/orders/labels', noQuery, requireStaff, async (c) => {
  const { order_nos } = await jsonBody(c, labelsBody);
  const deps = c.get('deps');
  const labels: { no: string; action: string; fields: Record<string, string> }[] = [];
  const refused: { no: string; message: string }[] = [];
  for (const no of [...new Set(order_nos)]) {
    try {
      labels.push({ no, ...(await act(c, 'label', no, '', () => labelForShop(deps, no))) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const locale = c.get('locale');
      refused.push({ no, message: fillMessage(pick(ERRORS[err.code], locale), err.params, locale) });
    }
  }
  return ok(c, {
    sheet: labels.length ? labelSheet(labels.map(({ no, ...form }) => ({ no, form }))) : '',
    labels,
    refused,
  });
});

adminOrders.get('/orders/:no', noQuery, requireStaff, async (c) => {
  const order = await orderForConsole(c.get('deps'), c.req.param('no'));
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  return ok(c, order);
});

adminOrders.get('/orders/:no/label', noQuery, requireStaff, async (c) => {
  const no = c.req.param('no');
  return ok(c, await act(c, 'label', no, '', () => labelForShop(c.get('deps'), no)));
});

adminOrders.post('/orders/:no/ship', noQuery, requireStaff, async (c) => {
  const deps = c.get('deps');
  const no = c.req.param('no');
  const body = await optionalBody(c, shipBody);
  if ('carrier' in body) {
    await act(c, 'ship', no, `${body.carrier} ${body.tracking}`, () =>
      shipOrder(deps, no, body.carrier, body.tracking),
    );
    return ok(c, { state: 'shipped' });
  }
  const result = await act(c, 'ship', no, 'ECPay logistics', async () => {
    const shipped = await shipByLogistics(deps, no);
    return { ...shipped, label: await labelForShop(deps, no) };
  });
  return ok(c, result);
});

adminOrders.post('/orders/:no/deliver', noQuery, requireStaff, async (c) => {
  await optionalBody(c, emptyBody);
  const no = c.req.param('no');
  return ok(c, { state: await act(c, 'deliver', no, '', () => deliverOrder(c.get('deps'), no)) });
});

adminOrders.post('/orders/:no/complete', noQuery, requireStaff, async (c) => {
  await optionalBody(c, emptyBody);
  const no = c.req.param('no');
  await act(c, 'complete', no, '', () => completeOrder(c.get('deps'), no));
  return ok(c, { state: 'completed' });
});

adminOrders.post('/orders/:no/cancel', noQuery, requireStaff, async (c) => {
  const body = await jsonBody(c, cancelBody);
  const no = c.req.param('no');
  const parcel = await act(c, 'cancel', no, body.reason, () =>
    cancelForShop(c.get('deps'), no, body.reason, { unsent: body.unsent ?? false }),
  );
  return ok(c, { state: 'cancelled', parcel });
});

adminOrders.post('/orders/:no/reconcile', noQuery, requireStaff, async (c) => {
  await optionalBody(c, emptyBody);
  const no = c.req.param('no');
  const [report] = await act(c, 'reconcile', no, '', () => reconcileForShop(c.get('deps'), no));
  return ok(c, report);
});

adminOrders.post('/orders/:no/resend-mail', noQuery, requireStaff, async (c) => {
  await optionalBody(c, emptyBody);
  const no = c.req.param('no');
  const sent = await act(c, 'resend-mail', no, '', () => resendMailForShop(c.get('deps'), no));
  return ok(c, { ...sent, sent: true });
});
