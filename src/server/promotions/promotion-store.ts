import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import type { Database } from '../db/schema.ts';
import type { PromotionsTable } from '../db/tables/promotions.ts';
import { ownerOfUses, usesByOwner } from './promotion-uses.ts';
import { refusalText } from './promotions-text.ts';
import type { Outcome, Refusal, Rule, RuleShopper, Tier } from './rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A code as the shopper may type it: any case, spaces around ignored. */
export const normalizeCode = (text: string): string => text.trim().toUpperCase();

const list = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** A promotions row as the rules read it. */
export function ruleOf(row: Selectable<PromotionsTable>): Rule {
  let tiers: Tier[] = [];
  try {
    tiers = (JSON.parse(row.tiers) as Tier[]).filter((t) => Number.isInteger(t.min) && Number.isInteger(t.off));
  } catch {
    tiers = [];
  }
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    kind: row.kind === 'code' ? 'code' : 'auto',
    code: row.code,
    name: { zh: row.name_zh, en: row.name_en },
    offAmount: row.off_amount,
    offPercent: row.off_percent,
    cap: row.cap,
    minSpend: row.min_spend,
    tiers: tiers.sort((a, b) => a.min - b.min),
    freeShippingOver: row.free_shipping_over,
    startsAt: num(row.starts_at),
    endsAt: num(row.ends_at),
    maxUses: row.max_uses,
    used: row.used,
    perMember: row.per_member,
    firstOrder: row.first_order === 1,
    membersOnly: row.members_only === 1,
    combinable: row.combinable === 1,
    brands: list(row.brands),
    categories: list(row.categories),
    disabled: row.disabled_at !== null,
  };
}

/** The automatic promotions not disabled (the rules check their dates). */
export async function loadAutos(k: Db): Promise<Rule[]> {
  const rows = await k
    .selectFrom('promotions')
    .selectAll()
    .where('kind', '=', 'auto')
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map(ruleOf);
}

/** The code's promotion, if there is one by that name (disabled ones too: the rules refuse them). */
export async function findCode(k: Db, text: string): Promise<Rule | undefined> {
  const row = await k
    .selectFrom('promotions')
    .selectAll()
    .where('kind', '=', 'code')
    .where('code', '=', normalizeCode(text))
    .executeTakeFirst();
  return row ? ruleOf(row) : undefined;
}

/**
 * What the rules need to know of a member, or of a guest by the receiver's confirmed phone when
 * known: whether they ordered before, and their uses of each code (see promotion-uses.ts: a guest
 * and the member owning the phone share them).
 */
export async function shopperFor(k: Db, memberId: number | null, guestPhone?: string): Promise<RuleShopper> {
  const byId = await usesByOwner(k, await ownerOfUses(k, memberId, guestPhone));
  const usesOf = (id: number) => byId.get(id) ?? 0;
  if (memberId === null) {
    const hasOrdered = guestPhone
      ? Boolean(
          await k
            .selectFrom('orders')
            .select('id')
            .where('receiver_phone', '=', guestPhone)
            .where('state', '!=', 'cancelled')
            .executeTakeFirst(),
        )
      : null;
    return { member: false, hasOrdered, usesOf };
  }
  const ordered = await k
    .selectFrom('orders')
    .select('id')
    .where('member_id', '=', memberId)
    .where('state', '!=', 'cancelled')
    .executeTakeFirst();
  return { member: true, hasOrdered: Boolean(ordered), usesOf };
}

/** A refused code as the API answers it: 422 with the reason on the `coupon` field. */
export function couponRefused(reason: Refusal, locale: Locale, minSpend?: number): ApiError {
  return new ApiError('COUPON_REFUSED', { fields: { coupon: refusalText(reason, locale, minSpend) } });
}

/**
 * Records the promotions of a new order, inside its transaction, after its stock was taken. A code
 * takes one of its uses with a compare-and-set (`used < max_uses`), which also locks its row, so
 * that the shopper's own uses (the member's and their verified phone's, or the guest phone's and its
 * member's) are counted after any other order of theirs has committed: of many orders racing for the
 * last use, or one shopper in two tabs or as member and guest, exactly the allowed number win; the
 * others end with COUPON_REFUSED and their transaction, stock and all, is rolled back.
 */
export async function takeUses(
  trx: Transaction<Database>,
  outcome: Outcome,
  order: { id: number; memberId: number | null; guestPhone: string | undefined; now: number; locale: Locale },
): Promise<void> {
  for (const a of outcome.applied) {
    const taken = await trx
      .updateTable('promotions')
      .set({ used: sql`used + 1` })
      .where('id', '=', a.promotionId)
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw couponRefused('used_up', order.locale);
    if (a.kind === 'code') {
      const rule = await trx
        .selectFrom('promotions')
        .select('per_member')
        .where('id', '=', a.promotionId)
        .executeTakeFirst();
      if (rule?.per_member != null) {
        const owner = await ownerOfUses(trx, order.memberId, order.guestPhone);
        const mine = (await usesByOwner(trx, owner, a.promotionId)).get(a.promotionId) ?? 0;
        if (mine >= rule.per_member) throw couponRefused('per_member', order.locale);
      }
    }
    await trx
      .insertInto('promotion_uses')
      .values({
        promotion_id: a.promotionId,
        order_id: order.id,
        member_id: order.memberId,
        amount: a.amount,
        created_at: order.now,
      })
      .execute();
  }
}

/** Gives back the promotion uses of a cancelled order, once (inside the cancelling transaction). */
export async function releaseUses(trx: Db, orderId: number, now: number): Promise<void> {
  const uses = await trx
    .selectFrom('promotion_uses')
    .select(['id', 'promotion_id'])
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .orderBy('promotion_id')
    .execute();
  for (const use of uses) {
    const released = await trx
      .updateTable('promotion_uses')
      .set({ released_at: now })
      .where('id', '=', use.id)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1) continue;
    await trx
      .updateTable('promotions')
      .set({ used: sql`CASE WHEN used > 0 THEN used - 1 ELSE 0 END` })
      .where('id', '=', use.promotion_id)
      .execute();
  }
}
