import { inScope, type Rule, type RuleLine, tierFor } from '../promotions/rules.ts';

/**
 * What a return gives back, as a pure computation over the order as it was bought (issue 40): the
 * returned units at the price paid after their share of the order's discounts; a spend threshold
 * the kept lines no longer reach taken back, as the order's own rules would price what is kept; the
 * shipping fee paid when the whole order has come back. Amounts are cumulative over the order's
 * returns, so a line returned in parts over several requests adds up to exactly what it cost.
 */

/** An order line as bought: `discount` is its share of every promotion (line_total - discount was paid). */
export interface BoughtLine {
  sku: string;
  brand: string;
  category: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
}

/** A promotion the order got: its rule (null when it no longer exists: nothing is taken back) and amount. */
export interface OrderPromotion {
  rule: Rule | null;
  name: { zh: string; en: string };
  amount: number;
  target: 'lines' | 'shipping';
}

export interface BoughtOrder {
  lines: readonly BoughtLine[];
  shippingFee: number;
  shippingDiscount: number;
  total: number;
  promotions: readonly OrderPromotion[];
}

export interface RefundComputation {
  /** Per line of this return: the units and what they cost after their share of the discounts. */
  lines: { sku: string; quantity: number; amount: number }[];
  /** Threshold discounts the kept lines no longer reach, taken back by this return. */
  takeback: { name: { zh: string; en: string }; amount: number }[];
  /** The shipping fee paid, refunded when this return completes the whole order; else 0. */
  shipping: number;
  /** Given back before this return (earlier returns of the order). */
  before: number;
  /** What this return refunds: never below 0, and never more than what the order paid still holds. */
  amount: number;
  /** Every unit of the order has come back with this return. */
  whole: boolean;
}

type Counts = Readonly<Record<string, number>>;

const count = (c: Counts, sku: string) => c[sku] ?? 0;

/** What `n` units of a line cost after its discounts: exact for the whole line, rounded down for parts. */
export function netOf(line: BoughtLine, n: number): number {
  const paid = line.lineTotal - line.discount;
  if (n >= line.quantity) return paid;
  return Math.floor((paid * n) / line.quantity);
}

/** The kept lines (bought minus `returned`) as the rules see them, gross. */
function keptLines(order: BoughtOrder, returned: Counts): RuleLine[] {
  return order.lines
    .map((l) => ({
      key: l.sku,
      brand: l.brand,
      category: l.category,
      amount: l.unitPrice * Math.max(0, l.quantity - count(returned, l.sku)),
    }))
    .filter((l) => l.amount > 0);
}

/** The original share of a promotion on the kept units of its lines (by gross amount, rounded down). */
function keptShare(order: BoughtOrder, p: OrderPromotion, rule: Rule, returned: Counts): number {
  const all: RuleLine[] = order.lines.map((l) => ({
    key: l.sku,
    brand: l.brand,
    category: l.category,
    amount: l.lineTotal,
  }));
  const scope = inScope(rule, all);
  const gross = scope.reduce((s, l) => s + l.amount, 0);
  if (gross <= 0) return 0;
  const keptGross = scope.reduce((s, l) => {
    const line = order.lines.find((x) => x.sku === l.key);
    return line ? s + line.unitPrice * Math.max(0, line.quantity - count(returned, l.key)) : s;
  }, 0);
  return Math.floor((p.amount * keptGross) / gross);
}

/** What each promotion would take back once `returned` units are gone, by the promotion's own threshold. */
function takebacks(order: BoughtOrder, returned: Counts): { name: OrderPromotion['name']; amount: number }[] {
  const kept = keptLines(order, returned);
  if (!kept.length) return order.promotions.map((p) => ({ name: p.name, amount: 0 }));
  return order.promotions.map((p) => {
    const rule = p.rule;
    if (!rule) return { name: p.name, amount: 0 };
    const eligible = inScope(rule, kept).reduce((s, l) => s + l.amount, 0);
    if (p.target === 'shipping') {
      const over = rule.freeShippingOver ?? rule.minSpend;
      return { name: p.name, amount: eligible < over || eligible < rule.minSpend ? p.amount : 0 };
    }
    const share = keptShare(order, p, rule, returned);
    let allowed = share;
    if (rule.tiers.length) {
      const tier = eligible >= rule.minSpend ? tierFor(rule.tiers, eligible) : undefined;
      allowed = tier ? Math.min(tier.off, eligible) : 0;
    } else if (eligible < rule.minSpend) allowed = 0;
    return { name: p.name, amount: Math.max(0, share - allowed) };
  });
}

const isWhole = (order: BoughtOrder, returned: Counts) =>
  order.lines.every((l) => count(returned, l.sku) >= l.quantity);

/** What the order owes back once `returned` units (cumulative) have come back. */
function dueFor(order: BoughtOrder, returned: Counts): number {
  const lines = order.lines.reduce((s, l) => s + netOf(l, count(returned, l.sku)), 0);
  const back = takebacks(order, returned).reduce((s, t) => s + t.amount, 0);
  const shipping = isWhole(order, returned) ? order.shippingFee - order.shippingDiscount : 0;
  return lines - back + shipping;
}

/**
 * The refund of one return: `returnedBefore` units came back with earlier returns, which refunded
 * `refundedBefore`; `returning` come back now.
 */
export function computeRefund(
  order: BoughtOrder,
  returnedBefore: Counts,
  returning: Counts,
  refundedBefore: number,
): RefundComputation {
  const after: Record<string, number> = { ...returnedBefore };
  for (const [sku, n] of Object.entries(returning)) after[sku] = count(after, sku) + n;
  const lines = order.lines
    .filter((l) => count(returning, l.sku) > 0)
    .map((l) => ({
      sku: l.sku,
      quantity: count(returning, l.sku),
      amount: netOf(l, count(after, l.sku)) - netOf(l, count(returnedBefore, l.sku)),
    }));
  const was = takebacks(order, returnedBefore);
  const takeback = takebacks(order, after)
    .map((t, i) => ({ name: t.name, amount: t.amount - (was[i]?.amount ?? 0) }))
    .filter((t) => t.amount !== 0);
  const whole = isWhole(order, after);
  const shipping = whole && !isWhole(order, returnedBefore) ? order.shippingFee - order.shippingDiscount : 0;
  const owed = dueFor(order, after) - refundedBefore;
  const amount = Math.max(0, Math.min(owed, order.total - refundedBefore));
  return { lines, takeback, shipping, before: refundedBefore, amount, whole };
}
