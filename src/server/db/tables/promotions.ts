import type { Generated } from 'kysely';

// Promotions and their uses. (The conventions of every table: schema.ts.)

/** A coupon code or an automatic promotion; amounts in whole NT$, times in epoch ms. */
export interface PromotionsTable {
  id: Generated<number>;
  /** `code` (entered at checkout) or `auto` (applied by itself). */
  kind: string;
  /** Upper case; null for automatic promotions. */
  code: string | null;
  name_zh: string;
  name_en: string;
  off_amount: number | null;
  off_percent: number | null;
  cap: number | null;
  min_spend: Generated<number>;
  /** JSON `[{min, off}]`, lowest first: a spend-threshold promotion. */
  tiers: Generated<string>;
  free_shipping_over: number | null;
  starts_at: number | null;
  ends_at: number | null;
  max_uses: number | null;
  used: Generated<number>;
  per_member: number | null;
  first_order: Generated<number>;
  members_only: Generated<number>;
  combinable: Generated<number>;
  /** JSON arrays of slugs; both empty: the whole order. */
  brands: Generated<string>;
  categories: Generated<string>;
  disabled_at: number | null;
  created_at: number;
}

/** One use of a promotion by an order; released (given back) once when the order is cancelled. */
export interface PromotionUsesTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  member_id: number | null;
  amount: number;
  created_at: number;
  released_at: number | null;
}
