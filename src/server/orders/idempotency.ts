import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ApiError } from '../common/errors.ts';
import type { Database } from '../db/schema.ts';

/** A stored answer is replayed for 24 hours; after that the key starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A claim still unanswered after this long was abandoned (its process died): the key is free again. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{8,100}$/;

export type Claim = { kind: 'new'; id: number } | { kind: 'replay'; status: number; response: string };

/** The digest a request body is compared by (the parsed body, so spacing and key order do not matter). */
export const bodyHash = (body: unknown): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Claims `key` for `owner` before the work starts. The unique (owner, key) row is the lock: the
 * first request inserts it, a concurrent one finds it unanswered (409 ORDER_IN_PROGRESS), a later
 * one with the same body gets the stored answer, with another body 422 IDEMPOTENCY_KEY_REUSED.
 */
export async function claimKey(
  k: Kysely<Database>,
  owner: string,
  key: string,
  hash: string,
  now: number,
): Promise<Claim> {
  await k
    .deleteFrom('idempotency_keys')
    .where('owner', '=', owner)
    .where('key', '=', key)
    .where((eb) =>
      eb.or([
        eb('created_at', '<=', now - IDEMPOTENCY_TTL_MS),
        eb.and([eb('status', 'is', null), eb('created_at', '<=', now - IDEMPOTENCY_ABANDONED_MS)]),
      ]),
    )
    .execute();
  const inserted = await k
    .insertInto('idempotency_keys')
    .values({ owner, key, body_hash: hash, status: null, response: null, order_id: null, created_at: now })
    .onConflict((oc) => oc.columns(['owner', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { kind: 'new', id: inserted.id };
  const row = await k
    .selectFrom('idempotency_keys')
    .select(['body_hash', 'status', 'response'])
    .where('owner', '=', owner)
    .where('key', '=', key)
    .executeTakeFirst();
  if (row && row.body_hash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  if (!row || row.status === null || row.response === null) throw new ApiError('ORDER_IN_PROGRESS');
  return { kind: 'replay', status: row.status, response: row.response };
}

/**
 * Stores the answer of a claimed key, inside the transaction that did the work. A claim taken over
 * as abandoned (see IDEMPOTENCY_ABANDONED_MS) is gone: the work is then rolled back with
 * 409 ORDER_IN_PROGRESS, so that only the request holding the claim places the order.
 */
export async function settleKey(
  trx: Transaction<Database>,
  id: number,
  answer: { status: number; response: string; orderId: number },
): Promise<void> {
  const r = await trx
    .updateTable('idempotency_keys')
    .set({ status: answer.status, response: answer.response, order_id: answer.orderId })
    .where('id', '=', id)
    .where('status', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new ApiError('ORDER_IN_PROGRESS');
}

/** Frees a claimed key whose work failed: the same request may be tried again. */
export async function releaseKey(k: Kysely<Database>, id: number): Promise<void> {
  await k.deleteFrom('idempotency_keys').where('id', '=', id).where('status', 'is', null).execute();
}
