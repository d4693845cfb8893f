import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { CASHIER_TEXT } from '../../src/server/providers/ecpay/simulator/view.ts';
import { apiLogin, createMember, freshPhone, readOtp, useSession as signInBrowser } from './support/auth.ts';
import { addFromProductPage, cartProducts, productUrl } from './support/cart.ts';
import { browserLocale, LOCALES, msg, url } from './support/pages.ts';

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

/** A new member with one item in the cart, signed in on this browser. */
async function newShopperWithCart(page: Page, request: APIRequestContext, baseURL: string, locale: Locale) {
  const member = await createMember(request);
  const session = await apiLogin(request, member.phone, member.password);
  const { twoInStock } = await cartProducts(request, locale);
  const add = await request.post('/api/cart/items', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { sku: twoInStock.variants[0].sku, quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  await signInBrowser(page.context(), baseURL, session);
}

/** A guest: one item added on its product page, the receiver's mobile confirmed by a texted code. */
async function guestCheckout(page: Page, request: APIRequestContext, locale: Locale) {
  const { twoInStock: p } = await cartProducts(request, locale);
  await page.goto(productUrl(locale, p));
  await addFromProductPage(page, locale, p.variants[0].option_value, 1);
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
      await newShopperWithCart(page, request, baseURL!, locale);
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

      await page.goto(url(locale, `/member/orders/${no}`));
      const invoice = page.getByText(new RegExp(msg(locale, 'order.invoiceNumber', { number: '[A-Z]{2}\\d{8}' })));
      // The invoice is issued just after the payment is committed: the page shows it once it is there.
      await expect(async () => {
        await page.reload();
        await expect(invoice).toBeVisible({ timeout: 1_000 });
      }).toPass();
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

      // The shopper transfers the money at the bank: the cashier notifies the shop.
      const transfer = await request.post('/api/sim/ecpay/cashier/transfer', { form: { token } });
      expect(transfer.ok()).toBe(true);
      await page.reload();
      await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
    });

    test('a guest pays by card and comes back from the cashier to its own order', async ({ page, request }) => {
      await guestCheckout(page, request, locale);
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
