import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buildInChild, RebuildScheduler } from '../../scripts/lib/rebuild-scheduler.ts';
import type { Locale } from '../../src/config.ts';
import { at } from '../../src/features/admin/i18n.ts';
import { createApp } from '../../src/server/app.ts';
import { readEnv } from '../../src/server/env.ts';
import { apiStaff, serverDeps, useStaffSession } from './support/admin.ts';
import { apiLogin, createMember, loginWithForm } from './support/auth.ts';
import { productUrl } from './support/cart.ts';
import { expectAccessible } from './support/checkout.ts';
import { api, type Json, LOCALES, msg } from './support/pages.ts';

/**
 * Issue 42 on the shop's pages: a member whose order was delivered follows the link of the mail asking
 * for reviews (read from the outbox), signs in, gives the product 4 stars with the keyboard, and sees
 * the review on the product page, in its structured data and in its listing card, once the schedule's
 * check has rebuilt the pages. In both languages, one order each (set up once); one rebuild for both.
 * It rebuilds the site the other tests read, so it runs after them (playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

const PHONE_WIDTH = 375;
const HOME = { method: 'home', zipcode: '100', city: '臺北市', area: '中正區', addr: '重慶南路一段 122 號' };
const DAY = 86_400_000;
const TEXT = {
  'zh-TW': { title: '低音<b>飽滿</b>', body: '聲音溫暖。\n</script>第二行' },
  en: { title: 'Warm <b>bass</b>', body: 'Lovely sound.\n</script>Second line' },
};

interface Case {
  locale: Locale;
  product: Json;
  member: { phone: string; password: string; name: string };
  no: string;
  email: string;
}
const cases = new Map<Locale, Case>();

/** Products of the shop with an option in stock, cheap enough to pay on delivery, from the `skip`-th cheapest. */
async function products(request: APIRequestContext, n: number, skip: number): Promise<{ p: Json; sku: string }[]> {
  const list = await api(request, '/api/products?sort=price_asc&page=1&page_size=60');
  const found: { p: Json; sku: string }[] = [];
  for (const s of list.data.slice(skip)) {
    const p = await api(request, `/api/products/${s.slug}`);
    const v = p.variants.find((x: Json) => x.stock >= 2 && x.price <= 10_000);
    if (v && !p.reviews?.summary.count) found.push({ p, sku: v.sku });
    if (found.length === n) break;
  }
  expect(found, 'products to order').toHaveLength(n);
  return found;
}

/** A member's cash-on-delivery order of `sku` in `locale`, placed through the API and marked delivered 11 days ago. */
async function deliveredOrder(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  sku: string,
  locale: Locale,
  email: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const added = await request.post('/api/cart/items', { headers, data: { sku, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID(), 'Accept-Language': locale },
    data: {
      receiver: { name: '陳大文', phone: '0911222333', email },
      shipping: HOME,
      payment: 'cod',
      invoice: { type: 'member' },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { no } = (await placed.json()).result;
  // Delivered long enough ago for the mail asking for reviews (REVIEW_REQUEST_DAYS, 10 by default).
  const deps = serverDeps(baseURL);
  try {
    const k = deps.db.kysely;
    const o = await k.selectFrom('orders').select('id').where('no', '=', no).executeTakeFirstOrThrow();
    await k.updateTable('orders').set({ state: 'delivered' }).where('id', '=', o.id).execute();
    await k
      .insertInto('order_events')
      .values({ order_id: o.id, state: 'delivered', note: '', at: Date.now() - 11 * DAY })
      .execute();
  } finally {
    await deps.db.close();
  }
  return no as string;
}

/** The link of the review-request mail to `email`, once the server's outbox has sent it. */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/email-outbox?email=${encodeURIComponent(email)}`);
        const mail = ((await res.json()).result as Json[]).find((m) => m.purpose === 'review-request');
        link = mail?.link ?? '';
        return link;
      },
      { timeout: 40_000, intervals: [1000] },
    )
    .toMatch(/\/review\?no=/);
  return link;
}

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const picked = await products(request, LOCALES.length, 24);
  for (const [i, locale] of LOCALES.entries()) {
    const member = await createMember(request);
    const { token } = await apiLogin(request, member.phone, member.password);
    const email = `review-${locale}-${Date.now()}@example.tw`;
    const { p, sku } = picked[i]!;
    // The product as its page in this language names it.
    const product = await api(request, `/api/products/${p.slug}`, locale);
    cases.set(locale, {
      locale,
      product,
      member,
      email,
      no: await deliveredOrder(request, baseURL!, token, sku, locale, email),
    });
  }
});

/**
 * One check of the rebuild schedule, as the serving process runs it beside the app it composed (which
 * hooks the reviews into the catalogue's fingerprint): 'built' when the reviews moved it.
 */
async function scheduledCheck(baseURL: string) {
  const deps = serverDeps(baseURL);
  try {
    createApp(deps);
    const schedule = new RebuildScheduler({
      db: deps.db,
      dist: resolve(readEnv().DIST_DIR),
      checkSeconds: 60,
      log: () => {},
      build: () =>
        buildInChild(() => {}, { ...process.env, SQLITE_PATH: process.env.E2E_SQLITE_PATH!, DATABASE_URL: '' }),
    });
    return await schedule.check();
  } finally {
    await deps.db.close();
  }
}

/** The product page's Product JSON-LD. */
async function productLd(page: Page): Promise<Json> {
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((x) => JSON.parse(x));
  return ld.find((x) => x['@type'] === 'Product');
}

const starRadio = (page: Page, locale: Locale, n: number) =>
  page.getByRole('radio', {
    name: msg(locale, n === 1 ? 'reviews.form.star' : 'reviews.form.starMany', { n }),
    exact: true,
  });

for (const locale of LOCALES) {
  test(`the mail's link: sign in, 4 stars by keyboard, posted [${locale}]`, async ({ page, request }) => {
    test.setTimeout(70_000);
    const c = cases.get(locale)!;
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    const link = await mailedLink(request, c.email);
    expect(link).toContain(`${locale === 'en' ? '/en' : ''}/review?no=${c.no}`);
    // Not signed in: to the sign-in page and back to the form.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login/);
    await loginWithForm(page, locale, c.member.phone, c.member.password);
    await expect(page).toHaveURL(new RegExp(`/review\\?no=${c.no}`));
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'reviews.form.title') })).toBeVisible();
    const form = page.getByRole('form', { name: c.product.name });
    await expect(form).toBeVisible();
    await expectAccessible(page, `review form [${locale}]`, PHONE_WIDTH);

    // No stars: the error stands beside them, in the page's language.
    await form.getByRole('button', { name: msg(locale, 'reviews.form.send') }).click();
    await expect(form.getByText(msg(locale, 'reviews.form.starsRequired'))).toBeVisible();
    // Three stars, then one more with the arrow key.
    await starRadio(page, locale, 3).check();
    await page.keyboard.press('ArrowRight');
    await expect(starRadio(page, locale, 4)).toBeChecked();
    await form.getByLabel(msg(locale, 'reviews.form.titleField')).fill(TEXT[locale].title);
    await form.getByLabel(msg(locale, 'reviews.form.body')).fill(TEXT[locale].body);
    await form.getByRole('button', { name: msg(locale, 'reviews.form.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: msg(locale, 'reviews.form.sent') })).toBeVisible();
    // Written: it stands as it was sent, to be changed within the edit window.
    await expect(form.getByRole('button', { name: msg(locale, 'reviews.form.save') })).toBeVisible();
    await expectAccessible(page, `review form, sent [${locale}]`, PHONE_WIDTH);
  });
}

