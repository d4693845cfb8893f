import { expect, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { formatDateTime } from '../../src/lib/i18n/format.ts';
import type { Deps } from '../../src/server/context.ts';
import { openDb } from '../../src/server/db/index.ts';
import { pickEmail, pickSms, systemClock } from '../../src/server/deps.ts';
import { readEnv } from '../../src/server/env.ts';
import { shipByLogistics } from '../../src/server/orders/order-admin.ts';
import { MAP_TEXT } from '../../src/server/providers/logistics/simulator-view.ts';
import { apiLogin, createMember, useSession } from './support/auth.ts';
import { checkoutForm, expectAccessible, fillCart, methodNames } from './support/checkout.ts';
import { browserLocale, LOCALES, url } from './support/pages.ts';

/**
 * Issue 20 end to end: a member orders with 7-ELEVEN pickup and pays at pickup; the owner ships it
 * with the orders tool's own function (on the server's database); the logistics simulator brings the
 * parcel to the store and the shopper picks it up.
 */

const mapText = (locale: Locale, key: keyof typeof MAP_TEXT) => MAP_TEXT[key][locale === 'en' ? 'en' : 'zh'];
const PICKUP_NAME: Record<Locale, string> = { 'zh-TW': '林美華', en: 'Amy Lin' };

/** What the owner's tool runs on: the e2e server's database and address. */
function ownerDeps(baseURL: string): Deps {
  const path = process.env.E2E_SQLITE_PATH;
  if (!path) throw new Error('E2E_SQLITE_PATH is set by playwright.config.ts');
  const env = readEnv({ NODE_ENV: 'test', SQLITE_PATH: path, SITE_URL: baseURL });
  const db = openDb({ sqlitePath: path });
  return { db, env, clock: systemClock, sms: pickSms(env, db, systemClock), mail: pickEmail(env, db, systemClock) };
}

for (const locale of LOCALES) {
  test.describe(`shipping [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('7-ELEVEN pickup paid at pickup: shipped by the owner, at the store with its deadline, picked up → completed and invoiced', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // The store map round trip, the owner's tool, two simulated trips and axe on each page.
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
      const f = checkoutForm(page, locale);

      await page.goto(url(locale, '/cart/checkout'));
      await f.radio(names.shipping.cvs!).check();
      await f.field('receiver.field.name').fill(PICKUP_NAME[locale]);
      await page.getByRole('button', { name: f.t('checkout.cvs.UNIMART') }).click();
      await expect(page.getByRole('heading', { level: 1, name: mapText(locale, 'title') })).toBeVisible();
      await page.getByLabel(mapText(locale, 'city')).selectOption('臺北市');
      await page.getByRole('button', { name: mapText(locale, 'search') }).click();
      const [pre, post] = mapText(locale, 'choose').split('{name}') as [string, string];
      const choose = page.getByRole('button', { name: new RegExp(`^${pre}.+${post}$`) }).first();
      const storeName = ((await choose.textContent()) ?? '').slice(pre.length, post ? -post.length : undefined);
      await choose.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname.startsWith(url(locale, '/cart/checkout')));
      await expect(page.getByText(storeName, { exact: false })).toBeVisible();

      await f.radio(names.payment.pickup_pay!).check();
      await f.radio(f.t('invoice.kind.member')).check();
      await f.place().click();
      await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+$/);
      const no = new URL(page.url()).searchParams.get('no')!;
      await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();

      // The owner ships it: the tool's own function creates the 7-ELEVEN logistics order.
      const deps = ownerDeps(baseURL!);
      try {
        const { shipment, created } = await shipByLogistics(deps, no);
        expect(created).toBe(true);
        expect(shipment.shipping_code).toMatch(/^\d{8} \d{4}$/);
        expect(shipment.store?.name).toBe(storeName);
      } finally {
        await deps.db.close();
      }

      // Booked with the carrier: the order page offers no cancel any more and says to contact the shop.
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByText(f.t('order.cancelAskShop'))).toBeVisible();
      await expect(page.getByRole('button', { name: f.t('order.cancel') })).toHaveCount(0);

      // The simulator takes the parcel to the store, posting ECPay's signed notices to the shop.
      const arrived = await request.post('/api/dev/logistics/advance', {
        headers: { 'accept-language': locale },
        data: { order_no: no, to: 'arrived' },
      });
      expect(arrived.ok(), await arrived.text()).toBe(true);
      const parcel = (await arrived.json()).result;
      expect(parcel.status).toBe('arrived');

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url(locale, `/member/orders/${no}`));
      await expect(page.getByRole('heading', { name: f.t('member.order.title') })).toBeVisible();
      // The Parcel box: the section its heading opens.
      const box = page.getByRole('heading', { name: f.t('order.parcelTitle'), exact: true }).locator('..');
      await expect(box.getByText(f.t('order.parcel.arrived'), { exact: true })).toBeVisible();
      await expect(box.getByText(storeName, { exact: false })).toBeVisible();
      await expect(
        box.getByText(f.t('order.parcelDeadline', { at: formatDateTime(parcel.pickup_deadline, locale) })),
      ).toBeVisible();
      await expect(box.getByText(f.t('order.parcelCode', { code: parcel.shipping_code }))).toBeVisible();
      await expect(page.getByText(f.t('order.parcelEvent', { status: f.t('order.parcel.arrived') }))).toBeVisible();
      await expectAccessible(page, 'order page, parcel at the store', 375);

      const picked = await request.post('/api/dev/logistics/advance', { data: { order_no: no, to: 'picked_up' } });
      expect(picked.ok(), await picked.text()).toBe(true);
      // Paid at the counter: the invoice is issued just after the notice is committed.
      let invoiceNo = '';
      await expect
        .poll(async () => {
          const res = await request.get(`/api/orders/${no}`, { headers: { authorization: `Bearer ${session.token}` } });
          invoiceNo = (await res.json()).result?.invoice?.number ?? '';
          return invoiceNo;
        })
        .toMatch(/^[A-Z]{2}\d{8}$/);
      await page.reload();
      await expect(page.locator('.sw-order-state')).toHaveText(f.t('order.state.completed'));
      await expect(box.getByText(f.t('order.parcel.picked_up'), { exact: true })).toBeVisible();
      await expect(page.getByText(f.t('order.invoiceNumber', { number: invoiceNo }))).toBeVisible();
      await expectAccessible(page, 'order page, picked up', 375);
    });
  });
}
