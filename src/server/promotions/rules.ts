import type { Msg } from '../common/i18n.ts';

/** A promotion as the rules read it (promotions table, parsed). Amounts in whole NT$, times in epoch ms. */
export interface Rule {
  id: number;
  kind: 'code' | 'auto';
  code: string | null;
  name: Msg;
  offAmount: number | null;
  offPercent: number | null;
  cap: number | null;
  minSpend: number;
  /** Spend thresholds, lowest first. */
  tiers: readonly Tier[];
  freeShippingOver: number | null;
  startsAt: number | null;
  endsAt: number | null;
  maxUses: number | null;
  used: number;
  perMember: number | null;
  firstOrder: boolean;
  membersOnly: boolean;
  combinable: boolean;
  brands: readonly string[];
  categories: readonly string[];
  disabled: boolean;
}

export interface Tier {
  min: number;
  off: number;
}

/** A cart or order line as the rules see it: its key, what it is, and what it costs (quantity × price). */
export interface RuleLine {
  key: string;
  brand: string;
  category: string;
  amount: number;
}

/** Who is ordering, as far as the rules need to know. */
export interface RuleShopper {
  member: boolean;
  /** Whether this shopper has an order already (null: not known yet, e.g. a guest before the phone). */
  hasOrdered: boolean | null;
  /** Uses of each promotion (by id) not given back, by this member or phone (0 for an unknown guest). */
  usesOf: (promotionId: number) => number;
}

/** Why a code is not applied; each has its words in promotions-text.ts. */
export type Refusal =
  | 'unknown'
  | 'expired'
  | 'not_yet_valid'
  | 'min_spend'
  | 'used_up'
  | 'per_member'
  | 'first_order'
  | 'not_for_products'
  | 'members_only';

/** A promotion applied: what it took off and where. */
export interface Applied {
  promotionId: number;
  kind: 'code' | 'auto';
  code: string | null;
  name: Msg;
  amount: number;
  /** Taken off the lines (spread by `lineAmounts`) or off the shipping fee. */
  target: 'lines' | 'shipping';
  lineAmounts: Record<string, number>;
}

/** What the shopper still needs for the next spend threshold, and what it takes off. */
export interface Nudge {
  need: number;
  off: number;
  name: Msg;
}

export interface Outcome {
  applied: Applied[];
  /** Per line key, the sum of every discount on it. */
  lineDiscounts: Record<string, number>;
  shippingDiscount: number;
  discountTotal: number;
  nudge: Nudge | null;
  /** The code given and why it was not applied, if it was not. */
  refused: { code: string; reason: Refusal; minSpend?: number } | null;
}

/** Whether `rule` is running at `now`: not disabled, started, not ended. */
export function running(rule: Rule, now: number): boolean {
  return (
    !rule.disabled && (rule.startsAt === null || now >= rule.startsAt) && (rule.endsAt === null || now < rule.endsAt)
  );
}

/** The lines a rule applies to: of its brands or categories, or all when it names neither. */
export function inScope(rule: Rule, lines: readonly RuleLine[]): RuleLine[] {
  if (!rule.brands.length && !rule.categories.length) return [...lines];
  return lines.filter((l) => rule.brands.includes(l.brand) || rule.categories.includes(l.category));
}

const sumOf = (lines: readonly RuleLine[]) => lines.reduce((s, l) => s + l.amount, 0);

/**
 * Spreads `amount` over `lines` in proportion to what each costs, in whole NT$, by the largest
 * remainder: the shares add up to `amount` exactly, and none is more than its line costs.
 */
export function spread(amount: number, lines: readonly RuleLine[]): Record<string, number> {
  const total = sumOf(lines);
  const take = Math.min(amount, total);
  const out: Record<string, number> = {};
  if (take <= 0 || total <= 0) return out;
  const exact = lines.map((l) => (take * l.amount) / total);
  const shares = exact.map(Math.floor);
  let left = take - shares.reduce((s, n) => s + n, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i]! < lines[i]!.amount) {
      shares[i]!++;
      left--;
    }
  }
  lines.forEach((l, i) => {
    if (shares[i]) out[l.key] = (out[l.key] ?? 0) + shares[i]!;
  });
  return out;
}

/** What a code takes off an eligible sum: an amount, or a percentage rounded down and capped. */
export function codeAmount(rule: Rule, eligible: number): number {
  let off = 0;
  if (rule.offAmount !== null) off = rule.offAmount;
  else if (rule.offPercent !== null) off = Math.floor((eligible * rule.offPercent) / 100);
  if (rule.cap !== null) off = Math.min(off, rule.cap);
  return Math.max(0, Math.min(off, eligible));
}

/** The spend threshold an eligible sum reaches (the highest), if any. */
export const tierFor = (tiers: readonly Tier[], eligible: number): Tier | undefined =>
  [...tiers].filter((t) => eligible >= t.min).sort((a, b) => b.min - a.min)[0];

