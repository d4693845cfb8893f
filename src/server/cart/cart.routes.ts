import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CART_MAX_LINES, CART_MAX_QUANTITY, CART_TOKEN_HEADER } from '../../config.ts';
import { authenticate } from '../accounts/auth.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { jsonBody, queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { addItem, getCart, removeItem, setQuantity } from './cart.ts';
import { type CartOwner, guestOwner } from './cart-owner.ts';
import { acknowledgePrices } from './cart-seen.ts';

const SKU_MAX = 64;
const LINE_ID_RE = /^[1-9]\d{0,9}$/;

/** Whole units, 1 to 99: "2", 1.5, 0, 100 and negatives are refused. */
const quantity = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'quantity') })
  .int({ message: 'quantity' })
  .min(1, { message: 'quantity' })
  .max(CART_MAX_QUANTITY, { message: 'quantity' });

const addBody = z.strictObject({
  sku: z.string({ message: 'sku' }).trim().min(1, { message: 'sku' }).max(SKU_MAX, { message: 'sku' }),
  quantity,
});
const quantityBody = z.strictObject({ quantity });
/** The largest value of an integer column on PostgreSQL (ids and prices). */
const INT_COLUMN_MAX = 2 ** 31 - 1;
/** The lines whose moved price the page has shown, each with the unit price it showed as the new one. */
const seenBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        id: z.number().int().min(1).max(INT_COLUMN_MAX),
        price: z.number().int().min(0).max(INT_COLUMN_MAX),
      }),
    )
    .min(1)
    .max(CART_MAX_LINES),
});

/**
 * The cart's owner: the member of a Bearer token (a bad token is a 401), else the guest cart of the
 * `X-Cart-Token` header (a token that names no live cart is a 404). A cookie alone is never read.
 */
async function ownerOf(c: Context<AppEnv>): Promise<CartOwner> {
  if (c.req.header('authorization')) return { kind: 'member', memberId: (await authenticate(c)).id };
  const deps = c.get('deps');
  return guestOwner(deps.db.kysely, c.req.header(CART_TOKEN_HEADER), deps.clock.now());
}

function lineId(c: Context<AppEnv>): number {
  const id = c.req.param('id') ?? '';
  if (!LINE_ID_RE.test(id)) throw new ApiError('CART_LINE_NOT_FOUND');
  return Number(id);
}

/**
 * The cart (issue 7): GET /, POST /items {sku, quantity}, PATCH /items/{id} {quantity},
 * DELETE /items/{id}, POST /seen {lines: [{id, price}]} (the page has shown these lines' moved
 * prices). Every answer is the whole cart; prices come from the database only.
 */
export const cart = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', `Accept-Language, Authorization, ${CART_TOKEN_HEADER}`);
    await next();
  })
  .get('/', async (c) => {
    queryOf(c, z.strictObject({}));
    return ok(c, await getCart(c.get('deps'), await ownerOf(c), c.get('locale')));
  })
  .post('/items', async (c) => {
    const body = await jsonBody(c, addBody);
    return ok(c, await addItem(c.get('deps'), await ownerOf(c), body, c.get('locale')));
  })
  .patch('/items/:id', async (c) => {
    const id = lineId(c);
    const body = await jsonBody(c, quantityBody);
    return ok(c, await setQuantity(c.get('deps'), await ownerOf(c), id, body.quantity, c.get('locale')));
  })
  .post('/seen', async (c) => {
    const body = await jsonBody(c, seenBody);
    return ok(c, await acknowledgePrices(c.get('deps'), await ownerOf(c), body.lines, c.get('locale')));
  })
  .delete('/items/:id', async (c) => {
    const id = lineId(c);
    return ok(c, await removeItem(c.get('deps'), await ownerOf(c), id, c.get('locale')));
  });
