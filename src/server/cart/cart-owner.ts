import type { Kysely } from 'kysely';
import { CART_TOKEN_MAX_AGE_MS } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { newSecret, sha256, TOKEN_RE } from '../common/tokens.ts';
import type { Database } from '../db/schema.ts';

/** Whose cart a request speaks of: a member's (by Bearer token), a guest's (by cart token), or nobody's yet. */
export type CartOwner = { kind: 'member'; memberId: number } | { kind: 'guest'; cartId: number } | { kind: 'none' };

/** A guest cart untouched this long is gone: its token no longer works and the sweep deletes it. */
export const GUEST_CART_TTL_MS = CART_TOKEN_MAX_AGE_MS;

/** The live guest cart of a cart token, or undefined (malformed, unknown, merged or expired). */
export async function guestCartId(k: Kysely<Database>, token: string, now: number): Promise<number | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const row = await k
    .selectFrom('carts')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .where('updated_at', '>', now - GUEST_CART_TTL_MS)
    .executeTakeFirst();
  return row?.id;
}

/** The owner named by an `X-Cart-Token` header: a token that names no live cart is a 404. */
export async function guestOwner(k: Kysely<Database>, token: string | undefined, now: number): Promise<CartOwner> {
  if (token === undefined || token === '') return { kind: 'none' };
  const cartId = await guestCartId(k, token, now);
  if (cartId === undefined) throw new ApiError('CART_NOT_FOUND');
  return { kind: 'guest', cartId };
}

/** The owner's cart id, or undefined when the owner has no cart yet. */
export async function existingCartId(k: Kysely<Database>, owner: CartOwner): Promise<number | undefined> {
  if (owner.kind === 'guest') return owner.cartId;
  if (owner.kind === 'none') return undefined;
  const row = await k.selectFrom('carts').select('id').where('member_id', '=', owner.memberId).executeTakeFirst();
  return row?.id;
}

/**
 * The owner's cart, created when missing. A guest without a cart gets a new one and its token (shown
 * once; only the hash is kept). Two first adds of one member at once create one cart.
 */
export async function ensureCart(
  k: Kysely<Database>,
  owner: CartOwner,
  now: number,
): Promise<{ cartId: number; newToken?: string }> {
  const found = await existingCartId(k, owner);
  if (found !== undefined) return { cartId: found };
  if (owner.kind === 'member') {
    await k
      .insertInto('carts')
      .values({ member_id: owner.memberId, token_hash: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    const id = await existingCartId(k, owner);
    if (id === undefined) throw new Error('member cart missing after insert');
    return { cartId: id };
  }
  const token = newSecret();
  const row = await k
    .insertInto('carts')
    .values({ member_id: null, token_hash: sha256(token), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cartId: row.id, newToken: token };
}

/** Marks a cart as used now (a guest cart lives 30 days from its last use). */
export async function touchCart(k: Kysely<Database>, cartId: number, now: number): Promise<void> {
  await k.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
}

/** Deletes guest carts unused for 30 days (their lines go with them); returns how many. */
export async function sweepGuestCarts(k: Kysely<Database>, now: number): Promise<number> {
  const r = await k
    .deleteFrom('carts')
    .where('token_hash', 'is not', null)
    .where('updated_at', '<=', now - GUEST_CART_TTL_MS)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
