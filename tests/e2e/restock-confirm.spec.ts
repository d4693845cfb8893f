import { spawnSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { inLocale } from './support/auth.ts';
import { holdRequests, type Json, url } from './support/pages.ts';

/**
 * A guest's restock alert by email (issue 38): asked on the product page, it waits only once the
 * link mailed to the address is followed and its page's button pressed, in the alert's language
 * (the server's outbox sends the mail within its pass interval).
 */
function waiting(): string {
  const r = spawnSync(process.execPath, ['scripts/catalog.ts', 'waiting', '--by', 'e2e'], {
    encoding: 'utf8',
    env: { ...process.env, SQLITE_PATH: process.env.E2E_SQLITE_PATH, LANG: 'en_US.UTF-8' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Colours the demo shop has sold out, none used by another spec. */
const SOLD_OUT: Record<Locale, { brand: string; slug: string; sku: string; colour: string }> = {
  'zh-TW': { brand: 'sony', slug: 'sony-ult-wear', sku: 'SON-ULTWEAR-WHI', colour: '白色' },
  en: { brand: 'bangandolufsen', slug: 'bangandolufsen-beoplay-hx', sku: 'BAN-BEOPLAYHX-BLA', colour: 'Black' },
};

const TEXT = {
  'zh-TW': { confirm: '確認通知', confirmed: '已確認：商品到貨時，我們會寄一封通知信給您。' },
  en: { confirm: 'Confirm the alert', confirmed: 'Confirmed: we will mail you once when the item is back in stock.' },
} as const;

async function confirmLinks(page: Page, email: string): Promise<string[]> {
  const res = await page.request.get(`/api/dev/email-outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()).result as Json[])
    .filter((m) => m.purpose === 'restock-confirm')
    .map((m) => m.link as string);
}

for (const locale of ['zh-TW', 'en'] as const) {
  const l = inLocale(locale);
  test(`a guest’s email alert counts once the mailed link is confirmed [${locale}]`, async ({ page }) => {
    test.setTimeout(90_000);
    const p = SOLD_OUT[locale];
    const email = `restock-${locale}-${Date.now()}@example.tw`;
    await page.goto(url(locale, `/brands/${p.brand}/${p.slug}`));
    await page.getByText(l.t('restock.notifyMe')).click();
    const form = page.locator('[data-restock-form]');
    await form.getByLabel(p.colour, { exact: true }).check();
    await form.getByRole('radio', { name: l.t('restock.byEmail'), exact: true }).check();
    await form.getByRole('textbox', { name: l.t('restock.email') }).fill(email);
    await form.getByRole('button', { name: l.t('restock.submit'), exact: true }).click();
    await expect(form.locator('[data-restock-status]')).toHaveText(l.t('restock.pending', { email }));
    expect(waiting()).not.toMatch(new RegExp(`^${p.sku}\\s`, 'm'));

    await expect.poll(() => confirmLinks(page, email), { timeout: 40_000, intervals: [1000] }).toHaveLength(1);
    const [link] = await confirmLinks(page, email);
    await page.goto(link!);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en' : 'zh-Hant-TW');
    // Opening the link confirms nothing: the button does.
    expect(waiting()).not.toMatch(new RegExp(`^${p.sku}\\s`, 'm'));
    await page.getByRole('button', { name: TEXT[locale].confirm }).click();
    await expect(page.getByRole('status')).toHaveText(TEXT[locale].confirmed);
    expect(waiting()).toMatch(new RegExp(`^${p.sku}\\s+1\\s+0\\s`, 'm'));
  });
}

test('a contact chosen while the form’s script is still on its way shows its field once the script starts', async ({
  page,
}) => {
  const l = inLocale('en');
  const p = SOLD_OUT.en;
  await page.goto(url('en', `/brands/${p.brand}/${p.slug}`));
  await page.waitForLoadState('load');
  // The form's script is fetched when the form is opened: held until the choice is made.
  const release = await holdRequests(page, '**/*.js');
  await page.getByText(l.t('restock.notifyMe')).click();
  const form = page.locator('[data-restock-form]');
  await form.getByRole('radio', { name: l.t('restock.byEmail'), exact: true }).check();
  await release();
  await expect(form.getByRole('textbox', { name: l.t('restock.email') })).toBeVisible();
  await expect(form.getByRole('textbox', { name: l.t('restock.phone') })).toBeHidden();
});