/** Why a code cannot be used on these lines by this shopper now, or null when it can. */
export function refusalOf(rule: Rule, lines: readonly RuleLine[], shopper: RuleShopper, now: number): Refusal | null {
  if (rule.disabled) return 'unknown';
  if (rule.startsAt !== null && now < rule.startsAt) return 'not_yet_valid';
  if (rule.endsAt !== null && now >= rule.endsAt) return 'expired';
  if (rule.membersOnly && !shopper.member) return 'members_only';
  if (rule.maxUses !== null && rule.used >= rule.maxUses) return 'used_up';
  if (rule.perMember !== null && shopper.usesOf(rule.id) >= rule.perMember) return 'per_member';
  if (rule.firstOrder && shopper.hasOrdered === true) return 'first_order';
  const eligible = inScope(rule, lines);
  if (!eligible.length || sumOf(eligible) === 0) return 'not_for_products';
  if (sumOf(eligible) < rule.minSpend) return 'min_spend';
  return null;
}

/** What an automatic promotion gives: tiers off the lines, or free shipping off the fee. */
function autoApplied(rule: Rule, lines: readonly RuleLine[], shippingFee: number): Applied | null {
  const eligible = inScope(rule, lines);
  const sum = sumOf(eligible);
  if (!eligible.length || sum < rule.minSpend) return null;
  const base = { promotionId: rule.id, kind: 'auto' as const, code: null, name: rule.name };
  if (rule.freeShippingOver !== null) {
    if (sum < rule.freeShippingOver || shippingFee <= 0) return null;
    return { ...base, amount: shippingFee, target: 'shipping', lineAmounts: {} };
  }
  const tier = tierFor(rule.tiers, sum);
  if (!tier) return null;
  const amount = Math.min(tier.off, sum);
  return { ...base, amount, target: 'lines', lineAmounts: spread(amount, eligible) };
}

/** The lines with what earlier discounts left of them. */
const remaining = (lines: readonly RuleLine[], taken: Record<string, number>): RuleLine[] =>
  lines.map((l) => ({ ...l, amount: l.amount - (taken[l.key] ?? 0) }));

/**
 * Applies the promotions to a cart: a code when one is given and may be used (else the reason), and
 * the best automatic promotion (the largest amount), unless a code that does not combine is applied.
 * Discounts never make a line or the shipping fee negative, and each line's shares add up.
 */
export function applyPromotions(input: {
  lines: readonly RuleLine[];
  shippingFee: number;
  now: number;
  autos: readonly Rule[];
  /** The code entered, as typed, and its rule when one has it. */
  code?: { text: string; rule: Rule | undefined } | undefined;
  shopper: RuleShopper;
}): Outcome {
  const { lines, now, shopper } = input;
  const applied: Applied[] = [];
  let refused: Outcome['refused'] = null;
  let codeRule: Rule | undefined;
  if (input.code) {
    const rule = input.code.rule;
    const reason = rule ? refusalOf(rule, lines, shopper, now) : 'unknown';
    if (reason || !rule) refused = { code: input.code.text, reason: reason ?? 'unknown', minSpend: rule?.minSpend };
    else {
      const eligible = inScope(rule, lines);
      const amount = codeAmount(rule, sumOf(eligible));
      applied.push({
        promotionId: rule.id,
        kind: 'code',
        code: rule.code,
        name: rule.name,
        amount,
        target: 'lines',
        lineAmounts: spread(amount, eligible),
      });
      codeRule = rule;
    }
  }
  const autos = input.autos.filter((r) => running(r, now));
  let nudge: Nudge | null = null;
  if (!codeRule || codeRule.combinable) {
    const after = remaining(lines, applied[0]?.lineAmounts ?? {});
    const best = autos
      .map((r) => autoApplied(r, after, input.shippingFee))
      .filter((a): a is Applied => a !== null && a.amount > 0)
      .sort((a, b) => b.amount - a.amount || a.promotionId - b.promotionId)[0];
    if (best) applied.push(best);
    for (const rule of autos) {
      if (!rule.tiers.length) continue;
      const sum = sumOf(inScope(rule, after));
      const next = rule.tiers.filter((t) => t.min > sum).sort((a, b) => a.min - b.min)[0];
      if (next && (!nudge || next.min - sum < nudge.need))
        nudge = { need: next.min - sum, off: next.off, name: rule.name };
    }
  }
  const lineDiscounts: Record<string, number> = {};
  let shippingDiscount = 0;
  for (const a of applied) {
    if (a.target === 'shipping') shippingDiscount += a.amount;
    for (const [key, n] of Object.entries(a.lineAmounts)) lineDiscounts[key] = (lineDiscounts[key] ?? 0) + n;
  }
  const discountTotal = applied.reduce((s, a) => s + a.amount, 0);
  return {
    applied: applied.filter((a) => a.amount > 0),
    lineDiscounts,
    shippingDiscount,
    discountTotal,
    nudge,
    refused,
  };
}
