import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CART_COOKIE, type Locale } from '../../src/config.ts';
import { CASHIER_TEXT } from '../../src/server/providers/ecpay/simulator/view.ts';
import { apiLogin, createMember, freshPhone, readOtp, useSession as signInBrowser } from './support/auth.ts';
import { api, apiAll, browserLocale, type Json, LOCALES, msg, url } from './support/pages.ts';

const SUCCESS_CARD = '4311-9522-2222-2222';
const DECLINED_CARD = '4000-2211-1111-1112';
const SHOP_PICKUP = { 'zh-TW': '門市自取', en: 'Pickup at our shop' } as const;
const METHOD = {
  credit: { 'zh-TW': '信用卡', en: 'Credit card' },
  atm: { 'zh-TW': 'ATM 轉帳', en: 'ATM transfer' },
} as const;

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, what).toEqual([]);
}

const sim = (locale: Locale, key: keyof typeof CASHIER_TEXT, params: Record<string, string> = {}) =>
  CASHIER_TEXT[key][locale === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/**
 * A product of its own for these tests, taken from the end of the catalog (the cart and checkout
 * tests take theirs from the start): options to choose from, one with plenty of stock.
 */
async function paymentProduct(request: APIRequestContext, locale: Locale): Promise<{ p: Json; option: Json }> {
  const summaries = await apiAll(request, '/api/products?sort=name', locale);
  for (const s of summaries.reverse()) {
    const p = await api(request, `/api/products/${s.slug}`, locale);
    const option = p.variants.find((v: Json) => v.stock >= 20);
    if (option && p.variants.length >= 2 && p.variants.every((v: Json) => v.in_stock)) return { p, option };
  }
  throw new Error('no product with 20 in stock');
}

/** A new member with one item in the cart, signed in on this browser. */
async function newShopperWithCart(page: Page, request: APIRequestContext, baseURL: string, locale: Locale) {
  const member = await createMember(request);
  const session = await apiLogin(request, member.phone, member.password);
  const { option } = await paymentProduct(request, locale);
  const add = await request.post('/api/cart/items', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { sku: option.sku, quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  await signInBrowser(page.context(), baseURL, session);
  return session.token;
}

/** A guest: one item in a new guest cart (its token in the browser), the receiver's mobile confirmed by a texted code. */
async function guestCheckout(page: Page, request: APIRequestContext, baseURL: string, locale: Locale) {
  const { option } = await paymentProduct(request, locale);
  const add = await request.post('/api/cart/items', { data: { sku: option.sku, quantity: 1 } });
  expect(add.ok(), await add.text()).toBe(true);
  const token = (await add.json()).result.cart_token as string;
  await page.context().addCookies([{ name: CART_COOKIE, value: token, url: baseURL, sameSite: 'Lax' }]);
  await page.goto(url(locale, '/cart/checkout'));
  const phone = freshPhone();
  await page.getByLabel(msg(locale, 'checkout.receiver.name')).fill('陳大文');
  await page.getByLabel(msg(locale, 'checkout.receiver.phone')).fill(phone);
  await page.getByRole('button', { name: msg(locale, 'checkout.phone.send') }).click();
  await page.getByLabel(msg(locale, 'checkout.phone.code')).fill(await readOtp(request, phone, 'checkout'));
  await page.getByRole('button', { name: msg(locale, 'checkout.phone.verify') }).click();
  await expect(page.getByText(new RegExp(msg(locale, 'checkout.phone.confirmed', { phone: '.+' })))).toBeVisible();
}

/** Checkout with shop pickup and `payment`; lands on /cart/payment and answers the order number. */
async function placeOrder(page: Page, locale: Locale, payment: keyof typeof METHOD): Promise<string> {
  if (!page.url().endsWith(url(locale, '/cart/checkout'))) await page.goto(url(locale, '/cart/checkout'));
  await page.getByRole('radio', { name: SHOP_PICKUP[locale] }).check();
  await page.getByRole('radio', { name: METHOD[payment][locale], exact: true }).check();
  await page.getByRole('radio', { name: msg(locale, 'invoice.kind.member') }).check();
  await page.getByRole('button', { name: msg(locale, 'checkout.place') }).click();
  await expect(page).toHaveURL(/\/cart\/payment\?no=/);
  const no = new URL(page.url()).searchParams.get('no') ?? '';
  await expect(page.getByRole('heading', { name: msg(locale, 'pay.order', { no }) })).toBeVisible();
  return no;
}

async function payByCard(page: Page, locale: Locale, card: string) {
  await expect(page.getByRole('heading', { name: sim(locale, 'card') })).toBeVisible();
  await page.getByLabel(sim(locale, 'cardNumber')).fill(card);
  await page.getByLabel(sim(locale, 'expiry')).fill('12/30');
  await page.getByLabel(sim(locale, 'cvc')).fill('123');
  await page.getByRole('button', { name: new RegExp(sim(locale, 'pay', { amount: '' })) }).click();
}

for (const locale of LOCALES) {
  test.describe(`payment [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a new shopper pays by card after a declined card, sees the paid result and the order with its invoice', async ({
      page,
      request,
      baseURL,
    }) => {
      // Two trips through the cashier and four accessibility scans: more than one test's usual time.
      test.slow();
      const token = await newShopperWithCart(page, request, baseURL!, locale);
      const no = await placeOrder(page, locale, 'credit');
      await expect(page.getByText(msg(locale, 'pay.note'))).toBeVisible();
      await expectAccessible(page, 'payment page');

      await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
      await payByCard(page, locale, DECLINED_CARD);
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}`));
      await expect(page.getByText(msg(locale, 'pay.failed'))).toBeVisible();
      await expectAccessible(page, 'result page, card declined');

      await page.getByRole('button', { name: msg(locale, 'pay.retry') }).click();
      await payByCard(page, locale, SUCCESS_CARD);
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}`));
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
      await expectAccessible(page, 'result page, paid');

      // The invoice is issued just after the payment is committed: wait for it, then open the order.
      let invoiceNo = '';
      await expect
        .poll(async () => {
          const res = await request.get(`/api/orders/${no}`, { headers: { authorization: `Bearer ${token}` } });
          invoiceNo = (await res.json()).result?.invoice?.number ?? '';
          return invoiceNo;
        })
        .toMatch(/^[A-Z]{2}\d{8}$/);
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByText(msg(locale, 'order.invoiceNumber', { number: invoiceNo }))).toBeVisible();
      await expectAccessible(page, 'order page');
    });

    test('an ATM order shows the account and deadline, then is paid', async ({ page, request, baseURL }) => {
      await newShopperWithCart(page, request, baseURL!, locale);
      const no = await placeOrder(page, locale, 'atm');
      await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
      await page.getByRole('button', { name: sim(locale, 'getAtm') }).click();
      await expect(page.getByRole('heading', { name: sim(locale, 'issuedAtm') })).toBeVisible();
      const token = await page.locator('form[action$="/transfer"] input[name="token"]').inputValue();
      await page.getByRole('link', { name: sim(locale, 'back') }).click();

      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}`));
      await expect(page.getByText(msg(locale, 'pay.waitingAtm'))).toBeVisible();
      const status = page.getByRole('region', { name: msg(locale, 'pay.status') });
      await expect(status.getByText('812', { exact: true })).toBeVisible();
      await expect(status.getByText(/^9103\d{12}$/)).toBeVisible();
      await expect(status.getByText(msg(locale, 'pay.payBy'))).toBeVisible();
      await expectAccessible(page, 'result page, waiting for transfer');
      // The payment page shows the issued account too, instead of starting another attempt.
      await page.goto(`${url(locale, '/cart/payment')}?no=${no}`);
      await expect(page.getByText(msg(locale, 'pay.waitingAtm'))).toBeVisible();
      await expect(page.getByRole('button', { name: msg(locale, 'pay.go') })).toHaveCount(0);

      // The shopper transfers the money at the bank: the cashier notifies the shop.
      const transfer = await request.post('/api/sim/ecpay/cashier/transfer', { form: { token } });
      expect(transfer.ok()).toBe(true);
      await page.goto(`${url(locale, '/cart/result')}?no=${no}`);
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
    });

    test('a guest pays by card and comes back from the cashier to its own order', async ({
      page,
      request,
      baseURL,
    }) => {
      await guestCheckout(page, request, baseURL!, locale);
      const no = await placeOrder(page, locale, 'credit');
      expect(new URL(page.url()).searchParams.get('key')).toMatch(/^[\w-]{22}$/);
      await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
      await payByCard(page, locale, SUCCESS_CARD);
      // ECPay returns with the order number only; the key kept in this tab opens the order again.
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/result')}\\?no=${no}&key=`));
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
      await expect(page.getByRole('textbox', { name: msg(locale, 'result.keepLink') })).toHaveValue(/key=/);
    });
  });
}
