import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../config.ts';
import { pick } from '../common/i18n.ts';
import type { Database } from '../db/schema.ts';
import { findCode, loadAutos, shopperFor } from './promotion-store.ts';
import { nudgeText } from './promotions-text.ts';
import { applyPromotions, type Outcome } from './rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A line as promotions price it. */
export interface PricedLine {
  sku: string;
  brand_slug: string;
  category_slug: string;
  price: number;
  quantity: number;
}

/** The promotions of a cart or an order: the code given (if any) and the automatic ones. */
export async function promotionsFor(
  k: Db,
  input: {
    lines: readonly PricedLine[];
    shippingFee: number;
    now: number;
    coupon: string | undefined;
    memberId: number | null;
    guestPhone?: string | undefined;
  },
): Promise<Outcome> {
  const [autos, codeRule, shopper] = await Promise.all([
    loadAutos(k),
    input.coupon ? findCode(k, input.coupon) : Promise.resolve(undefined),
    shopperFor(k, input.memberId, input.guestPhone),
  ]);
  return applyPromotions({
    lines: input.lines.map((l) => ({
      key: l.sku,
      brand: l.brand_slug,
      category: l.category_slug,
      amount: l.price * l.quantity,
    })),
    shippingFee: input.shippingFee,
    now: input.now,
    autos,
    code: input.coupon ? { text: input.coupon, rule: codeRule } : undefined,
    shopper,
  });
}

/** One discount on the wire: `{kind, code, name, amount}` (amount a positive NT$ figure). */
export interface WireDiscount {
  kind: 'coupon' | 'auto';
  code: string | null;
  name: string;
  amount: number;
}

/** The discounts of an outcome as the quote and the order answer them. */
export function wireDiscounts(outcome: Pick<Outcome, 'applied'>, locale: Locale): WireDiscount[] {
  return outcome.applied.map((a) => ({
    kind: a.kind === 'code' ? 'coupon' : 'auto',
    code: a.code,
    name: pick(a.name, locale),
    amount: a.amount,
  }));
}

/** The next spend threshold on the wire, with its words ("再買 NT$420 享折 NT$300"). */
export function wireNudge(outcome: Pick<Outcome, 'nudge'>, locale: Locale) {
  const n = outcome.nudge;
  return n ? { need: n.need, off: n.off, name: pick(n.name, locale), message: nudgeText(n.need, n.off, locale) } : null;
}

/** The snapshot an order keeps of what was applied (names in both languages, for its page and texts). */
export const discountSnapshot = (outcome: Outcome) =>
  JSON.stringify(
    outcome.applied.map((a) => ({
      kind: a.kind === 'code' ? 'coupon' : 'auto',
      code: a.code,
      name_zh: a.name.zh,
      name_en: a.name.en,
      amount: a.amount,
      promotion_id: a.promotionId,
      target: a.target,
    })),
  );
