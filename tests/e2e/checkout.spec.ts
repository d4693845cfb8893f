import { expect, test } from '@playwright/test';
import { formatMobile } from '../../src/lib/taiwan/phone.ts';
import { apiLogin, createMember, freshPhone, readOtp, useSession } from './support/auth.ts';
import { checkoutForm, expectAccessible, fillCart, stockOf, useGuestCart } from './support/checkout.ts';
import { browserLocale, msg, url } from './support/pages.ts';

/**
 * Checkout end to end on the built site (issue 8): a guest with home delivery and cash on delivery
 * on a phone-sized screen, a member with store pickup chosen on the simulator map; e-invoice
 * errors beside their fields; the order in the member's list and page; cancel returns the stock.
 */

test.describe('guest checkout [zh-TW, 375 px]', () => {
  test.use({ locale: browserLocale('zh-TW'), viewport: { width: 375, height: 800 } });

  test('home delivery and cash on delivery: mobile confirmed by SMS, bad mobile barcode at its field, result link', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const locale = 'zh-TW';
    const fill = await fillCart(request, { sort: 'name', maxPrice: 19_000 });
    await useGuestCart(context, baseURL!, fill);
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

    await f.radio(/宅配到府/).check();
    await f.field('member.profile.city').selectOption('臺北市');
    await f.field('member.profile.area').selectOption('大安區');
    await expect(f.field('member.profile.zipcode')).toHaveValue('106');
    await f.field('member.profile.addr').fill('復興南路一段 1 號 3 樓');
    await f.radio(/貨到付款/).check();

    await f.radio(f.t('invoice.kind.mobile')).check();
    await f.field('invoice.field.mobileBarcode').fill('ABC1234');
    await f.place().click();
    await f.expectFieldError(f.t('invoice.field.mobileBarcode'), f.t('invoice.error.mobileBarcode'));
    await expectAccessible(page, 'checkout with a bad mobile barcode', 375);
    await f.field('invoice.field.mobileBarcode').fill('/ABC+123');
    await f.field('checkout.note').fill('請於平日白天送達');
    await expect(page.getByText(f.t('checkout.note.count', { used: 8, max: 200 }))).toBeVisible();

    await f.place().click();
    await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+&key=/);
    await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
    await expect(page.getByText(f.t('order.next.cod'))).toBeVisible();
    await expect(page.getByLabel(f.t('result.keepLink'))).toHaveValue(page.url());
    await expect(page.getByText(f.t('order.state.processing')).first()).toBeVisible();
    await expect(page.getByText('/ABC+123')).toBeVisible();
    await expectAccessible(page, 'result page', 375);
    expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before - 1);

    // The link alone shows the order again; the order number without the key does not.
    const link = page.url();
    await page.goto(link.replace(/&key=.*/, ''));
    await expect(page.getByRole('heading', { name: f.t('result.notFound') })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
  });
});

test.describe('member checkout [en]', () => {
  test.use({ locale: browserLocale('en') });

  test('store pickup on the simulator map, bad tax ID at its field, the order in My orders, cancel returns stock', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const locale = 'en';
    const member = await createMember(request);
    const session = await apiLogin(request, member.phone, member.password);
    await useSession(context, baseURL!, session);
    const fill = await fillCart(request, { token: session.token, cvs: true, sort: 'price_asc', maxPrice: 19_000 });
    const before = await stockOf(request, fill.product.slug, fill.variant.sku);
    const f = checkoutForm(page, locale);

    await page.goto(url(locale, '/cart/checkout'));
    // A member is not asked to confirm the mobile: the profile fills the receiver in.
    await expect(f.field('checkout.receiver.phone')).toHaveValue(member.phone);
    await expect(page.getByRole('button', { name: f.t('checkout.phone.send') })).toHaveCount(0);
    await f.radio(/Convenience-store pickup/).check();
    await f.field('receiver.field.name').fill('Amy Lin');
    await expectAccessible(page, 'checkout, store pickup chosen');

    await page.getByRole('button', { name: f.t('checkout.cvs.FAMI') }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a pickup store' })).toBeVisible();
    await page.getByLabel('City or county').selectOption('臺北市');
    await page.getByRole('button', { name: 'Search stores' }).click();
    const choose = page.getByRole('button', { name: /^Choose .+/ }).first();
    const storeName = ((await choose.textContent()) ?? '').replace(/^Choose /, '');
    await choose.click();

    await page.waitForURL(/\/en\/cart\/checkout/);
    await expect(page.getByText(f.t('checkout.cvs.chosen'))).toBeVisible();
    await expect(page.getByText(storeName, { exact: false })).toBeVisible();
    // The draft came back from the trip to the map.
    await expect(f.field('receiver.field.name')).toHaveValue('Amy Lin');
    await expectAccessible(page, 'checkout with the chosen store');

    await f.radio(/Pay at pickup/).check();
    await f.radio(f.t('invoice.kind.company')).check();
    await f.field('invoice.field.taxId').fill('12345678');
    await f.field('invoice.field.companyName').fill('Soundwood Trading Co.');
    await f.place().click();
    await f.expectFieldError(f.t('invoice.field.taxId'), f.t('invoice.error.taxId'));
    await expectAccessible(page, 'checkout with a bad tax ID');
    await f.field('invoice.field.taxId').fill('04595257');

    await f.place().click();
    await page.waitForURL(/\/en\/cart\/result\/?\?no=[\w-]+$/);
    const no = new URL(page.url()).searchParams.get('no')!;
    await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
    await expect(page.getByText(f.t('order.next.pickup_pay'))).toBeVisible();
    await expectAccessible(page, 'result page');
    expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before - 1);

    await page.getByRole('link', { name: f.t('result.allOrders') }).click();
    await expect(page.getByRole('heading', { name: f.t('member.orders.title') })).toBeVisible();
    const row = page
      .getByRole('list', { name: f.t('member.orders.title') })
      .getByRole('listitem')
      .first();
    await expect(row).toContainText(f.t('order.state.processing'));
    await expectAccessible(page, 'my orders');
    await page.getByLabel(f.t('orders.filter')).selectOption('cancelled');
    await expect(page.getByText(f.t('orders.emptyState'))).toBeVisible();
    await page.getByLabel(f.t('orders.filter')).selectOption('');
    await page.getByRole('link', { name: msg(locale, 'member.order.number', { no }) }).click();

    await expect(page.getByRole('heading', { name: f.t('member.order.title') })).toBeVisible();
    await expect(page.getByText(storeName, { exact: false })).toBeVisible();
    await expect(page.getByText('04595257 Soundwood Trading Co.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'order page');

    await page.getByRole('button', { name: f.t('order.cancel') }).click();
    const yes = page.getByRole('button', { name: f.t('order.cancelYes') });
    await expect(yes).toBeFocused();
    await expectAccessible(page, 'cancel confirmation');
    await page.keyboard.press('Enter');
    await expect(page.getByText(f.t('order.state.cancelled'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: f.t('order.cancel') })).toHaveCount(0);
    expect(await stockOf(request, fill.product.slug, fill.variant.sku)).toBe(before);
  });
});