test('after the schedule rebuilds the pages, each product page shows its review, its stars and its structured data', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The reviews moved the catalogue's fingerprint: the schedule's check rebuilds.
  expect(await scheduledCheck(baseURL!)).toBe('built');
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  for (const locale of LOCALES) {
    const c = cases.get(locale)!;
    const summary = msg(locale, 'reviews.summaryOne', { average: '4.0' });
    // The new build is served within a second of going live.
    await expect
      .poll(
        async () => {
          await page.goto(productUrl(locale, c.product));
          return page.locator('#reviews .review').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const section = page.locator('#reviews');
    await expect(section.getByText(summary)).toBeVisible();
    const review = section.locator('.review').first();
    // The text as typed, shown as text.
    await expect(review.getByRole('heading', { name: TEXT[locale].title })).toBeVisible();
    await expect(review.locator('.review-body')).toHaveText(TEXT[locale].body);
    await expect(review.getByText(msg(locale, 'reviews.starsOf', { n: 4 }))).toBeAttached();
    const product = await productLd(page);
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(product.review[0]).toMatchObject({ reviewRating: { ratingValue: 4 }, reviewBody: TEXT[locale].body });
    expect(product.review[0].author.name).not.toContain(c.member.name);
    // More reviews on demand (sort, stars), then axe-clean at a phone's width.
    await section.getByRole('button', { name: msg(locale, 'reviews.all') }).click();
    await expect(section.getByText(msg(locale, 'reviews.shown', { shown: 1, total: 1 }))).toBeVisible();
    await expect(section.getByLabel(msg(locale, 'reviews.sort'))).toBeVisible();
    await expectAccessible(page, `product reviews [${locale}]`, PHONE_WIDTH);
  }
});

test('the owner hides a review in the console: after the next scheduled rebuild it is gone from its page and its structured data', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const c = cases.get('zh-TW')!;
  const t = (k: Parameters<typeof at>[1], p?: Record<string, string | number>) => at('zh-TW', k, p);
  const owner = await apiStaff(request, baseURL!, 'owner', '王店主');
  await useStaffSession(context, baseURL!, owner.token);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await page.goto(`/admin/reviews?product=${c.product.slug}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: TEXT['zh-TW'].title, exact: true }) });
  await card.getByRole('button', { name: t('admin.reviews.hide'), exact: true }).click();
  await card.getByRole('textbox', { name: t('admin.reviews.reason') }).fill('與商品無關');
  await card.getByRole('button', { name: t('admin.reviews.hideConfirm'), exact: true }).click();
  await expect(card.getByRole('status')).toHaveText(t('admin.reviews.hiddenNow'));

  expect(await scheduledCheck(baseURL!)).toBe('built');
  // The product's one review is hidden: none on its page, no rating in its structured data.
  await expect
    .poll(
      async () => {
        await page.goto(productUrl('zh-TW', c.product));
        return page.locator('#reviews .review').count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
  await expect(page.getByText(TEXT['zh-TW'].body.split('\n')[0]!)).toHaveCount(0);
  const product = await productLd(page);
  expect(product).toBeDefined();
  expect(product.aggregateRating).toBeUndefined();
  expect(product.review).toBeUndefined();
});
