import type { Selectable } from 'kysely';
import { PROMOTION_FIELDS } from '../common/refusal-texts.ts';
import type { Refusal } from '../common/refusals.ts';
import type { Deps } from '../context.ts';
import type { PromotionsTable } from '../db/tables/promotions.ts';
import { normalizeCode } from './promotion-store.ts';
import type { Tier } from './rules.ts';

/** A refusal of the owner's promotions tool: a message for the terminal, and the refusal for the console. */
export class PromotionAdminError extends Error {
  readonly refusal: Refusal;
  constructor(message: string, refusal: Refusal) {
    super(message);
    this.name = 'PromotionAdminError';
    this.refusal = refusal;
  }
}

const TAIPEI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** Codes: letters, digits, `-` and `_`, as a shopper can type them. */
const CODE_RE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/**
 * A day or a time in Taiwan (`2026-11-30` or `2026-11-30T18:00`) as epoch ms. A day alone starts at
 * its midnight, or for an end (`to`) runs to the end of the day: `--to 2026-11-30` includes the 30th.
 */
export function taipeiTime(text: string, edge: 'from' | 'to'): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m)
    throw new PromotionAdminError(`"${text}" is not a date: write 2026-11-30 or 2026-11-30T18:00 (Taiwan time).`, {
      code: 'date_invalid',
      params: { value: text },
    });
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number?, number?];
  const day = Date.UTC(y, mo - 1, d);
  const check = new Date(day);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || (h ?? 0) > 23 || (mi ?? 0) > 59)
    throw new PromotionAdminError(`"${text}" is not a real date.`, { code: 'date_unreal', params: { value: text } });
  const local =
    m[4] === undefined ? day + (edge === 'to' ? DAY_MS : 0) : day + (h ?? 0) * 3_600_000 + (mi ?? 0) * 60_000;
  return local - TAIPEI_OFFSET_MS;
}

/** The command's flag of each figure, for the terminal's text. */
const FLAGS: Record<keyof typeof PROMOTION_FIELDS, string> = {
  off: '--off',
  percent: '--percent',
  cap: '--cap',
  min: '--min',
  uses: '--uses',
  per_member: '--per-member',
  free_shipping_over: '--free-shipping-over',
};

const whole = (field: keyof typeof PROMOTION_FIELDS, v: string | undefined, min = 0): number | null => {
  if (v === undefined || v === '') return null;
  if (!/^\d{1,9}$/.test(v) || Number(v) < min)
    throw new PromotionAdminError(`${FLAGS[field]} must be a whole number of at least ${min}.`, {
      code: 'figure_whole',
      params: { field: PROMOTION_FIELDS[field], min },
    });
  return Number(v);
};
const refuse = (message: string, code: Refusal['code'], params?: Refusal['params']) =>
  new PromotionAdminError(message, { code, ...(params ? { params } : {}) });

