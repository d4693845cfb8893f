import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { splitInstallments } from '../../src/lib/checkout/installments.ts';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { CASHIER_TEXT } from '../../src/server/providers/ecpay/simulator/view.ts';
import { apiLogin, createMember, useSession as signInBrowser } from './support/auth.ts';
import { api, apiAll, browserLocale, type Json, LOCALES, msg, url } from './support/pages.ts';

/**
 * Card installments through the cashier simulator, in both languages (the e2e server's merchant
 * contract: ECPAY_INSTALLMENTS=3,6,12,24, interest free, playwright.config.ts), and Apple Pay, which
 * the server offers but a browser without ApplePaySession is never shown.
 */
const TOTAL = 36_000;
const SHOP_PICKUP = { 'zh-TW': '門市自取', en: 'Pickup at our shop' } as const;
const CARD = { 'zh-TW': '信用卡', en: 'Credit card' } as const;

const sim = (locale: Locale, key: keyof typeof CASHIER_TEXT, params: Record<string, string> = {}) =>
  CASHIER_TEXT[key][locale === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/** A variant (and how many of it) that make exactly NT$36,000, taken from the end of the catalog. */
async function variantFor36000(request: APIRequestContext, locale: Locale): Promise<{ sku: string; quantity: number }> {
  const summaries = await apiAll(request, '/api/products?sort=name', locale);
  for (const s of summaries.reverse()) {
    const p = await api(request, `/api/products/${s.slug}`, locale);
    for (const v of p.variants as Json[]) {
      const quantity = TOTAL / v.price;
      if (Number.isInteger(quantity) && quantity <= 3 && v.stock >= quantity + 5) return { sku: v.sku, quantity };
    }
  }
  throw new Error('no variant that makes NT$36,000');
}

async function shopperWithCart(page: Page, request: APIRequestContext, baseURL: string, locale: Locale) {
  const member = await createMember(request);
  const session = await apiLogin(request, member.phone, member.password);
  const { sku, quantity } = await variantFor36000(request, locale);
  const add = await request.post('/api/cart/items', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { sku, quantity },
  });
  expect(add.ok(), await add.text()).toBe(true);
  await signInBrowser(page.context(), baseURL, session);
  return session.token;
}

for (const locale of LOCALES) {
  test.describe(`installments [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a shopper pays a NT$36,000 cart in 12 interest-free installments and the order shows them', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const token = await shopperWithCart(page, request, baseURL!, locale);
      // Promotions apply as before: the installments are reckoned on the total after them.
      const quote = await request.post('/api/checkout/quote', {
        headers: { authorization: `Bearer ${token}` },
        data: { shipping: { method: 'shop' }, payment: 'credit' },
      });
      const { subtotal, total } = (await quote.json()).result;
      expect(subtotal).toBe(TOTAL);
      const { per_payment: per, first_payment: first } = splitInstallments(total, 12);
      const each = formatPrice(per);
      const firstText = msg(locale, 'checkout.installments.first', { first: formatPrice(first) });
      const planEach = msg(locale, 'checkout.installments.planFree', { periods: '12', each });
      const plan =
        first === per ? planEach : locale === 'en' ? `${planEach} (${firstText})` : `${planEach}（${firstText}）`;
      await page.goto(url(locale, '/cart/checkout'));
      await page.getByRole('radio', { name: SHOP_PICKUP[locale] }).check();
      await page.getByRole('radio', { name: CARD[locale], exact: true }).check();
      await page.getByRole('radio', { name: plan, exact: true }).check();
      // Apple Pay is on at the server, but Chromium has no ApplePaySession: never offered.
      await expect(page.getByRole('radio', { name: 'Apple Pay' })).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.getByRole('radio', { name: msg(locale, 'invoice.kind.member') }).check();
      await page.getByRole('button', { name: msg(locale, 'checkout.place') }).click();
      await expect(page).toHaveURL(/\/cart\/payment\?no=/);
      const no = new URL(page.url()).searchParams.get('no') ?? '';

      await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
      await expect(page.getByRole('heading', { name: sim(locale, 'card') })).toBeVisible();
      await expect(
        page.getByText(sim(locale, 'installments', { periods: '12', first: formatPrice(first), each })),
      ).toBeVisible();
      await page.getByLabel(sim(locale, 'cardNumber')).fill('4311-9522-2222-2222');
      await page.getByLabel(sim(locale, 'expiry')).fill('12/30');
      await page.getByLabel(sim(locale, 'cvc')).fill('123');
      await page.getByRole('button', { name: new RegExp(sim(locale, 'pay', { amount: '' })) }).click();

      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}`));
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
      const shown = msg(locale, 'pay.installments', { periods: '12', first: formatPrice(first), each });
      await expect(page.getByText(shown)).toBeVisible();
      const order = await request.get(`/api/orders/${no}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await order.json()).result.payment).toMatchObject({
        method: 'credit',
        installments: 12,
        first_payment: first,
        per_payment: per,
      });
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByText(shown)).toBeVisible();
    });
  });
}

test('the quote offers Apple Pay, which Chromium is never shown', async ({ request }) => {
  const q = await request.post('/api/checkout/quote', { data: { shipping: { method: 'shop' } } });
  const codes = ((await q.json()).result.payment_methods as Json[]).map((m) => m.code);
  expect(codes).toContain('apple_pay');
});
