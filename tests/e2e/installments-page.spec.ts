import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { installmentLine } from '../../src/features/cart/installment-line.ts';
import { installmentOfferOf } from '../../src/lib/checkout/installments.ts';
import { api, apiAll, browserLocale, type Json, LOCALES, url } from './support/pages.ts';

/**
 * The product page's installment line is static HTML written by the build from the merchant's
 * contract: the site is built again here with one (so this runs after the others, in the
 * rebuilding project), and a price that reaches a period says its plan, a lower one nothing.
 */
const CONTRACT = {
  ECPAY_INSTALLMENTS: '3,6,12,24',
  INSTALLMENT_MIN_AMOUNT: '3:3000,6:6000,12:12000,24:24000',
  INSTALLMENT_INTEREST_FREE: '1',
};
const offer = installmentOfferOf(CONTRACT);
// One worker, one build.
test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(300_000);
  const r = spawnSync(process.execPath, ['scripts/build.ts'], {
    encoding: 'utf8',
    env: { ...process.env, ...CONTRACT, SQLITE_PATH: process.env.E2E_SQLITE_PATH, LANG: 'en_US.UTF-8' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
});

/** A product whose first option in stock (the one the page shows) is priced within [min, max]. */
async function productPriced(request: Parameters<typeof api>[0], min: number, max: number) {
  for (const s of await apiAll(request, '/api/products?sort=name', 'zh-TW')) {
    const p = await api(request, `/api/products/${s.slug}`, 'zh-TW');
    const initial = (p.variants as Json[]).find((v) => v.in_stock);
    if (initial && initial.price >= min && initial.price <= max) return { p, price: initial.price as number };
  }
  throw new Error(`no product priced ${min} to ${max}`);
}

for (const locale of LOCALES) {
  test.describe(`the product page's installments [${locale}]`, () => {
    test.use({ locale: browserLocale(locale) });

    test('a price that reaches a period says its longest plan; a price below every minimum says nothing', async ({
      page,
      request,
    }) => {
      const high = await productPriced(request, 12_000, 200_000);
      const line = installmentLine(locale, offer, high.price);
      expect(line).toMatch(/12|24/);
      await page.goto(url(locale, `/brands/${high.p.brand.slug}/${high.p.slug}`));
      await expect(page.getByText(line, { exact: true })).toBeVisible();

      const low = await productPriced(request, 1, 2_999);
      await page.goto(url(locale, `/brands/${low.p.brand.slug}/${low.p.slug}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-chosen-installments]')).toBeHidden();
      await expect(page.getByText(locale === 'en' ? /payments of NT\$/ : /分 \d+ 期/)).toHaveCount(0);
    });
  });
}
