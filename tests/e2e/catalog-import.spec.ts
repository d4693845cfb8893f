import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, createMember, useSession } from './support/auth.ts';
import { addFromProductPage } from './support/cart.ts';
import { api, LOCALES, msg, url } from './support/pages.ts';

/**
 * The owner brings a product in a Shopify CSV with a photo, rebuilds, and shoppers find and buy it.
 * It rebuilds the site the other tests read, so it runs after them (its own project, see
 * playwright.config.ts), on the database the test server uses.
 */
const HANDLE = 'e2e-import-speaker';
const NAME = { 'zh-TW': '匯入測試書架喇叭', en: 'Imported Test Bookshelf Speaker' } as const;
const OPTION = { 'zh-TW': '胡桃木', en: 'Walnut' } as const;

function run(args: string[]) {
  const r = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, SQLITE_PATH: process.env.E2E_SQLITE_PATH, LANG: 'en_US.UTF-8' },
  });
  expect(r.status, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

test('a product imported with a photo shows on its brand and product pages in both locales after a rebuild, and can be bought', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const member = await createMember(request);
  await useSession(page.context(), baseURL!, await apiLogin(request, member.phone, member.password));
  // Into the brand and category of a product the shop already sells.
  const [sample] = (await api(request, '/api/products?page_size=1')).data;
  const { brand, category } = sample;
  const dir = mkdtempSync(join(tmpdir(), 'catalog-e2e-'));
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .toFile(join(dir, 'speaker.jpg'));
  const header =
    'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Image Src,Image Position,Image Alt Text,Status,Title (en),Option1 Name (en),Option1 Value (en),Brand Slug,Category Slug';
  const row = [
    HANDLE,
    NAME['zh-TW'],
    '<p>實木箱體的書架喇叭。</p>',
    brand.name,
    category.name,
    '顏色',
    OPTION['zh-TW'],
    'E2E-IMP-WAL',
    '4200',
    '30',
    '8800',
    'speaker.jpg',
    '1',
    '匯入測試書架喇叭 胡桃木',
    'active',
    NAME.en,
    'Colour',
    OPTION.en,
    brand.slug,
    category.slug,
  ].join(',');
  writeFileSync(join(dir, 'products.csv'), `${header}\n${row}\n`);
  run(['scripts/catalog.ts', 'import', join(dir, 'products.csv')]);
  run(['scripts/build.ts']);

  for (const locale of LOCALES) {
    // The build is swapped in within a second; the brand page lists the new product.
    await expect
      .poll(async () => (await page.goto(url(locale, `/brands/${brand.slug}/${HANDLE}`)))?.status(), {
        timeout: 15_000,
      })
      .toBe(200);
    await page.goto(url(locale, `/brands/${brand.slug}`));
    await expect(page.getByRole('link', { name: new RegExp(NAME[locale]) }).first()).toBeVisible();
    await page.goto(url(locale, `/brands/${brand.slug}/${HANDLE}`));
    await expect(page.getByRole('heading', { level: 1, name: NAME[locale] })).toBeVisible();
    // Shopify's Body (HTML) is shown as a paragraph, not as its tags (no English body: the Chinese one).
    const body = page.locator('section[aria-labelledby="product-description"]');
    await expect(body.locator('p', { hasText: '實木箱體的書架喇叭。' })).toBeVisible();
    await expect(body).not.toContainText('<p>');
    // The lead photo is the imported one, in the shop's media folder, with its size.
    const photo = page.getByRole('main').locator('img[src^="/media/"]').first();
    await expect(photo).toBeVisible();
    expect(Number(await photo.getAttribute('width'))).toBeGreaterThan(0);
    // A client of its own: the fixture's kept-alive connection idled past the server's timeout during the build.
    const image = await page.request.get((await photo.getAttribute('src'))!);
    expect(image.status()).toBe(200);
    await addFromProductPage(page, locale, OPTION[locale], 1);
  }

  // Bought: the member orders both, picked up at the shop and paid there.
  await page.goto(url('zh-TW', '/cart/checkout'));
  await page.getByRole('radio', { name: '門市自取' }).check();
  await page.getByRole('radio', { name: '取貨付款', exact: true }).check();
  await page.getByRole('radio', { name: msg('zh-TW', 'invoice.kind.member') }).check();
  await page.getByRole('button', { name: msg('zh-TW', 'checkout.place') }).click();
  await expect(page).toHaveURL(/\/cart\/result\?no=/);
  const no = new URL(page.url()).searchParams.get('no') ?? '';
  expect(no).toMatch(/^\d{8}-[A-Z0-9]{7}$/);
  const bought = await (await page.request.get(`/api/products/${HANDLE}`)).json();
  expect(bought.result.variants[0].stock).toBe(28);
});
