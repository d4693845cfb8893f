import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { openDb } from '../../src/server/db/index.ts';
import { apiLogin, createMember, readOtp, useSession } from './support/auth.ts';
import { type CartFill, checkoutForm, fillCart, methodNames } from './support/checkout.ts';
import { browserLocale, escapeRegExp, LOCALES, url } from './support/pages.ts';

/**
 * Issue 38 end to end: a home-delivery receiver name the carrier refuses is caught beside the field
 * in the page's language (the limit told beside it), and a member whose mobile the server finds
 * unverified is brought to the verify-phone modal, verifies, and the order goes through.
 */

type Form = ReturnType<typeof checkoutForm>;

/** Fills a home-delivery, cash-on-delivery order for Taipei, leaving the receiver name as given. */
async function fillHomeOrder(f: Form, names: Awaited<ReturnType<typeof methodNames>>, name: string) {
  await f.field('checkout.receiver.name').fill(name);
  await f.radio(names.shipping.home!).check();
  await f.field('member.profile.city').selectOption('臺北市');
  await f.field('member.profile.area').selectOption('大安區');
  await f.field('member.profile.addr').fill('復興南路一段 1 號 3 樓');
  await f.radio(names.payment.cod!).check();
}

async function memberCheckout(request: APIRequestContext, locale: Locale) {
  const member = await createMember(request);
  const session = await apiLogin(request, member.phone, member.password);
  const fill: CartFill = await fillCart(request, { token: session.token, sort: 'price_asc', maxPrice: 19_000, locale });
  return { member, session, fill, names: await methodNames(request, fill, locale) };
}

for (const locale of LOCALES) {
  test.describe(`checkout receiver [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('home delivery: a name the carrier refuses is caught beside the field, the limit is told there', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const { session, names } = await memberCheckout(request, locale);
      await useSession(context, baseURL!, session);
      const f = checkoutForm(page, locale);
      await page.goto(url(locale, '/cart/checkout'));
      await fillHomeOrder(f, names, 'Mary Johnson');
      await expect(f.field('checkout.receiver.name')).toHaveAccessibleDescription(
        new RegExp(escapeRegExp(f.t('checkout.receiver.homeRule'))),
      );
      for (const name of ['Mary Johnson', '司馬相如先生', 'Li', 'Amy <b>']) {
        await f.field('checkout.receiver.name').fill(name);
        await f.place().click();
        await f.expectFieldError(f.t('checkout.receiver.name'), f.t('receiver.error.homeName'));
      }
      await expect(page).toHaveURL(new RegExp(`${url(locale, '/cart/checkout')}/?$`));
      await f.field('checkout.receiver.name').fill('Mary J');
      await f.place().click();
      await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+/);
      await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
    });
  });
}

test.describe('checkout by a member whose mobile is not verified [en]', () => {
  test.use({ locale: browserLocale('en') });

  test('the order is refused, the verify-phone modal comes up, and after verifying the order goes through', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    const { member, session, names } = await memberCheckout(request, 'en');
    await useSession(context, baseURL!, session);
    const f = checkoutForm(page, 'en');
    await page.goto(url('en', '/cart/checkout'));
    await fillHomeOrder(f, names, 'Amy Lin');
    // The page holds the member as verified; the server now has the mobile unverified, as an
    // account kept from before phone verification has it.
    const path = process.env.E2E_SQLITE_PATH;
    if (!path) throw new Error('E2E_SQLITE_PATH is set by playwright.config.ts');
    const db = openDb({ sqlitePath: path });
    try {
      await db.kysely.updateTable('members').set({ phone_verify: 0 }).where('phone', '=', member.phone).execute();
    } finally {
      await db.close();
    }
    await f.place().click();
    const modal = page.getByRole('dialog', { name: f.t('auth.phoneModal.title') });
    await expect(modal).toBeVisible();
    await modal.getByRole('link', { name: f.t('auth.phoneModal.go') }).click();

    await expect(page.getByRole('heading', { name: f.t('member.phone.title') })).toBeVisible();
    await page.getByRole('button', { name: f.t('auth.otp.send') }).click();
    await page.getByLabel(f.t('member.phone.code')).fill(await readOtp(request, member.phone, 'verify'));
    await page.getByRole('button', { name: f.t('member.phone.submit'), exact: true }).click();
    await expect(page.getByText(f.t('member.phone.done'))).toBeVisible();

    // Back at checkout the draft is still there; the order now goes through.
    await page.goto(url('en', '/cart/checkout'));
    await expect(f.field('checkout.receiver.name')).toHaveValue('Amy Lin');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await f.place().click();
    await page.waitForURL(/\/cart\/result\/?\?no=[\w-]+/);
    await expect(page.getByRole('heading', { name: f.t('result.placed') })).toBeVisible();
  });
});
