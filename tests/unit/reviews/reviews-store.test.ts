import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTransport } from '../../../src/lib/api/browser.ts';
import { $reviewForm, loadReviewForm, sendReview } from '../../../src/stores/reviews.ts';
import { DAY, reviewOrder } from '../../api/reviews/reviews-helpers.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { installFakeBrowser } from '../support/fake-browser.ts';

// The store talks to the real shop API, in process: no mock of our own API.
let shop: TestShop;
let browser: ReturnType<typeof installFakeBrowser>;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  useTransport(async (input, init) => shop.app.request(input instanceof Request ? input : String(input), init));
});
afterAll(() => shop.close());
beforeEach(() => {
  browser = installFakeBrowser('http://shop.test/en/review');
});
afterEach(() => browser.uninstall());

const reviews = () => shop.deps.db.kysely.selectFrom('reviews').selectAll().execute();
const item = () => $reviewForm.get().form!.items[0]!;

describe('$reviewForm on a guest’s review link', () => {
  it('checks the stars in the page, shows the server’s field errors beside their fields, posts, edits, then is frozen', async () => {
    const o = await reviewOrder(shop);
    await loadReviewForm(o.no, o.guestKey);
    expect($reviewForm.get()).toMatchObject({
      loading: false,
      loadError: null,
      form: { delivered: true, editDays: 30 },
    });
    expect(item()).toMatchObject({ slug: o.slug, review: null });

    // The page's own check: no stars, nothing sent.
    expect(await sendReview(item(), { stars: 0, title: '', body: '' }, 'en')).toBe(false);
    expect($reviewForm.get().items[o.slug]?.errors).toEqual({ stars: 'Choose from 1 to 5 stars.' });
    // The server's: a title with a control character, refused beside the title in English.
    expect(await sendReview(item(), { stars: 4, title: 'bell\u0007', body: '' }, 'en')).toBe(false);
    const refused = $reviewForm.get().items[o.slug]!;
    expect(Object.keys(refused.errors)).toEqual(['title']);
    expect(refused.errors.title).toMatch(/[a-z]/i);
    expect(await reviews()).toHaveLength(0);

    expect(await sendReview(item(), { stars: 4, title: 'Warm', body: 'Good.' }, 'en')).toBe(true);
    expect($reviewForm.get().items[o.slug]).toMatchObject({ errors: {}, done: 'Thank you! Your review is posted.' });
    expect(item().review).toMatchObject({ stars: 4, title: 'Warm', body: 'Good.' });
    expect(item().review!.editableUntil).toBe(item().review!.createdAt + 30 * DAY);

    expect(await sendReview(item(), { stars: 5, title: '', body: 'Better after a week.' }, 'en')).toBe(true);
    expect(item().review).toMatchObject({ stars: 5, title: '', body: 'Better after a week.' });
    expect($reviewForm.get().items[o.slug]?.done).toBe('Your changes are saved.');

    shop.clock.advance(31 * DAY);
    expect(await sendReview(item(), { stars: 1, title: '', body: '' }, 'en')).toBe(false);
    expect($reviewForm.get().items[o.slug]?.message).not.toBe('');
    expect((await reviews())[0]).toMatchObject({ stars: 5 });
    expect($reviewForm.get().sending).toBeNull();
  });

  it('says why when the link is not the order’s', async () => {
    const o = await reviewOrder(shop);
    await loadReviewForm(o.no, 'x'.repeat(43));
    expect($reviewForm.get().form).toBeNull();
    expect($reviewForm.get().loadError).toMatchObject({ status: 404 });
  });
});
