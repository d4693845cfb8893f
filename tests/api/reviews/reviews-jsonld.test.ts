import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCardHtml } from '../../../src/features/catalog/cards.ts';
import { cardLabels } from '../../../src/features/catalog/labels.ts';
import { reviewHtml } from '../../../src/features/reviews/review-markup.ts';
import { camelKeys } from '../../../src/lib/api/case.ts';
import type { ProductDetail } from '../../../src/lib/api/catalog.ts';
import { ldJson, productLd } from '../../../src/lib/seo/jsonld.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { registerMember } from '../accounts/users-helpers.ts';
import { postReview, type ReviewOrder, reviewOrder } from './reviews-helpers.ts';

const SITE = new URL('https://shop.example/');
const EVIL = '</script><script>alert(1)</script> & "quotes"';
let shop: TestShop;
let o: ReviewOrder;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  o = await reviewOrder(shop, { member: await registerMember(shop, { name: 'Alice Wonder' }) });
  expect((await postReview(shop, o, { stars: 4, title: 'Warm <b>sound</b>', body: EVIL })).status).toBe(201);
});
afterAll(() => shop.close());

/** The product as the page receives it (the build's client camelCases the answer). */
async function detail(slug = o.slug): Promise<ProductDetail> {
  const r = await shop.call('GET', `/api/products/${slug}`, { lang: 'en' });
  return camelKeys<ProductDetail>(r.json.result);
}

/** The JSON-LD as the page's `<script type="application/ld+json">` carries it, read back as a parser would. */
function pageLd(p: ProductDetail) {
  const script = `<script type="application/ld+json">${ldJson(productLd(p, `/en/brands/${p.brand.slug}/${p.slug}`, SITE))}</script>`;
  const inner = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(script);
  expect(inner).not.toBeNull();
  // The body itself ends nowhere before the closing tag: no `</script>` breaks out of it.
  expect(inner![1]).not.toMatch(/<\/script/i);
  return JSON.parse(inner![1]!);
}

describe("the product page's structured data", () => {
  it("carries an AggregateRating and the page's reviews as Google's review and product snippets require", async () => {
    const p = await detail();
    const ld = pageLd(p);
    // Product snippet: a name, and one of review, aggregateRating or offers.
    expect(ld['@type']).toBe('Product');
    expect(typeof ld.name).toBe('string');
    expect(ld.name.length).toBeGreaterThan(0);
    // AggregateRating: ratingValue and reviewCount (or ratingCount) required; the scale recommended.
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    // Review: an author with a valid name under 100 characters, reviewRating.ratingValue; datePublished recommended.
    expect(ld.review).toHaveLength(p.reviews!.first.length);
    const [review] = ld.review;
    expect(review['@type']).toBe('Review');
    expect(review.author).toEqual({ '@type': 'Person', name: 'A**' });
    expect(review.author.name.length).toBeLessThan(100);
    expect(review.reviewRating).toEqual({ '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 });
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(review.reviewBody).toBe(EVIL);
    expect(review.name).toBe('Warm <b>sound</b>');
    // The writer's full name shows nowhere in it.
    expect(JSON.stringify(ld)).not.toContain('Wonder');
  });

  it('carries no rating and no review for a product without reviews', async () => {
    const list = await shop.call('GET', '/api/products?page_size=50');
    const other = list.json.result.data.find((x: { slug: string; rating: unknown }) => x.slug !== o.slug && !x.rating);
    const ld = pageLd(await detail(other.slug));
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.review).toBeUndefined();
    expect(ld.offers['@type']).toBe('Offer');
  });
});

describe("the review's markup on the pages", () => {
  it("shows the review's text as text: its HTML escaped", async () => {
    const p = await detail();
    const labels = {
      starsOf: '{n} out of 5 stars',
      bought: '{variant}, bought {month}',
      boughtMonth: 'Bought {month}',
      writtenOn: '{author}, {date}',
      reply: 'Reply from the shop',
      helpful: 'Helpful',
      helpfulCount: 'Helpful ({count})',
      report: 'Report',
    };
    const html = reviewHtml({ ...p.reviews!.first[0]!, reply: { body: '<i>thanks</i>', at: 0 } }, labels, 'en');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>sound');
    expect(html).not.toContain('<i>thanks');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('4 out of 5 stars');
  });

  it("draws the card's stars with their text only for a product with reviews", async () => {
    const p = await detail();
    const card = productCardHtml(p, { href: '/x', labels: cardLabels('en') });
    expect(card).toContain('class="card-rating"');
    expect(card).toContain('4.0 out of 5, 1 review');
    const bare = productCardHtml({ ...p, rating: null }, { href: '/x', labels: cardLabels('en') });
    expect(bare).not.toContain('card-rating');
  });
});
