import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whose uses a once-per-member limit counts: the member and their verified phone, or a guest's
 * proven phone and the member who owns that number. A guest order is made under a proven receiver
 * phone, so its uses are that phone's; a member's uses are the member's whatever receiver they name.
 */
export interface UsesOwner {
  memberId: number | null;
  phone: string | null;
}

/** The owner of a shopper's uses: a member (with their verified phone) or a guest's proven phone. */
export async function ownerOfUses(k: Db, memberId: number | null, guestPhone: string | undefined): Promise<UsesOwner> {
  if (memberId !== null) {
    const m = await k
      .selectFrom('members')
      .select(['phone', 'phone_verify'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    return { memberId, phone: m?.phone_verify === 1 ? m.phone : null };
  }
  if (!guestPhone) return { memberId: null, phone: null };
  const owner = await k
    .selectFrom('members')
    .select('id')
    .where('phone', '=', guestPhone)
    .where('phone_verify', '=', 1)
    .executeTakeFirst();
  return { memberId: owner?.id ?? null, phone: guestPhone };
}

/** Uses not given back, per promotion id (only `promotionId` when given), by this owner. */
export async function usesByOwner(k: Db, owner: UsesOwner, promotionId?: number): Promise<Map<number, number>> {
  const { memberId, phone } = owner;
  if (memberId === null && phone === null) return new Map();
  let q = k
    .selectFrom('promotion_uses as u')
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .select(['u.promotion_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('u.released_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(memberId !== null ? [eb('u.member_id', '=', memberId)] : []),
        ...(phone !== null ? [eb.and([eb('u.member_id', 'is', null), eb('o.receiver_phone', '=', phone)])] : []),
      ]),
    );
  if (promotionId !== undefined) q = q.where('u.promotion_id', '=', promotionId);
  const rows = await q.groupBy('u.promotion_id').execute();
  return new Map(rows.map((r) => [r.promotion_id, Number(r.n)]));
}
