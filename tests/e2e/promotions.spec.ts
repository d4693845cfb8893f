import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { CASHIER_TEXT } from '../../src/server/providers/ecpay/simulator/view.ts';
import { apiLogin, createMember, useSession } from './support/auth.ts';
import { apiAll, browserLocale, type Json, LOCALES, msg, url } from './support/pages.ts';

/** The demo's anniversary promotions (src/server/seed/promotions.ts), as the shopper reads them. */
const CODE_NAME = { 'zh-TW': '週年慶優惠碼 9 折', en: 'Anniversary code: 10% off' } as const;
const AUTO_NAME = { 'zh-TW': '週年慶滿額折', en: 'Anniversary: spend more, save more' } as const;
const SHOP_PICKUP = { 'zh-TW': '門市自取', en: 'Pickup at our shop' } as const;
const CARD = { 'zh-TW': '信用卡', en: 'Credit card' } as const;
const UNKNOWN = { 'zh-TW': '找不到這個優惠碼', en: 'This code does not exist' } as const;

const sim = (locale: Locale, key: keyof typeof CASHIER_TEXT, params: Record<string, string> = {}) =>
  CASHIER_TEXT[key][locale === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** A variant from NT$3,000 to NT$5,500 with stock: past the first tier and the code's minimum, short of NT$6,000. */
async function midPricedVariant(request: APIRequestContext, locale: Locale, skip: number): Promise<Json> {
  const summaries = await apiAll(request, '/api/products?sort=price_desc', locale);
  const found: Json[] = [];
  for (const s of summaries.filter((x: Json) => x.price >= 3_000 && x.price <= 5_500 && x.in_stock)) {
    const p = await (await request.get(`/api/products/${s.slug}`)).json();
    const v = p.result.variants.find((x: Json) => x.stock >= 5 && x.price >= 3_000 && x.price <= 5_500);
    if (v) found.push(v);
    if (found.length > skip) return found[skip]!;
  }
  throw new Error('no product from NT$3,000 to NT$5,500 in stock');
}

for (const [i, locale] of LOCALES.entries()) {
  test.describe(`promotions [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a shopper applies the anniversary code, sees the discount and the nudge, pays by card, and the order shows both', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const variant = await midPricedVariant(request, locale, i);
      const member = await createMember(request);
      const session = await apiLogin(request, member.phone, member.password);
      const add = await request.post('/api/cart/items', {
        headers: { authorization: `Bearer ${session.token}` },
        data: { sku: variant.sku, quantity: 1 },
      });
      expect(add.ok(), await add.text()).toBe(true);
      await useSession(page.context(), baseURL!, session);

      // The cart: the spend-more discount by itself, and how far the next tier is.
      await page.goto(url(locale, '/cart'));
      const summary = page.getByRole('region', { name: msg(locale, 'cart.summary') });
      await expect(summary.getByText(AUTO_NAME[locale], { exact: true })).toBeVisible();
      await expect(summary.getByText(`−${formatPrice(300)}`)).toBeVisible();
      const need = formatPrice(6_000 - variant.price);
      const nudge =
        locale === 'en' ? `Spend ${need} more to save ${formatPrice(800)}` : `再買 ${need} 享折 ${formatPrice(800)}`;
      await expect(summary.getByText(nudge)).toBeVisible();

      // A code that does not exist is refused beside the field; the anniversary code, typed in lower case, applies.
      const field = page.getByLabel(msg(locale, 'promo.label'));
      await field.fill('nope-2026');
      await field.press('Enter');
      await expect(page.getByRole('alert').getByText(UNKNOWN[locale])).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill('anniv2026');
      await page.getByRole('button', { name: msg(locale, 'promo.apply') }).click();
      await expect(page.getByText(msg(locale, 'promo.applied', { code: 'ANNIV2026' }))).toBeVisible();
      const off = Math.floor(variant.price / 10);
      await expect(summary.getByText(`${CODE_NAME[locale]}（ANNIV2026）`)).toBeVisible();
      await expect(summary.getByText(`−${formatPrice(off)}`)).toBeVisible();
      // The code does not combine with the spend-more discount.
      await expect(summary.getByText(AUTO_NAME[locale], { exact: true })).toHaveCount(0);
      await expectAccessible(page, 'cart with the code');

      // Checkout keeps the code; the order is placed and paid at the discounted total.
      await page.getByRole('link', { name: msg(locale, 'cart.checkout') }).click();
      await expect(page.getByText(msg(locale, 'promo.applied', { code: 'ANNIV2026' }))).toBeVisible();
      const total = variant.price - off;
      await expect(page.getByText(formatPrice(total), { exact: true }).first()).toBeVisible();
      await page.getByRole('radio', { name: SHOP_PICKUP[locale] }).check();
      await page.getByRole('radio', { name: CARD[locale], exact: true }).check();
      await page.getByRole('radio', { name: msg(locale, 'invoice.kind.member') }).check();
      await expectAccessible(page, 'checkout with the code');
      await page.getByRole('button', { name: msg(locale, 'checkout.place') }).click();
      await expect(page).toHaveURL(/\/cart\/payment\?no=/);
      const no = new URL(page.url()).searchParams.get('no') ?? '';
      await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
      await expect(
        page.getByRole('button', { name: new RegExp(formatPrice(total).replace('$', '\\$')) }),
      ).toBeVisible();
      await page.getByLabel(sim(locale, 'cardNumber')).fill('4311-9522-2222-2222');
      await page.getByLabel(sim(locale, 'expiry')).fill('12/30');
      await page.getByLabel(sim(locale, 'cvc')).fill('123');
      await page.getByRole('button', { name: new RegExp(sim(locale, 'pay', { amount: '' })) }).click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}`));
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();

      let invoiceNo = '';
      await expect
        .poll(async () => {
          const res = await request.get(`/api/orders/${no}`, { headers: { authorization: `Bearer ${session.token}` } });
          invoiceNo = (await res.json()).result?.invoice?.number ?? '';
          return invoiceNo;
        })
        .toMatch(/^[A-Z]{2}\d{8}$/);
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByText(`${CODE_NAME[locale]}（ANNIV2026）`)).toBeVisible();
      await expect(page.getByText(`−${formatPrice(off)}`)).toBeVisible();
      await expect(page.getByText(msg(locale, 'order.invoiceNumber', { number: invoiceNo }))).toBeVisible();
      await expectAccessible(page, 'order page with the discount');
    });
  });
}
