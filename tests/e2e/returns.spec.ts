import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { at } from '../../src/features/admin/i18n.ts';
import { formatDateTime } from '../../src/lib/i18n/format.ts';
import { formatPrice } from '../../src/lib/i18n/price.ts';
import { shipByLogistics } from '../../src/server/orders/order-admin.ts';
import { CASHIER_TEXT } from '../../src/server/providers/ecpay/simulator/view.ts';
import { apiStaff, serverDeps, useStaffSession } from './support/admin.ts';
import { apiLogin, createMember, freshPhone, readOtp, useSession } from './support/auth.ts';
import { escapeRe, expectAccessible } from './support/checkout.ts';
import { api, browserLocale, type Json, LOCALES, msg, url } from './support/pages.ts';
import { returnParcelNo } from './support/returns.ts';

/**
 * Issue 40, from the request to the refund: a member returns one of two lines of a delivered card
 * order (paid on the cashier simulator); the owner approves it in the console with the default, a
 * return parcel booked for the carrier, whose status notices the logistics simulator then sends; the
 * owner receives it and refunds it to the card; the member's order page shows the refund and the
 * e-invoice allowance. A guest returns a cash-on-delivery order to a bank account, on the order's
 * private page. Setup that is not under test (orders, shipping, staff accounts) goes through the API.
 */

const SUCCESS_CARD = '4311-9522-2222-2222';
const HOME = { method: 'home', zipcode: '100', city: '臺北市', area: '中正區', addr: '重慶南路一段 122 號' };
const sim = (locale: Locale, key: keyof typeof CASHIER_TEXT) =>
  CASHIER_TEXT[key][locale === 'en' ? 'en' : 'zh'].replace(/\{\w+\}/g, '');

/** `n` variants of different products with stock to spare, from the `skip`-th cheapest (the checkout tests take the first). */
async function variants(request: APIRequestContext, n: number, skip: number, locale: Locale): Promise<Json[]> {
  const list = await api(request, '/api/products?sort=price_asc&page=1&page_size=60', locale);
  const found: Json[] = [];
  for (const s of list.data.slice(skip)) {
    const p = await api(request, `/api/products/${s.slug}`, locale);
    const v = p.variants.find((x: Json) => x.stock >= 2 && x.price <= 10_000);
    if (v) found.push(v);
    if (found.length === n) break;
  }
  expect(found, 'products to order').toHaveLength(n);
  return found;
}

