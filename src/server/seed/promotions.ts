import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SEED_EPOCH } from './products.ts';

const DAY_MS = 86_400_000;
/** The anniversary sale of the demo article (published two days before the seed epoch), for three months. */
const SALE_FROM = SEED_EPOCH - 2 * DAY_MS;
const SALE_TO = SEED_EPOCH + 92 * DAY_MS;

/** The promotions the demo article announces: the anniversary code and the spend-more discount. */
export const DEMO_PROMOTIONS = [
  {
    kind: 'code',
    code: 'ANNIV2026',
    name_zh: '週年慶優惠碼 9 折',
    name_en: 'Anniversary code: 10% off',
    off_percent: 10,
    cap: 1_500,
    min_spend: 3_000,
    per_member: 1,
    starts_at: SALE_FROM,
    ends_at: SALE_TO,
  },
  {
    kind: 'auto',
    code: null,
    name_zh: '週年慶滿額折',
    name_en: 'Anniversary: spend more, save more',
    tiers: JSON.stringify([
      { min: 3_000, off: 300 },
      { min: 6_000, off: 800 },
    ]),
    starts_at: SALE_FROM,
    ends_at: SALE_TO,
  },
] as const;

/** Adds the demo promotions when the shop has none yet; returns whether it did. */
export async function seedPromotions(k: Kysely<Database>): Promise<boolean> {
  const any = await k.selectFrom('promotions').select('id').executeTakeFirst();
  if (any) return false;
  // One row at a time: each names only its own columns, the others keep their defaults.
  for (const p of DEMO_PROMOTIONS)
    await k
      .insertInto('promotions')
      .values({ ...p, created_at: SEED_EPOCH })
      .execute();
  return true;
}
