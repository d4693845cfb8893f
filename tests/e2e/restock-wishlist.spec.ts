import { spawnSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { apiLogin, createMember, freshPhone, inLocale, readOtp, useSession } from './support/auth.ts';
import { expectAccessible } from './support/checkout.ts';
import { browserLocale, type Json, url } from './support/pages.ts';

/**
 * Restock alerts and the wishlist (issue 32), in both languages: "notify me" on a colour sold out at
 * build time, the restock text after the owner's `npm run catalog -- stock <sku> 5` (the server's
 * outbox sends it within its pass interval), and a guest's heart kept across login into the member's
 * wishlist page, which is accessible at 375 px.
 */
function catalog(...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/catalog.ts', ...args, '--by', 'e2e'], {
    encoding: 'utf8',
    env: { ...process.env, SQLITE_PATH: process.env.E2E_SQLITE_PATH, LANG: 'en_US.UTF-8' },
  });
  expect(r.status, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Colours the demo shop has sold out (stock 0 in its seed), one per test so none waits on another. */
const SOLD_OUT: Record<Locale, { brand: string; slug: string; sku: string; colour: Record<Locale, string> }> = {
  'zh-TW': {
    brand: 'sony',
    slug: 'sony-wh-ch720n',
    sku: 'SON-WHCH720N-BLA',
    colour: { 'zh-TW': '黑色', en: 'Black' },
  },
  en: {
    brand: 'sennheiser',
    slug: 'sennheiser-momentum-4-wireless',
    sku: 'SEN-MOMENTUM4WIRELESS-BLA',
    colour: { 'zh-TW': '黑色', en: 'Black' },
  },
};

async function restockTexts(page: Page, phone: string): Promise<string[]> {
  const res = await page.request.get(`/api/dev/sms-outbox?phone=${phone}`);
  return ((await res.json()).result as Json[]).filter((m) => m.purpose === 'restock').map((m) => m.text as string);
}

for (const locale of ['zh-TW', 'en'] as const) {
  const l = inLocale(locale);
  test.describe(`restock alerts and the wishlist [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('notify me on a sold-out colour: a guest confirms a phone, the text comes once after the restock', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const p = SOLD_OUT[locale];
      const phone = freshPhone();
      try {
        await page.goto(url(locale, `/brands/${p.brand}/${p.slug}`));
        await expect(page.locator(`button[data-sku="${p.sku}"]`)).toBeDisabled();
        await page.getByText(l.t('restock.notifyMe')).click();
        const form = page.locator('[data-restock-form]');
        await form.getByLabel(p.colour[locale], { exact: true }).check();
        await form.getByLabel(l.t('restock.phone')).fill(phone);
        await form.getByRole('button', { name: l.t('restock.sendCode') }).click();
        await expect(form.locator('[data-restock-status]')).toHaveText(l.t('restock.codeSent', { phone }));
        await form.getByLabel(l.t('restock.code')).fill(await readOtp(page.request, phone, 'checkout'));
        await form.getByRole('button', { name: l.t('restock.submit'), exact: true }).click();
        await expect(form.locator('[data-restock-status]')).toHaveText(
          l.t('restock.done', { option: p.colour[locale] }),
        );
        expect(catalog('waiting')).toMatch(new RegExp(`${p.sku}\\s+1\\s+0\\s`));

        catalog('stock', p.sku, '5');
        await expect.poll(() => restockTexts(page, phone), { timeout: 40_000, intervals: [1000] }).toHaveLength(1);
        const [text] = await restockTexts(page, phone);
        expect(text).toContain(`${url(locale, `/brands/${p.brand}/${p.slug}`)}?sku=${p.sku}`);
        expect(text).toContain(locale === 'en' ? 'is back in stock' : '已到貨');
      } finally {
        catalog('stock', p.sku, '0');
      }
    });

    test('a guest’s heart is kept across login, on the wishlist page with price and stock; remove it; axe at 375 px', async ({
      page,
    }) => {
      const member = await createMember(page.request);
      const path = `/brands/audio-technica/audio-technica-ath-m50x`;
      await page.goto(url(locale, path));
      const heart = page.locator('[data-wish-here]');
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      const name = (await page.locator('h1').textContent())!.trim();
      // A reload keeps it (the browser's list), then login merges it into the member's.
      await page.reload();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await page.goto(url(locale, '/login'));
      await page.getByLabel(l.t('auth.login.account')).fill(member.phone);
      await page.getByLabel(l.t('auth.login.password'), { exact: true }).fill(member.password);
      await page.getByRole('button', { name: l.t('auth.login.submit') }).click();
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url(locale, '/member/wishlist'));
      const list = page.getByRole('list', { name: l.t('wishlist.title') });
      await expect(list.getByRole('link', { name })).toBeVisible();
      await expect(list).toContainText('NT$');
      await expectAccessible(page, 'the wishlist page', 375);
      // The member's heart on the product page shows it saved (from the server now).
      expect(await page.evaluate(() => localStorage.getItem('sw-wishlist'))).toBeNull();
      await page.goto(url(locale, path));
      await expect(page.locator('[data-wish-here]')).toHaveAttribute('aria-pressed', 'true');
      await page.goto(url(locale, '/member/wishlist'));
      await page.getByRole('button', { name: l.t('wishlist.removeItem', { name }) }).click();
      await expect(page.getByText(l.t('wishlist.empty'))).toBeVisible();
      await expectAccessible(page, 'the empty wishlist page', 375);
    });
  });
}

test('a member asks in one tap and hears by text to the account’s phone', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const p = SOLD_OUT['zh-TW'];
  const sku = 'SON-WHCH720N-WHI';
  const member = await createMember(page.request);
  await useSession(context, baseURL!, await apiLogin(page.request, member.phone, member.password));
  try {
    await page.goto(`/en/brands/${p.brand}/${p.slug}`);
    await page.getByText(inLocale('en').t('restock.notifyMe')).click();
    const form = page.locator('[data-restock-form]');
    await expect(form.getByText(inLocale('en').t('restock.member'))).toBeVisible();
    await expect(form.getByLabel(inLocale('en').t('restock.phone'))).toBeHidden();
    await form.getByLabel('White', { exact: true }).check();
    await form.getByRole('button', { name: inLocale('en').t('restock.submit'), exact: true }).click();
    await expect(form.locator('[data-restock-status]')).toHaveText(
      inLocale('en').t('restock.done', { option: 'White' }),
    );
    catalog('stock', sku, '5');
    await expect.poll(() => restockTexts(page, member.phone), { timeout: 40_000, intervals: [1000] }).toHaveLength(1);
    expect((await restockTexts(page, member.phone))[0]).toContain(`/en/brands/${p.brand}/${p.slug}?sku=${sku}`);
  } finally {
    catalog('stock', sku, '0');
  }
});
