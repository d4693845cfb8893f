import { MAX_PAGE_SIZE } from '../common/paging.ts';
import { terminalSafe } from '../common/terminal-text.ts';
import type { Deps } from '../context.ts';
import { listConsoleReviews } from './review-admin.ts';

type ToolLocale = 'zh-TW' | 'en';

const TEXT = {
  none: { 'zh-TW': '沒有符合的評論。', en: 'No reviews match.' },
  head: {
    'zh-TW': ['編號', '日期', '星等', '狀態', '檢舉', '訂單', '商品', '評論'],
    en: ['id', 'date', 'stars', 'state', 'reports', 'order', 'product', 'review'],
  },
  state: {
    'zh-TW': { published: '已刊登', pending: '待刊登', hidden: '已隱藏' },
    en: { published: 'published', pending: 'pending', hidden: 'hidden' },
  },
  total: { 'zh-TW': '共 {total} 則評論，列出 {shown} 則', en: '{total} reviews, {shown} listed' },
  badStars: {
    'zh-TW': '--stars 要寫 1 到 5 的星數，或像 1-2 的範圍（小的在前），不是「{value}」。',
    en: '--stars takes a number of stars from 1 to 5, or a range such as 1-2 (low first), not "{value}".',
  },
  badLimit: {
    'zh-TW': `--limit 要寫 1 到 ${MAX_PAGE_SIZE} 的整數，不是「{value}」。`,
    en: `--limit takes a whole number from 1 to ${MAX_PAGE_SIZE}, not "{value}".`,
  },
  noProduct: { 'zh-TW': '沒有代稱為「{value}」的商品。', en: 'No product has the slug "{value}".' },
} as const;

/** A refusal of the owner's flags: why, in the tool's language (exit 2: wrong usage; 1: unknown product). */
export class ReviewReportError extends Error {
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2) {
    super(message);
    this.name = 'ReviewReportError';
    this.exitCode = exitCode;
  }
}

const STARS_RE = /^([1-5])(?:-([1-5]))?$/;

/** `--stars 2` or `--stars 1-2` as a range of stars, or a refusal. */
export function starsRange(raw: string, locale: ToolLocale): { min: number; max: number } {
  const m = STARS_RE.exec(raw.trim());
  const min = Number(m?.[1]);
  const max = Number(m?.[2] ?? m?.[1]);
  if (!m || min > max) throw new ReviewReportError(TEXT.badStars[locale].replace('{value}', terminalSafe(raw)), 2);
  return { min, max };
}

const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const excerpt = (title: string, body: string) => {
  const text = [title, body].filter(Boolean).join(' — ').replace(/\s+/g, ' ');
  return terminalSafe(text.length > 60 ? `${text.slice(0, 59)}…` : text);
};

/**
 * The owner's table of reviews (`npm run catalog -- reviews [--product <slug>] [--stars 1-2]
 * [--limit n]`), newest first, read by the console's own service; the text of each shown safe for a
 * terminal. Refuses stars outside 1–5, a limit outside 1–MAX_PAGE_SIZE and an unknown product.
 */
export async function reviewLines(
  deps: Pick<Deps, 'db'>,
  flags: { product?: string | undefined; stars?: string | undefined; limit?: string | undefined },
  locale: ToolLocale,
): Promise<string[]> {
  const stars = flags.stars === undefined ? undefined : starsRange(flags.stars, locale);
  const limit = Number(flags.limit ?? 50);
  if (!/^\d{1,9}$/.test(flags.limit ?? '50') || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new ReviewReportError(TEXT.badLimit[locale].replace('{value}', terminalSafe(flags.limit ?? '')), 2);
  const product = flags.product?.trim() || undefined;
  if (product) {
    const known = await deps.db.kysely
      .selectFrom('products')
      .select('id')
      .where('slug', '=', product)
      .executeTakeFirst();
    if (!known) throw new ReviewReportError(TEXT.noProduct[locale].replace('{value}', terminalSafe(product)), 1);
  }
  const page = await listConsoleReviews(deps, { product, stars, page: 1, limit }, locale);
  if (!page.data.length) return [TEXT.none[locale]];
  const cells = [
    [...TEXT.head[locale]],
    ...page.data.map((r) => [
      String(r.id),
      day(r.created_at),
      `${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}`,
      TEXT.state[locale][r.state as keyof (typeof TEXT.state)['en']] ?? terminalSafe(r.state),
      String(r.report_count),
      terminalSafe(r.order_no),
      terminalSafe(r.product.slug),
      excerpt(r.title, r.body),
    ]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  const lines = cells.map((c) =>
    c
      .map((cell, i) =>
        i === c.length - 1 ? cell : i === 0 || i === 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  '),
  );
  const total = TEXT.total[locale].replace('{total}', String(page.total)).replace('{shown}', String(page.data.length));
  return [...lines, total];
}
