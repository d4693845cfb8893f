import { expect, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { formatMobile } from '../../src/lib/taiwan/phone.ts';
import { MAP_TEXT } from '../../src/server/providers/logistics/simulator-view.ts';
import { apiLogin, createMember, freshPhone, loginWithForm, readOtp, useSession } from './support/auth.ts';
import { checkoutForm, expectAccessible, fillCart, methodNames, stockOf, useGuestCart } from './support/checkout.ts';
import { browserLocale, holdRequests, LOCALES, msg, url } from './support/pages.ts';

/**
 * Checkout end to end on the built site (issue 8), in both locales: a guest with home delivery and
 * cash on delivery on a phone-sized screen, a member with store pickup chosen on the simulator map;
 * e-invoice errors beside their fields; the order in the member's list and page; cancel returns the
 * stock; a guest who signs in from checkout comes back with the cart.
 */

const mapText = (locale: Locale, key: keyof typeof MAP_TEXT) => MAP_TEXT[key][locale === 'en' ? 'en' : 'zh'];
/** A receiver name the store counter accepts, per locale. */
const PICKUP_NAME: Record<Locale, string> = { 'zh-TW': '林美華', en: 'Amy Lin' };

for (const locale of LOCALES) {
  test.describe(`guest checkout [${locale}, 375 px]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: 375, height: 800 } });

    test('home delivery and cash on delivery: mobile confirmed by SMS, bad mobile barcode at its field, result link', async ({
      browser,
      page,
      context,
      request,
      baseURL,
    }) => {
      // A long flow on a shared machine: several pages, an SMS round trip and axe at every step.
      test.slow();
      const fill = await fillCart(request, { sort: 'name', maxPrice: 19_000, locale });
      await useGuestCart(context, baseURL!, fill);
      const names = await methodNames(request, fill, locale);
      const before = await stockOf(request, fill.product.slug, fill.variant.sku);
      const f = checkoutForm(page, locale);

      await page.goto(url(locale, '/cart/checkout'));
      await expect(page.getByRole('link', { name: f.t('checkout.guest.login') })).toBeVisible();
      await expect(page.getByRole('list', { name: f.t('cart.lines') })).toContainText(fill.product.name);
      await expectAccessible(page, 'checkout, empty form', 375);

      // Ordering before anything is filled in: errors beside the fields, the first one focused.
      await f.place().click();
      await f.expectFieldError(f.t('checkout.receiver.name'), f.t('auth.error.required'));
      await expectAccessible(page, 'checkout with errors', 375);

      const phone = freshPhone();
      await f.field('checkout.receiver.name').fill('陳大文');
      await f.field('checkout.receiver.phone').fill(phone);
      await page.getByRole('button', { name: f.t('checkout.phone.send') }).click();
      const code = await readOtp(request, phone, 'checkout');
      await f.field('checkout.phone.code').fill(code);
      await page.getByRole('button', { name: f.t('checkout.phone.verify') }).click();
      const confirmed = f.t('checkout.phone.confirmed', { phone: formatMobile(phone) });
      await expect(page.getByRole('status').filter({ hasText: confirmed })).toBeVisible();
      await f.field('checkout.receiver.email').fill('guest@example.com');

      await f.radio(names.shipping.home!).check();
      // An outlying island's fee shows before the shopper commits.
      await f.field('member.profile.city').selectOption('澎湖縣');
      await expect(f.radio(names.shipping.home!)).toHaveAccessibleName(/NT\$250/);
      await f.field('member.profile.city').selectOption('臺北市');
      await f.field('member.profile.area').selectOption('大安區');
      await expect(f.field('member.profile.zipcode')).toHaveValue('106');
      await f.field('member.profile.addr').fill('復興南路一段 1 號 3 樓');
      await f.radio(names.payment.cod!).check();

      await f.radio(f.t('invoice.kind.mobile')).check();
      await f.field('invoice.field.mobileBarcode').fill('ABC1234');
      await f.place().click();
      await f.expectFieldError(f.t('invoice.field.mobileBarcode'), f.t('invoice.error.mobileBarcode'));
      await expectAccessible(page, 'checkout with a bad mobile barcode', 375);
      await f.field('invoice.field.mobileBarcode').fill('/ABC+123');
      await f.field('checkout.note').fill('請於平日白天送達');
      await expect(page.getByText(f.t('checkout.note.count', { used: 8, max: 200 }))).toBeVisible();
      await expectAccessible(page, 'checkout filled in', 375);

      await f.place().click();
      await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+&key=/);
      await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
      await expect(page.getByText(f.t('order.next.cod'))).toBeVisible();
      await expect(page.getByLabel(f.t('result.keepLink'))).toHaveValue(page.url());
      await expect(page.getByText(f.t('order.state.processing'), { exact: true })).toBeVisible();
      await expect(page.getByText('/ABC+123')).toBeVisible();
      await expectAccessible(page, 'result page', 375);
      expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before - 1);

      // In another browser the link alone shows the order; the order number without its key does not.
      const link = page.url();
      const other = await (await browser.newContext({ locale: browserLocale(locale) })).newPage();
      await other.goto(link.replace(/&key=.*/, ''));
      await expect(other.getByRole('heading', { name: f.t('result.notFound') })).toBeVisible();
      await other.goto(link);
      await expect(other.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
      // Back in this tab without the key (as from the cashier), the tab still knows it.
      await page.goto(link.replace(/&key=.*/, ''));
      await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
      await expect(page.getByLabel(f.t('result.keepLink'))).toHaveValue(link);
      await other.context().close();
    });

    test('a parcel too big for a convenience store: store pickup is not offered, and the page says why', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const fill = await fillCart(request, { sort: 'price_desc', maxPrice: 200_000, cvs: false, locale });
      await useGuestCart(context, baseURL!, fill);
      const names = await methodNames(request, fill, locale);
      const f = checkoutForm(page, locale);
      await page.goto(url(locale, '/cart/checkout'));
      const cvs = f.radio(names.shipping.cvs!);
      await expect(cvs).toBeDisabled();
      const quote = await request.post('/api/checkout/quote', {
        headers: { ...fill.headers, 'Accept-Language': locale },
        data: { shipping: { method: 'cvs' } },
      });
      const reason = (await quote.json()).result.shipping_methods.find(
        (m: { code: string }) => m.code === 'cvs',
      ).reason;
      expect(reason).toBeTruthy();
      await expect(cvs).toHaveAccessibleDescription(reason);
      await expect(page.getByText(reason)).toBeVisible();
      await expect(f.radio(names.shipping.home!)).toBeEnabled();
      await expectAccessible(page, 'checkout without store pickup', 375);
    });

    test('a guest signs in from checkout and comes back to it with the cart', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      const fill = await fillCart(request, { sort: 'newest', maxPrice: 19_000, locale });
      await useGuestCart(context, baseURL!, fill);
      const f = checkoutForm(page, locale);
      // The guests' lead is on the page's first paint, before the quote answers; its links work then.
      const release = await holdRequests(page, '**/api/checkout/quote');
      await page.goto(url(locale, '/cart/checkout'));
      await expect(page.locator('.sw-co-pending .sw-co-guest')).toBeVisible();
      await release();
      await page.getByRole('link', { name: f.t('checkout.guest.login') }).click();
      await loginWithForm(page, locale, member.phone, member.password);
      await page.waitForURL((u) => u.pathname.startsWith(url(locale, '/cart/checkout')));
      await expect(page.getByRole('list', { name: f.t('cart.lines') })).toContainText(fill.product.name);
      await expect(f.field('checkout.receiver.phone')).toHaveValue(member.phone);
      await expect(page.getByRole('button', { name: f.t('checkout.phone.send') })).toHaveCount(0);
      await expect(page.locator('.sw-co-guest')).toHaveCount(0);
      await expectAccessible(page, 'checkout after login', 375);
      // A member's page never paints the guests' lead, not even before the quote answers.
      await page.route('**/api/checkout/quote', (route) => setTimeout(() => void route.continue(), 1_500));
      await page.reload();
      await expect(page.locator('.sw-co-pending')).toBeAttached();
      await expect(page.locator('.sw-co-guest')).toBeHidden();
      await expect(f.field('checkout.receiver.phone')).toHaveValue(member.phone);
    });
  });

  test.describe(`member checkout [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a forged store-map answer is refused, and the page says why beside the store choice', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      const session = await apiLogin(request, member.phone, member.password);
      await useSession(context, baseURL!, session);
      const fill = await fillCart(request, {
        token: session.token,
        cvs: true,
        sort: 'price_asc',
        maxPrice: 19_000,
        locale,
      });
      const names = await methodNames(request, fill, locale);
      const f = checkoutForm(page, locale);
      await page.goto(url(locale, '/cart/checkout'));
      await f.radio(names.shipping.cvs!).check();
      const map = await request.post('/api/checkout/cvs-map', {
        headers: { ...fill.headers, 'accept-language': locale },
        data: { brand: 'FAMI' },
      });
      const fields = (await map.json()).result.fields as Record<string, string>;
      // What a forger posts with a live ticket: a store name carrying terminal escapes.
      const forged = {
        MerchantID: fields.MerchantID!,
        MerchantTradeNo: fields.MerchantTradeNo!,
        LogisticsSubType: 'FAMIC2C',
        CVSStoreID: '000007',
        CVSStoreName: '全家\u001b[2J\u001b]0;x\u0007門市',
        CVSAddress: '台北市大安區復興南路一段1號',
        CVSTelephone: '',
        CVSOutSide: '0',
        ExtraData: fields.ExtraData!,
      };
      await page.evaluate((form) => {
        const el = document.createElement('form');
        el.method = 'post';
        el.action = '/api/checkout/cvs-store';
        for (const [name, value] of Object.entries(form)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          el.append(input);
        }
        document.body.append(el);
        el.submit();
      }, forged);
      await page.waitForURL((u) => u.pathname.startsWith(url(locale, '/cart/checkout')));
      await expect(page.getByText(f.t('checkout.storeError.text'))).toBeVisible();
      // Said once: the address no longer carries the refusal.
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByText(f.t('checkout.cvs.chosen'), { exact: true })).toHaveCount(0);
      await expectAccessible(page, 'checkout, store answer refused');
    });

    test('store pickup on the simulator map, bad tax ID at its field, placed with the keyboard, the store on the order page', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // A long flow: the store map round trip, two order pages and axe at every step.
      test.slow();
      const member = await createMember(request);
      const session = await apiLogin(request, member.phone, member.password);
      await useSession(context, baseURL!, session);
      const fill = await fillCart(request, {
        token: session.token,
        cvs: true,
        sort: 'price_asc',
        maxPrice: 19_000,
        locale,
      });
      const names = await methodNames(request, fill, locale);
      const before = await stockOf(request, fill.product.slug, fill.variant.sku);
      const f = checkoutForm(page, locale);

      await page.goto(url(locale, '/cart/checkout'));
      // A member is not asked to confirm the mobile: the profile fills the receiver in.
      await expect(f.field('checkout.receiver.phone')).toHaveValue(member.phone);
      await expect(page.getByRole('button', { name: f.t('checkout.phone.send') })).toHaveCount(0);
      await f.radio(names.shipping.cvs!).check();
      await f.field('receiver.field.name').fill(PICKUP_NAME[locale]);
      await expectAccessible(page, 'checkout, store pickup chosen');

      await page.getByRole('button', { name: f.t('checkout.cvs.FAMI') }).click();
      await expect(page.getByRole('heading', { level: 1, name: mapText(locale, 'title') })).toBeVisible();
      await page.getByLabel(mapText(locale, 'city')).selectOption('臺北市');
      await page.getByRole('button', { name: mapText(locale, 'search') }).click();
      const [pre, post] = mapText(locale, 'choose').split('{name}') as [string, string];
      const choose = page.getByRole('button', { name: new RegExp(`^${pre}.+${post}$`) }).first();
      const storeName = ((await choose.textContent()) ?? '').slice(pre.length, post ? -post.length : undefined);
      await choose.focus();
      await page.keyboard.press('Enter');

      await page.waitForURL((u) => u.pathname.startsWith(url(locale, '/cart/checkout')));
      await expect(page.getByText(f.t('checkout.cvs.chosen'))).toBeVisible();
      await expect(page.getByText(storeName, { exact: false })).toBeVisible();
      // What was typed came back from the trip to the map.
      await expect(f.field('receiver.field.name')).toHaveValue(PICKUP_NAME[locale]);
      await expectAccessible(page, 'checkout with the chosen store');

      await f.radio(names.payment.pickup_pay!).check();
      await f.radio(f.t('invoice.kind.company')).check();
      await f.field('invoice.field.taxId').fill('12345678');
      await f.field('invoice.field.companyName').fill('Soundwood Trading Co.');
      await f.place().click();
      await f.expectFieldError(f.t('invoice.field.taxId'), f.t('invoice.error.taxId'));
      await expectAccessible(page, 'checkout with a bad tax ID');
      await f.field('invoice.field.taxId').fill('04595257');
      // Ordered with the keyboard: Enter in a field submits the form.
      await page.keyboard.press('Enter');

      await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+$/);
      const no = new URL(page.url()).searchParams.get('no')!;
      await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
      await expect(page.getByText(f.t('order.next.pickup_pay'))).toBeVisible();
      await expectAccessible(page, 'result page');
      expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before - 1);

      // The order's own page shows the store and the company invoice.
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByRole('heading', { name: f.t('member.order.title') })).toBeVisible();
      await expect(page.getByText(storeName, { exact: false })).toBeVisible();
      await expect(page.getByText('04595257 Soundwood Trading Co.', { exact: false })).toBeVisible();
      await expectAccessible(page, 'order page');
    });

    test('the order in my orders on a phone, filtered, opened and cancelled: the stock comes back', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      const session = await apiLogin(request, member.phone, member.password);
      await useSession(context, baseURL!, session);
      const fill = await fillCart(request, { token: session.token, sort: 'price_asc', maxPrice: 19_000, locale });
      const before = await stockOf(request, fill.product.slug, fill.variant.sku);
      const f = checkoutForm(page, locale);
      const placed = await request.post('/api/orders', {
        headers: { ...fill.headers, 'Idempotency-Key': crypto.randomUUID(), 'Accept-Language': locale },
        data: {
          receiver: { name: PICKUP_NAME[locale], phone: member.phone, email: '' },
          shipping: { method: 'home', zipcode: '106', city: '臺北市', area: '大安區', addr: '復興南路一段 1 號 3 樓' },
          payment: 'cod',
          invoice: { type: 'company', tax_id: '04595257', title: 'Soundwood Trading Co.' },
        },
      });
      expect(placed.ok(), await placed.text()).toBe(true);
      const no = (await placed.json()).result.no as string;
      expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before - 1);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url(locale, '/member/orders'));
      await expect(page.getByRole('heading', { name: f.t('member.orders.title') })).toBeVisible();
      const row = page
        .getByRole('list', { name: f.t('member.orders.title') })
        .getByRole('listitem')
        .first();
      await expect(row).toContainText(f.t('order.state.processing'));
      await expect(row).toContainText(fill.product.name);
      await expectAccessible(page, 'my orders', 375);
      await page.getByLabel(f.t('orders.filter')).selectOption('cancelled');
      await expect(page.getByText(f.t('orders.emptyState'))).toBeVisible();
      await page.getByLabel(f.t('orders.filter')).selectOption('');
      await page.getByRole('link', { name: msg(locale, 'member.order.number', { no }) }).click();

      await expect(page.getByRole('heading', { name: f.t('member.order.title') })).toBeVisible();
      await expect(page.getByText('04595257 Soundwood Trading Co.', { exact: false })).toBeVisible();
      await page.getByRole('button', { name: f.t('order.cancel') }).click();
      const yes = page.getByRole('button', { name: f.t('order.cancelYes') });
      await expect(yes).toBeFocused();
      await expectAccessible(page, 'cancel confirmation', 375);
      await page.keyboard.press('Enter');
      await expect(page.getByText(f.t('order.state.cancelled'), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: f.t('order.cancel') })).toHaveCount(0);
      expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before);
      await expectAccessible(page, 'cancelled order', 375);
    });
  });
}
