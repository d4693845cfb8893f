import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewReportError, reviewLines } from '../../../src/server/reviews/review-report.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { postReview, reviewOrder } from './reviews-helpers.ts';

/** `npm run catalog -- reviews`: the owner's table, read by the console's service (the CLI: catalog-cli.test.ts). */
let shop: TestShop;
let slugs: string[];
let ids: number[];
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  ids = [];
  slugs = [];
  for (const [stars, title] of [
    [1, '很吵'],
    [2, '普通'],
    [5, '很棒'],
  ] as const) {
    const o = await reviewOrder(shop);
    slugs.push(o.slug);
    ids.push((await postReview(shop, o, { stars, title })).json.result.id);
    shop.clock.advance(1000);
  }
  // Text the API refuses but a database edited by hand may hold: the table shows it escaped.
  await shop.deps.db.kysely.updateTable('reviews').set({ title: '普通\u001b[2J' }).where('id', '=', ids[1]!).execute();
});
afterAll(() => shop.close());

const idsOf = (lines: string[]) =>
  lines
    .slice(1, -1)
    .map((l) => Number(l.trim().split(/\s+/)[0]))
    .sort((a, b) => a - b);

describe('the reviews table', () => {
  it('lists newest first with a head and a total; --stars 1-2 keeps the low ones, --product the product', async () => {
    const all = await reviewLines(shop.deps, {}, 'en');
    expect(all[0]).toMatch(/^id\s+date\s+stars\s+state\s+reports\s+order\s+product\s+review$/);
    expect(all).toHaveLength(5);
    expect(all.at(-1)).toBe('3 reviews, 3 listed');
    expect(all[1]).toContain('★★★★★');
    expect(all[1]).toContain('published');
    const low = await reviewLines(shop.deps, { stars: '1-2' }, 'zh-TW');
    expect(idsOf(low)).toEqual(ids.slice(0, 2));
    expect(low[0]).toMatch(/^編號/);
    expect(low.at(-1)).toBe('共 2 則評論，列出 2 則');
    // A title's escape sequence is shown, never acted on.
    expect(low.join('\n')).toContain('普通\\x1b[2J');
    expect(low.join('\n')).not.toContain('\u001b');
    expect(idsOf(await reviewLines(shop.deps, { stars: '5' }, 'en'))).toEqual([ids[2]]);
    const ofProduct = await reviewLines(shop.deps, { product: slugs[2] }, 'en');
    expect(idsOf(ofProduct)).toEqual(ids.filter((_, i) => slugs[i] === slugs[2]));
    expect(ofProduct.slice(1, -1).every((l) => l.includes(slugs[2]!))).toBe(true);
    expect(await reviewLines(shop.deps, { stars: '3-4' }, 'en')).toEqual(['No reviews match.']);
    expect(await reviewLines(shop.deps, { limit: '1' }, 'en')).toHaveLength(3);
  });

  it('refuses stars outside 1–5 or a reversed range, a bad limit (usage, 2) and an unknown product (1)', async () => {
    for (const stars of ['0', '6', '2-1', '1-', 'x', '1-2-3']) {
      const err = await reviewLines(shop.deps, { stars }, 'en').catch((e) => e);
      expect(err, stars).toBeInstanceOf(ReviewReportError);
      expect(err.exitCode).toBe(2);
      expect(err.message).toContain('--stars takes');
    }
    const zh = await reviewLines(shop.deps, { stars: '9' }, 'zh-TW').catch((e) => e);
    expect(zh.message).toBe('--stars 要寫 1 到 5 的星數，或像 1-2 的範圍（小的在前），不是「9」。');
    for (const limit of ['0', '101', 'ten'])
      expect((await reviewLines(shop.deps, { limit }, 'en').catch((e) => e)).exitCode).toBe(2);
    const unknown = await reviewLines(shop.deps, { product: 'no-such-thing' }, 'en').catch((e) => e);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.message).toBe('No product has the slug "no-such-thing".');
  });
});
