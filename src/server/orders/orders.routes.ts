import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CART_TOKEN_HEADER } from '../../config.ts';
import { requireMember } from '../accounts/auth.ts';
import { shopperOf } from '../cart/shopper.ts';
import { cancelBody, ORDERS_PAGE_SIZE_DEFAULT, ORDERS_PAGE_SIZE_MAX, orderBody } from '../checkout/checkout.schemas.ts';
import { checkOrderPhone, PHONE_PROOF_HEADER } from '../checkout/checkout-phone.ts';
import { checkOrder } from '../checkout/checkout-rules.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import type { OrderState } from '../db/schema.ts';
import { bodyHash, claimKey, IDEMPOTENCY_KEY_RE, releaseKey, settleKey } from './idempotency.ts';
import { accessibleOrder, ORDER_KEY_HEADER } from './order-access.ts';
import { cancelOrder, listOrders } from './order-list.ts';
import { orderLink, placedText, textReceiver } from './order-sms.ts';
import { ORDER_STATES } from './order-state.ts';
import { readOrder } from './order-view.ts';
import { placeOrder } from './place-order.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const pageNumber = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { message: 'number' })
    .transform(Number)
    .pipe(z.number().max(max, { message: 'tooLong' }))
    .default(fallback);

const listQuery = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { message: 'number' })
    .transform(Number)
    .default(1),
  page_size: pageNumber(ORDERS_PAGE_SIZE_MAX, ORDERS_PAGE_SIZE_DEFAULT),
  state: z.enum(ORDER_STATES as [OrderState, ...OrderState[]], { message: 'invalid' }).optional(),
});

/**
 * Orders (issue 8): POST / places the caller's cart (Idempotency-Key), GET / lists a member's
 * orders, GET /{no} and POST /{no}/cancel for the member who placed it or the holder of its guest key.
 */
export const orders = new Hono<AppEnv>();

orders.use('*', async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}, ${ORDER_KEY_HEADER}`);
  await next();
});

/**
 * POST / OrderBody (Idempotency-Key; a guest adds X-Cart-Token and X-Phone-Proof, as does a member
 * whose mobile is not verified) → 201 PlacedOrder.
 */
orders.post('/', noQuery, async (c) => {
  const deps = c.get('deps');
  const locale = c.get('locale');
  const key = c.req.header(IDEMPOTENCY_HEADER) ?? '';
  if (!IDEMPOTENCY_KEY_RE.test(key)) throw new ApiError('IDEMPOTENCY_KEY_MISSING');
  const shopper = await shopperOf(c);
  const body = await jsonBody(c, orderBody);
  const checked = checkOrder(body, locale);
  await checkOrderPhone(deps, shopper.memberId, c.req.header(PHONE_PROOF_HEADER), body.receiver.phone);
  if (shopper.cartId === undefined) throw new ApiError('CART_EMPTY');
  const owner = shopper.memberId === null ? `cart:${shopper.cartId}` : `member:${shopper.memberId}`;
  const claim = await claimKey(deps.db.kysely, owner, key, bodyHash(body), deps.clock.now());
  if (claim.kind === 'replay') return c.body(claim.response, claim.status as 201, JSON_TYPE);

  let placed: { text: string; no: string; total: number; discount_total: number; guestKey: string | undefined };
  try {
    placed = await placeOrder(
      deps,
      { memberId: shopper.memberId, cartId: shopper.cartId, body, checked, locale },
      async (trx, order) => {
        const view = await readOrder(trx, order.id, locale, deps.clock.now());
        if (!view) throw new Error('placed order not readable in its own transaction');
        const result = order.guestKey ? { ...view, guest_key: order.guestKey } : view;
        const text = JSON.stringify({ status: true, result, message: '' });
        await settleKey(trx, claim.id, { status: 201, response: text, orderId: order.id });
        return { text, no: view.no, total: view.total, discount_total: view.discount_total, guestKey: order.guestKey };
      },
    );
  } catch (err) {
    await releaseKey(deps.db.kysely, claim.id);
    throw err;
  }
  const link = orderLink(deps.env.SITE_URL, { no: placed.no, locale }, placed.guestKey);
  await textReceiver(
    deps,
    body.receiver.phone,
    'order',
    placedText({ no: placed.no, total: placed.total, discount_total: placed.discount_total, locale }, link),
  );
  return c.body(placed.text, 201, JSON_TYPE);
});

/** GET /?page=&page_size=&state= (member) → OrderPage, newest first. */
orders.get('/', requireMember, async (c) => {
  const q = queryOf(c, listQuery);
  return ok(c, await listOrders(c.get('deps'), c.get('member').id, q, c.get('locale')));
});

const orderNo = (c: Context<AppEnv>) => c.req.param('no') ?? '';

/** GET /{no} → Order. */
orders.get('/:no', noQuery, async (c) => {
  const id = await accessibleOrder(c, orderNo(c));
  const deps = c.get('deps');
  const view = await readOrder(deps.db.kysely, id, c.get('locale'), deps.clock.now());
  if (!view) throw new ApiError('ORDER_NOT_FOUND');
  return ok(c, view);
});

/**
 * POST /{no}/cancel [{reason}] → Order: cancelled before its parcel is booked, its stock returned once
 * (409 ORDER_CANCEL_ASK_SHOP after: only the shop can cancel it then).
 */
orders.post('/:no/cancel', noQuery, async (c) => {
  const id = await accessibleOrder(c, orderNo(c));
  const hasBody = Number(c.req.header('content-length') ?? '0') > 0 || !!c.req.header('content-type');
  const { reason } = hasBody ? await jsonBody(c, cancelBody) : {};
  const deps = c.get('deps');
  await cancelOrder(deps, id, reason ?? '');
  const view = await readOrder(deps.db.kysely, id, c.get('locale'), deps.clock.now());
  if (!view) throw new ApiError('ORDER_NOT_FOUND');
  return ok(c, view);
});
