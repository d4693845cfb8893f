import { type Context, Hono } from 'hono';
import { CART_TOKEN_HEADER } from '../../config.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { accessibleOrder, ORDER_KEY_HEADER } from '../orders/order-access.ts';
import { requestReturn, returnBody, withdrawReturn } from './return-request.ts';
import { readReturn, readReturns } from './return-view.ts';

const RETURN_ID_RE = /^[1-9]\d{0,9}$/;

/**
 * A shopper's returns of an order (issue 40), mounted at `/api/orders/{no}/returns`: the member who
 * placed it (Bearer) or the holder of its guest key (X-Order-Key), as the order's own routes.
 * POST / asks, GET / lists, DELETE /{id} withdraws one the shop has not received.
 */
export const orderReturns = new Hono<AppEnv>();

orderReturns.use('*', async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}, ${ORDER_KEY_HEADER}`);
  await next();
});

const orderNo = (c: Context<AppEnv>) => c.req.param('no') ?? '';

/** POST / {lines, reason?, reason_text?, bank?} → 201 Return. */
orderReturns.post('/', noQuery, async (c) => {
  const orderId = await accessibleOrder(c, orderNo(c));
  const body = await jsonBody(c, returnBody);
  const deps = c.get('deps');
  const id = await requestReturn(deps, orderId, body, c.get('locale'));
  const view = await readReturn(deps.db.kysely, id, c.get('locale'));
  return c.json({ status: true, result: view, message: '' }, 201);
});

/** GET / → {data: [Return]}, newest first. */
orderReturns.get('/', noQuery, async (c) => {
  const orderId = await accessibleOrder(c, orderNo(c));
  return ok(c, { data: await readReturns(c.get('deps').db.kysely, orderId, c.get('locale')) });
});

/** DELETE /{id} → Return (cancelled). */
orderReturns.delete('/:id', noQuery, async (c) => {
  const orderId = await accessibleOrder(c, orderNo(c));
  const raw = c.req.param('id') ?? '';
  if (!RETURN_ID_RE.test(raw)) throw new ApiError('RETURN_NOT_FOUND');
  const deps = c.get('deps');
  await withdrawReturn(deps, orderId, Number(raw));
  return ok(c, await readReturn(deps.db.kysely, Number(raw), c.get('locale')));
});