/** Places an order of `skus` through the API: a member's (Bearer) or a guest's (its cart, a texted proof). */
async function placeOrder(
  request: APIRequestContext,
  opts: {
    skus: string[];
    payment: 'credit' | 'cod';
    token?: string;
    receiver: { name: string; phone: string };
    locale: Locale;
  },
): Promise<{ no: string; guestKey?: string }> {
  let headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  for (const sku of opts.skus) {
    const added = await request.post('/api/cart/items', { headers, data: { sku, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    const token = (await added.json()).result.cart_token;
    if (token) headers = { 'X-Cart-Token': token };
  }
  if (!opts.token) {
    const sent = await request.post('/api/checkout/phone/send', { data: { phone: opts.receiver.phone } });
    expect(sent.ok(), await sent.text()).toBe(true);
    const code = await readOtp(request, opts.receiver.phone, 'checkout');
    const proof = await request.post('/api/checkout/phone/verify', { data: { phone: opts.receiver.phone, code } });
    expect(proof.ok(), await proof.text()).toBe(true);
    headers['X-Phone-Proof'] = (await proof.json()).result.phone_proof;
  }
  const placed = await request.post('/api/orders', {
    // The order's language: the cashier sends the shopper back to the result page in it.
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID(), 'Accept-Language': opts.locale },
    data: {
      receiver: { ...opts.receiver, email: '' },
      shipping: HOME,
      payment: opts.payment,
      invoice: { type: 'member' },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()).result;
  return { no: order.no, guestKey: order.guest_key };
}

/** Pays order `no` on the payment page with the cashier simulator's success card. */
async function payByCard(page: Page, locale: Locale, no: string) {
  await page.goto(url(locale, `/cart/payment?no=${no}`));
  await page.getByRole('button', { name: msg(locale, 'pay.go') }).click();
  await expect(page.getByRole('heading', { name: sim(locale, 'card') })).toBeVisible();
  await page.getByLabel(sim(locale, 'cardNumber')).fill(SUCCESS_CARD);
  await page.getByLabel(sim(locale, 'expiry')).fill('12/30');
  await page.getByLabel(sim(locale, 'cvc')).fill('123');
  await page.getByRole('button', { name: new RegExp(sim(locale, 'pay').trim()) }).click();
  await expect(page.getByText(msg(locale, 'pay.paid'))).toBeVisible();
}

/** The owner ships the order by home delivery (the orders tool's own function); the simulator delivers it. */
async function shipAndDeliver(request: APIRequestContext, baseURL: string, no: string) {
  const deps = serverDeps(baseURL);
  try {
    expect((await shipByLogistics(deps, no)).created).toBe(true);
  } finally {
    await deps.db.close();
  }
  const delivered = await request.post('/api/dev/logistics/advance', { data: { order_no: no, to: 'picked_up' } });
  expect(delivered.ok(), await delivered.text()).toBe(true);
}

/** Moves the card simulator's record of order `no`'s payment back a day: ECPay's daily close has passed since. */
async function afterDailyClose(baseURL: string, no: string) {
  const deps = serverDeps(baseURL);
  const k = deps.db.kysely;
  try {
    const paid = await k
      .selectFrom('payment_attempts as a')
      .innerJoin('orders as o', 'o.id', 'a.order_id')
      .select('a.merchant_trade_no')
      .where('o.no', '=', no)
      .where('a.state', '=', 'paid')
      .executeTakeFirstOrThrow();
    const trade = await k
      .selectFrom('sim_ecpay_credit')
      .select(['id', 'changed_at'])
      .where('merchant_trade_no', '=', paid.merchant_trade_no)
      .executeTakeFirstOrThrow();
    await k
      .updateTable('sim_ecpay_credit')
      .set({ changed_at: Number(trade.changed_at) - 86_400_000 })
      .where('id', '=', trade.id)
      .execute();
  } finally {
    await deps.db.close();
  }
}

/** The member's latest return of order `no` as the API answers it in `locale`. */
async function mineNow(request: APIRequestContext, no: string, token: string, locale: Locale): Promise<Json> {
  const res = await request.get(`/api/orders/${no}/returns`, {
    headers: { authorization: `Bearer ${token}`, 'Accept-Language': locale },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).result.data[0];
}

/** The Returns box of the order page. */
const returnsBox = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: msg(locale, 'returns.title'), exact: true });

for (const locale of LOCALES) {
  test.describe(`returns [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a member returns one of two lines of a delivered card order and follows it to the refund', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // A trip through the cashier, the owner's moves in the console and four accessibility scans.
      test.slow();
      const member = await createMember(request);
      const session = await apiLogin(request, member.phone, member.password);
      await useSession(context, baseURL!, session);
      const [first, second] = await variants(request, 2, 20, locale);
      const { no } = await placeOrder(request, {
        skus: [first.sku, second.sku],
        payment: 'credit',
        token: session.token,
        receiver: { name: '陳大文', phone: member.phone },
        locale,
      });
      await payByCard(page, locale, no);
      await shipAndDeliver(request, baseURL!, no);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url(locale, `/member/orders/${no}`));
      const box = returnsBox(page, locale);
      const period = await request.get(`/api/orders/${no}/returns`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const until = formatDateTime((await period.json()).result.window.until, locale);
      await expect(box.getByText(msg(locale, 'returns.period', { days: 7, until }))).toBeVisible();
      // Keyboard only: the button opens the form and the focus goes into it.
      await box.getByRole('button', { name: msg(locale, 'returns.open') }).focus();
      await page.keyboard.press('Enter');
      const whole = box.getByRole('radio', { name: msg(locale, 'returns.scope.all') });
      await expect(whole).toBeFocused();
      await box.getByRole('radio', { name: msg(locale, 'returns.scope.some') }).check();
      const quantities = box.getByRole('spinbutton');
      await expect(quantities).toHaveCount(2);
      await quantities.nth(1).fill('1');
      await box.getByLabel(msg(locale, 'returns.reason')).selectOption('changed_mind');
      await box.getByLabel(msg(locale, 'returns.reasonText')).fill(locale === 'en' ? 'Too big for me' : '尺寸不合');
      await expectAccessible(page, 'order page, return form', 375);
      await box.getByRole('button', { name: msg(locale, 'returns.send') }).click();

      const sent = box.getByRole('status');
      await expect(sent).toHaveText(/#\d+/);
      await expect(sent).toBeFocused();
      const id = Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);
      const request1 = box.getByRole('listitem').filter({ hasText: msg(locale, 'returns.request', { id }) });
      await expect(request1.getByText(msg(locale, 'returns.state.requested'), { exact: true })).toBeVisible();
      await expect(request1.getByText(msg(locale, 'returns.next.requested'))).toBeVisible();
      await expect(request1.locator('ul > li')).toHaveCount(1);
      await expect(request1.getByRole('button', { name: msg(locale, 'returns.withdraw', { id }) })).toBeVisible();

      // The owner, in the console at the same width: approves with the default, a return parcel booked for the carrier.
      const owner = await apiStaff(request, baseURL!, 'owner', `退貨店長${locale}`);
      await useStaffSession(context, baseURL!, owner.token);
      const consolePage = url(locale, `/admin/return?id=${id}`);
      await page.goto(consolePage);
      await expect(page.getByLabel(at(locale, 'admin.return.approveMethod'), { exact: true })).toHaveValue('');
      await page.getByRole('button', { name: at(locale, 'admin.return.approve'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(at(locale, 'admin.return.approved'));
      await expect(page.getByText(at(locale, 'admin.return.method.parcel'), { exact: true })).toBeVisible();
      const booked = (await mineNow(request, no, session.token, locale)).return_parcel;
      expect(booked, 'the return parcel').toMatchObject({ status: 'created', instructions: expect.any(String) });
      await expect(page.getByText(new RegExp(`^${escapeRe(booked.carrier)} · `))).toBeVisible();

      // The shopper reads what to do with the parcel.
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(request1.getByText(msg(locale, 'returns.state.approved'), { exact: true })).toBeVisible();
      await expect(request1.getByText(booked.instructions)).toBeVisible();
      await expect(request1.getByRole('button', { name: msg(locale, 'returns.withdraw', { id }) })).toBeVisible();

      // The carrier brings the parcel back: its status notices reach the shop.
      const advanced = await request.post('/api/dev/logistics/return-advance', {
        data: { rtn_merchant_trade_no: await returnParcelNo(baseURL!, id), to: 'returned' },
      });
      expect(advanced.ok(), await advanced.text()).toBe(true);
      const backed = await mineNow(request, no, session.token, locale);
      const back = { ...backed.return_parcel, lines: backed.lines };
      expect(back, 'the return parcel back').toMatchObject({
        status: 'returned',
        code: expect.stringMatching(/^\d+$/),
      });

      // The owner finds it in transit, with the carrier's code and status, and receives it whole.
      await page.goto(consolePage);
      await expect(
        page.getByText(
          at(locale, 'admin.return.parcelCode', { carrier: back.carrier, code: back.code, status: back.status_text }),
        ),
      ).toBeVisible();
      await expect(
        page.getByText(new RegExp(`^${escapeRe(at(locale, 'admin.returnState.in_transit'))} · `)),
      ).toBeVisible();
      await expect(
        page.getByRole('spinbutton', {
          name: at(locale, 'admin.return.receivedOf', { name: back.lines[0].name, quantity: 1 }),
        }),
      ).toHaveValue('1');
      await page.getByRole('button', { name: at(locale, 'admin.return.receive'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(at(locale, 'admin.return.receivedDone'));

      // The same day ECPay refuses part of a card trade not yet closed: the refund fails, and the shopper reads it follows.
      const refund = page.getByRole('button', {
        name: new RegExp(`^${escapeRe(at(locale, 'admin.return.refund', { amount: '' }).trim())}`),
      });
      await refund.click();
      await expect(page.getByRole('status')).toHaveText(
        at(locale, 'admin.return.refundDone', { state: at(locale, 'admin.refundState.failed') }),
      );
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(request1.getByText(msg(locale, 'returns.state.received'), { exact: true })).toBeVisible();
      await expect(request1.getByText(msg(locale, 'returns.next.refundFailed'))).toBeVisible();

      // ECPay's daily close (20:15) passes: the simulator's record of the trade is a day older; the owner retries.
      await afterDailyClose(baseURL!, no);
      await page.goto(consolePage);
      await page.getByRole('button', { name: at(locale, 'admin.return.refundRetry'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(
        at(locale, 'admin.return.refundDone', { state: at(locale, 'admin.refundState.sent') }),
      );
      const shown = await mineNow(request, no, session.token, locale);
      expect(shown.refund, JSON.stringify(shown.refund)).toMatchObject({ method: 'card', state: 'sent' });
      expect(shown.refund.amount).toBeGreaterThan(0);
      expect(shown.refund.amount).toBeLessThanOrEqual(second.price);
      expect(shown.invoice, JSON.stringify(shown.invoice)).toMatchObject({
        action: 'allowance',
        allowance_no: expect.stringMatching(/^\w+$/),
      });
      await expect(
        page.getByText(at(locale, 'admin.return.allowance', { no: shown.invoice.allowance_no })),
      ).toBeVisible();
      // A card refund is known by ECPay's trade number, not by a transfer's reference.
      const sentRow = page
        .getByRole('listitem')
        .filter({ hasText: at(locale, 'admin.return.refundAction', { action: 'R' }) });
      await expect(sentRow).toContainText(at(locale, 'admin.return.refundTradeNo', { reference: '' }).trim());
      await expect(sentRow).not.toContainText(at(locale, 'admin.return.refundReference', { reference: '' }).trim());
      // The timeline says how it came back in words, not the method's code.
      await expect(
        page.getByRole('listitem').filter({
          hasText: `${at(locale, 'admin.returnState.approved')} · ${at(locale, 'admin.return.method.parcel')}`,
        }),
      ).toHaveCount(1);
      await expectAccessible(page, 'console return page, refunded by card', 375);

      await page.goto(url(locale, `/member/orders/${no}`));
      // Refunded, and closed once nothing is left to do.
      const over = [msg(locale, 'returns.state.refunded'), msg(locale, 'returns.state.closed')];
      await expect(request1.getByText(new RegExp(`^(${over.join('|')})$`))).toBeVisible();
      await expect(
        request1.getByText(
          msg(locale, 'returns.refund', {
            amount: formatPrice(shown.refund.amount),
            method: msg(locale, 'returns.refund.card'),
            state: msg(locale, 'returns.refundState.sent'),
          }),
        ),
      ).toBeVisible();
      // One of two lines back: an allowance (折讓) on the e-invoice, its number shown to the shopper.
      await expect(
        request1.getByText(msg(locale, 'returns.allowance', { no: shown.invoice.allowance_no })),
      ).toBeVisible();
      await expect(request1.getByRole('button', { name: msg(locale, 'returns.withdraw', { id }) })).toHaveCount(0);
      // The order's progress tells each of the return's moves as the return's, in the page's language.
      const progress = page.locator('.sw-order-timeline');
      const asked = msg(locale, 'returns.request', { id });
      for (const state of ['requested', 'approved', 'in_transit', 'received', 'refunded'] as const)
        await expect(
          progress.getByText(
            msg(locale, 'returns.event', { request: asked, state: msg(locale, `returns.state.${state}`) }),
          ),
        ).toHaveCount(1);
      await expect(progress).not.toContainText('return:');
      await expectAccessible(page, 'order page, refunded', 375);
    });

    test('a guest returns a cash-on-delivery order to a bank account: a bad account is refused beside its field first', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const [item] = await variants(request, 1, 12, locale);
      const phone = freshPhone();
      const { no, guestKey } = await placeOrder(request, {
        skus: [item.sku],
        payment: 'cod',
        receiver: { name: '陳大文', phone },
        locale,
      });
      expect(guestKey).toBeTruthy();
      await shipAndDeliver(request, baseURL!, no);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url(locale, `/cart/result?no=${no}&key=${guestKey}`));
      const box = returnsBox(page, locale);
      await box.getByRole('button', { name: msg(locale, 'returns.open') }).click();
      await expect(box.getByRole('radio', { name: msg(locale, 'returns.scope.all') })).toBeChecked();
      const account = box.getByLabel(msg(locale, 'returns.bank.account'), { exact: true });
      await box.getByLabel(msg(locale, 'returns.bank.code'), { exact: true }).fill('812');
      await account.fill('1234-56');
      await box.getByLabel(msg(locale, 'returns.bank.holder'), { exact: true }).fill('陳大文');
      await box.getByRole('button', { name: msg(locale, 'returns.send') }).click();
      await expect(account).toHaveAttribute('aria-invalid', 'true');
      await expect(account).toHaveAccessibleDescription(msg(locale, 'returns.error.bankAccount'));
      await expect(account).toBeFocused();
      const none = await request.get(`/api/orders/${no}/returns`, { headers: { 'X-Order-Key': guestKey! } });
      expect((await none.json()).result.data).toEqual([]);
      await expectAccessible(page, 'result page, bank account refused', 375);

      await account.fill('1234-5678-9012');
      await box.getByRole('button', { name: msg(locale, 'returns.send') }).click();
      const sent = box.getByRole('status');
      await expect(sent).toHaveText(/#\d+/);
      const id = Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);
      const mine = box.getByRole('listitem').filter({ hasText: msg(locale, 'returns.request', { id }) });
      await expect(mine.getByText(msg(locale, 'returns.state.requested'), { exact: true })).toBeVisible();
      await expect(
        mine.getByText(msg(locale, 'returns.bankShown', { code: '812', account: '********9012', holder: '陳大文' })),
      ).toBeVisible();
      await expect(page.getByText('123456789012')).toHaveCount(0);
      // Everything is in the request: no form to open any more.
      await expect(box.getByText(msg(locale, 'returns.nothingLeft'))).toBeVisible();
      await expectAccessible(page, 'result page, return requested', 375);

      await mine.getByRole('button', { name: msg(locale, 'returns.withdraw', { id }) }).click();
      await expect(mine.getByText(msg(locale, 'returns.state.cancelled'), { exact: true })).toBeVisible();
      await expect(box.getByRole('button', { name: msg(locale, 'returns.open') })).toBeVisible();
    });
  });
}