const slugs = (v: string | undefined): string =>
  JSON.stringify(
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export interface CodeInput {
  code: string;
  off?: string;
  percent?: string;
  cap?: string;
  min?: string;
  uses?: string;
  perMember?: string;
  from?: string;
  to?: string;
  firstOrder?: boolean;
  membersOnly?: boolean;
  combinable?: boolean;
  brands?: string;
  categories?: string;
  name?: string;
  nameEn?: string;
}

function period(from: string | undefined, to: string | undefined) {
  const starts = from ? taipeiTime(from, 'from') : null;
  const ends = to ? taipeiTime(to, 'to') : null;
  if (starts !== null && ends !== null && ends <= starts) throw refuse('--to must come after --from.', 'period_order');
  return { starts_at: starts, ends_at: ends };
}

/** Adds a coupon code: an amount off or a percentage off (with an optional cap), and its conditions. */
export async function addCode(deps: Deps, input: CodeInput): Promise<Selectable<PromotionsTable>> {
  const code = normalizeCode(input.code);
  if (!CODE_RE.test(code)) throw refuse('A code is 3 to 32 letters, digits, - or _.', 'code_format');
  const off = whole('off', input.off, 1);
  const percent = whole('percent', input.percent, 1);
  if ((off === null) === (percent === null))
    throw refuse('Give exactly one of --off <NT$> or --percent <n>.', 'off_or_percent');
  if (percent !== null && percent > 100) throw refuse('--percent is 1 to 100.', 'percent_range');
  if (off !== null && input.cap) throw refuse('--cap goes with --percent.', 'cap_with_percent');
  const k = deps.db.kysely;
  if (await k.selectFrom('promotions').select('id').where('code', '=', code).executeTakeFirst())
    throw refuse(`The code ${code} exists already.`, 'code_exists', { code });
  const label = off !== null ? `NT$${off.toLocaleString('en-US')}` : `${percent}%`;
  return k
    .insertInto('promotions')
    .values({
      kind: 'code',
      code,
      name_zh: input.name?.trim() || `優惠碼 ${code} 折 ${label}`,
      name_en: input.nameEn?.trim() || input.name?.trim() || `Code ${code}: ${label} off`,
      off_amount: off,
      off_percent: percent,
      cap: whole('cap', input.cap, 1),
      min_spend: whole('min', input.min) ?? 0,
      max_uses: whole('uses', input.uses, 1),
      per_member: whole('per_member', input.perMember, 1),
      first_order: input.firstOrder ? 1 : 0,
      members_only: input.membersOnly ? 1 : 0,
      combinable: input.combinable ? 1 : 0,
      brands: slugs(input.brands),
      categories: slugs(input.categories),
      ...period(input.from, input.to),
      created_at: deps.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AutoInput {
  name: string;
  nameEn?: string;
  tiers: string[];
  freeShippingOver?: string;
  from?: string;
  to?: string;
  brands?: string;
  categories?: string;
}

/** `3000:300` → {min: 3000, off: 300}. */
export function parseTier(text: string): Tier {
  const m = /^(\d{1,9}):(\d{1,9})$/.exec(text.trim());
  if (!m) throw refuse(`--tier ${text}: write <min>:<off>, e.g. 3000:300.`, 'tier_format', { value: text });
  const tier = { min: Number(m[1]), off: Number(m[2]) };
  if (tier.off < 1 || tier.off > tier.min)
    throw refuse(`--tier ${text}: the amount off is 1 to the minimum.`, 'tier_off_range', { value: text });
  return tier;
}

/** Adds an automatic promotion: spend thresholds (one tier or several), or free shipping above a sum. */
export async function addAuto(deps: Deps, input: AutoInput): Promise<Selectable<PromotionsTable>> {
  const name = input.name?.trim();
  if (!name) throw refuse('--name is required.', 'name_required');
  const tiers = input.tiers.map(parseTier).sort((a, b) => a.min - b.min);
  if (new Set(tiers.map((t) => t.min)).size !== tiers.length)
    throw refuse('Two tiers have the same minimum.', 'tier_same_min');
  for (let i = 1; i < tiers.length; i++)
    if (tiers[i]!.off <= tiers[i - 1]!.off) throw refuse('A higher tier must take more off.', 'tier_more_off');
  const freeOver = whole('free_shipping_over', input.freeShippingOver);
  if (!tiers.length && freeOver === null)
    throw refuse('Give at least one --tier <min>:<off>, or --free-shipping-over <NT$>.', 'tiers_or_free');
  if (tiers.length && freeOver !== null)
    throw refuse('A promotion has tiers or free shipping, not both.', 'tiers_not_free');
  return deps.db.kysely
    .insertInto('promotions')
    .values({
      kind: 'auto',
      code: null,
      name_zh: name,
      name_en: input.nameEn?.trim() || name,
      tiers: JSON.stringify(tiers),
      free_shipping_over: freeOver,
      brands: slugs(input.brands),
      categories: slugs(input.categories),
      ...period(input.from, input.to),
      created_at: deps.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every promotion, newest first, with its uses (given back ones not counted). */
export function listPromotions(deps: Deps) {
  return deps.db.kysely.selectFrom('promotions').selectAll().orderBy('id', 'desc').execute();
}

/** A code's promotion with the orders that used it. */
export async function showCode(deps: Deps, code: string) {
  const k = deps.db.kysely;
  const promotion = await k
    .selectFrom('promotions')
    .selectAll()
    .where('code', '=', normalizeCode(code))
    .executeTakeFirst();
  if (!promotion) throw refuse(`No code ${normalizeCode(code)}.`, 'code_unknown', { code: normalizeCode(code) });
  const uses = await k
    .selectFrom('promotion_uses as u')
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .select(['o.no', 'o.state', 'u.amount', 'u.created_at', 'u.released_at'])
    .where('u.promotion_id', '=', promotion.id)
    .orderBy('u.id')
    .execute();
  return { promotion, uses };
}

/** Stops a code from being used from now on (orders that used it keep their discount). */
export async function disableCode(deps: Deps, code: string): Promise<void> {
  const done = await deps.db.kysely
    .updateTable('promotions')
    .set({ disabled_at: deps.clock.now() })
    .where('code', '=', normalizeCode(code))
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1)
    throw refuse(`No code ${normalizeCode(code)} in use.`, 'code_not_in_use', { code: normalizeCode(code) });
}

/** Stops a promotion, a code or an automatic one, by its id (the console's disable); false when there is none. */
export async function disablePromotion(deps: Deps, id: number): Promise<boolean> {
  const k = deps.db.kysely;
  const p = await k.selectFrom('promotions').select(['id', 'disabled_at']).where('id', '=', id).executeTakeFirst();
  if (!p) return false;
  const done = await k
    .updateTable('promotions')
    .set({ disabled_at: deps.clock.now() })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1)
    throw refuse(`Promotion ${id} is already disabled.`, 'promotion_disabled', { id });
  return true;
}
