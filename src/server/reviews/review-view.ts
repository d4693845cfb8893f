import type { Locale } from '../../config.ts';

/** A review as REVIEW_COLUMNS read it. */
interface ReviewRow {
  id: number;
  stars: number;
  title: string;
  body: string;
  variant_zh: string;
  variant_en: string;
  bought_at: number;
  state: string;
  reply: string;
  replied_at: number | null;
  helpful_count: number;
  created_at: number;
  updated_at: number;
}

/** The review columns every view reads. */
export const REVIEW_COLUMNS = [
  'r.id',
  'r.stars',
  'r.title',
  'r.body',
  'r.variant_zh',
  'r.variant_en',
  'r.bought_at',
  'r.locale',
  'r.state',
  'r.hidden_reason',
  'r.reply',
  'r.replied_at',
  'r.helpful_count',
  'r.created_at',
  'r.updated_at',
] as const;

/** Year and month in Taiwan: "bought 2026-11". */
const monthInTaipei = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 7);

/**
 * A review on the wire: its text exactly as written (plain text: whoever shows it escapes it), the
 * variant bought in the caller's language and the month it was bought, the shop's reply if any.
 */
export function reviewView(r: ReviewRow, locale: Locale) {
  return {
    id: r.id,
    stars: r.stars,
    title: r.title,
    body: r.body,
    variant: locale === 'en' ? r.variant_en || r.variant_zh : r.variant_zh || r.variant_en,
    bought: monthInTaipei(Number(r.bought_at)),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    state: r.state,
    helpful_count: r.helpful_count,
    reply: r.reply ? { body: r.reply, at: Number(r.replied_at) } : null,
  };
}
export type ReviewView = ReturnType<typeof reviewView>;
