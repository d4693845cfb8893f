import { expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { type AdminKey, at } from '../../src/features/admin/i18n.ts';
import {
  addAccount,
  apiStaff,
  paidPickupOrder,
  STAFF_PASSWORD,
  stepAt,
  totp,
  useStaffSession,
} from './support/admin.ts';
import { expectAccessible } from './support/checkout.ts';
import { api, browserLocale, escapeRegExp, type Json, LOCALES } from './support/pages.ts';

/**
 * Issue 31's console in the browser, in both languages, at a phone's width: an owner sets up the
 * two-step sign-in from the setup link (the QR code and the secret, a code computed here from the
 * secret, the ten recovery codes) and signs in; ships a store-pickup order and its label opens;
 * cancels another with a reason; imports a Shopify CSV after a dry run that first shows a bad row;
 * changes a price and finds it in the change log under their name. A staff member cannot change a
 * price and is told why on the owner's pages. axe on every console page.
 */
const WIDTH = 375;
const en = (locale: Locale) => (locale === 'en' ? '/en' : '');

async function signIn(page: Page, locale: Locale, email: string, code: string) {
  const t = (k: AdminKey) => at(locale, k);
  await page.getByLabel(t('admin.login.email'), { exact: true }).fill(email);
  await page.getByLabel(t('admin.login.password'), { exact: true }).fill(STAFF_PASSWORD);
  // By keyboard: Enter in the last field submits the form.
  await page.getByLabel(t('admin.login.code'), { exact: true }).fill(code);
  await page.keyboard.press('Enter');
}

/** A Shopify CSV of one draft product (hidden from the shop) with one variant. */
function csv(handle: string, sku: string, price: string, json: { brand: Json; category: Json }) {
  const header =
    'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Status,Title (en),Option1 Name (en),Option1 Value (en),Brand Slug,Category Slug';
  const row = [
    handle,
    '後台匯入測試喇叭',
    '<p>測試</p>',
    json.brand.name,
    json.category.name,
    '顏色',
    '黑',
    sku,
    '1000',
    '5',
    price,
    'draft',
    'Console Import Test Speaker',
    'Colour',
    'Black',
    json.brand.slug,
    json.category.slug,
  ].join(',');
  return Buffer.from(`${header}\n${row}\n`);
}

for (const locale of LOCALES) {
  test.describe(`console [${locale}]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: WIDTH, height: 800 } });
    const t = (k: AdminKey, p?: Record<string, string | number>) => at(locale, k, p);

    test('an owner sets up two-step sign-in, signs in, ships a pickup order with its label, cancels one, imports a CSV after its dry run and changes a price', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const owner = await addAccount(baseURL!, 'owner', locale === 'en' ? 'Amy Owner' : '林店主');

      // The setup link: a password, then the QR code and the secret, then the recovery codes.
      await page.goto(`${en(locale)}${owner.setupPath}`);
      await expect(page.getByRole('heading', { level: 1, name: t('admin.setup.title') })).toBeVisible();
      await expectAccessible(page, 'setup: password', WIDTH);
      await page.getByLabel(t('admin.setup.password'), { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel(t('admin.setup.passwordAgain'), { exact: true }).fill(`${STAFF_PASSWORD}x`);
      await page.getByRole('button', { name: t('admin.setup.next') }).click();
      await expect(page.getByLabel(t('admin.setup.passwordAgain'), { exact: true })).toHaveAccessibleDescription(
        t('admin.setup.mismatch'),
      );
      await page.getByLabel(t('admin.setup.passwordAgain'), { exact: true }).fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: t('admin.setup.next') }).click();
      await expect(page.getByRole('heading', { name: t('admin.setup.totpTitle') })).toBeVisible();
      await expect(page.getByRole('img', { name: t('admin.setup.qrLabel') }).locator('svg')).toBeVisible();
      const secret = ((await page.locator('code.sw-admin-secret').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await expectAccessible(page, 'setup: two-step', WIDTH);
      const step = stepAt(Date.now());
      await page.getByLabel(t('admin.setup.code'), { exact: true }).fill(totp(secret, step));
      await page.getByRole('button', { name: t('admin.setup.confirm') }).click();
      await expect(page.getByRole('heading', { name: t('admin.setup.codesTitle') })).toBeVisible();
      await expect(page.getByRole('list', { name: t('admin.setup.codesTitle') }).getByRole('listitem')).toHaveCount(10);
      await expectAccessible(page, 'setup: recovery codes', WIDTH);

      // Sign in with the next step's code (the setup used its own).
      await page.getByRole('link', { name: t('admin.setup.toLogin') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('admin.login.title') })).toBeVisible();
      await expectAccessible(page, 'sign-in', WIDTH);
      await signIn(page, locale, owner.email, totp(secret, step + 1));
      await expect(page.getByRole('heading', { level: 1, name: t('admin.today.title') })).toBeVisible();
      await expect(
        page.getByText(t('admin.signedInAs', { name: owner.name, role: t('admin.role.owner') })),
      ).toBeVisible();
      await expectAccessible(page, 'today', WIDTH);

      // Ship a store-pickup order from the to-ship list; its label opens to print.
      const [shipNo, cancelNo] = [await paidPickupOrder(baseURL!), await paidPickupOrder(baseURL!)];
      await page.goto(`${en(locale)}/admin/orders?view=to-ship&q=${shipNo}`);
      await expect(page.getByRole('link', { name: shipNo })).toBeVisible();
      await expectAccessible(page, 'orders', WIDTH);
      await page.getByRole('link', { name: shipNo }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('admin.order.title', { no: shipNo }) })).toBeVisible();
      await expect(page.getByText(t('admin.order.parcelNone'))).toBeVisible();
      await expectAccessible(page, 'order', WIDTH);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: t('admin.action.ship') }).focus();
      await page.keyboard.press('Enter');
      const label = await popup;
      await expect(page.getByRole('status').filter({ hasText: t('admin.action.shipped') })).toBeVisible();
      // The window opens at the click (no pop-up blocker takes it), then ECPay's print form posts into it.
      await label.waitForURL(/\/api\/sim\/logistics\//);
      await expect(label.locator('body')).toContainText(/\S/);
      await expect(page.getByText(t('admin.order.parcelNone'))).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('admin.action.label') })).toBeVisible();
      await label.close();

      // Cancel another with a reason.
      await page.goto(`${en(locale)}/admin/order?no=${cancelNo}`);
      await page.getByRole('button', { name: t('admin.action.cancel') }).click();
      await page.getByRole('button', { name: t('admin.action.confirmCancel') }).click();
      await expect(page.getByLabel(t('admin.action.reason'), { exact: true })).toHaveAccessibleDescription(
        t('admin.field.required'),
      );
      await page.getByLabel(t('admin.action.reason'), { exact: true }).fill(locale === 'en' ? 'Out of stock' : '缺貨');
      await page.getByRole('button', { name: t('admin.action.confirmCancel') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('admin.action.cancelled') })).toBeVisible();
      await expect(page.getByText(at(locale, 'admin.state.cancelled'), { exact: false }).first()).toBeVisible();

      // Ship two at once from the to-ship list: one label sheet opens with a frame a label.
      const many = [await paidPickupOrder(baseURL!), await paidPickupOrder(baseURL!)];
      await page.goto(`${en(locale)}/admin/orders?view=to-ship&q=20261125-E`);
      for (const no of many) await page.getByRole('checkbox', { name: t('admin.orders.selectOne', { no }) }).check();
      const sheetOpens = page.waitForEvent('popup');
      await page.getByRole('button', { name: t('admin.orders.shipSelected', { count: 2 }) }).click();
      const sheet = await sheetOpens;
      await expect(
        page.getByRole('status').filter({ hasText: t('admin.orders.bulkDone', { count: 2 }) }),
      ).toBeVisible();
      for (const no of many) {
        await expect(sheet.getByRole('heading', { name: no })).toBeVisible();
        await expect(sheet.getByRole('button', { name: t('admin.orders.openLabel', { no }) })).toBeVisible();
        await expect(page.getByRole('link', { name: no })).toHaveCount(0);
      }
      await sheet.close();

      // Import a CSV: a dry run shows the bad row, the fixed file's dry run is clean, then it is applied.
      const [sample] = (await api(request, '/api/products?page_size=1', locale)).data;
      const handle = `console-import-${locale.toLowerCase()}-${Date.now().toString(36)}`;
      const sku = `CI-${Date.now().toString(36).toUpperCase()}-${locale === 'en' ? 'E' : 'Z'}`;
      await page.goto(`${en(locale)}/admin/catalog`);
      await expect(page.getByRole('heading', { level: 1, name: t('admin.catalog.title') })).toBeVisible();
      const file = page.getByLabel(t('admin.catalog.file'), { exact: true });
      await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csv(handle, sku, 'abc', sample) });
      await page.getByRole('button', { name: t('admin.catalog.dryRun') }).click();
      const problems = page.getByRole('region', { name: t('admin.catalog.problems', { count: 1 }) });
      await expect(problems.getByRole('row')).toHaveCount(1);
      await expect(problems).toContainText('2');
      await expect(page.getByRole('button', { name: t('admin.catalog.apply') })).toHaveCount(0);
      await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: csv(handle, sku, '12000', sample) });
      await page.getByRole('button', { name: t('admin.catalog.dryRun') }).click();
      await expect(page.getByText(t('admin.catalog.noProblems'))).toBeVisible();
      await expectAccessible(page, 'catalog with a dry run report', WIDTH);
      await page.getByRole('button', { name: t('admin.catalog.apply') }).click();
      await expect(page.getByRole('heading', { name: t('admin.catalog.reportApplied') })).toBeVisible();

      // Change the imported variant's price in place; the change log names who did it.
      await page.getByLabel(t('admin.catalog.q'), { exact: true }).fill(sku);
      await page.getByRole('button', { name: t('admin.catalog.search') }).click();
      const priceInput = page.getByRole('textbox', { name: t('admin.catalog.priceOf', { sku }) });
      await expect(priceInput).toHaveValue('12000');
      await priceInput.fill('12345');
      await page.getByRole('button', { name: t('admin.catalog.save', { sku }) }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t('admin.catalog.saved', { sku, notice: '' }).trim() }),
      ).toBeVisible();
      const log = page.getByRole('region', { name: t('admin.catalog.changes') });
      await expect(log.getByRole('row').filter({ hasText: owner.name }).filter({ hasText: '12345' })).toBeVisible();
      await expectAccessible(page, 'catalog', WIDTH);

      // The owner's other pages.
      for (const [path, title] of [
        ['/admin/promotions', 'admin.promo.title'],
        ['/admin/staff', 'admin.staff.title'],
      ] as const) {
        await page.goto(`${en(locale)}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: t(title) })).toBeVisible();
        await expect(page.getByRole('region').first()).toBeVisible();
        await expectAccessible(page, path, WIDTH);
      }
    });

    test('at a phone’s width each order is a card whose number, phone and total stay on one line; Today links the low and sold-out stock', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const staff = await apiStaff(request, baseURL!, 'staff', locale === 'en' ? 'Ada Cards' : '陳卡片');
      const no = await paidPickupOrder(baseURL!);
      await useStaffSession(context, baseURL!, staff.token);
      await page.goto(`${en(locale)}/admin/orders?q=${encodeURIComponent(no)}`);
      const link = page.getByRole('link', { name: no, exact: true });
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      const lineHeight = await link.evaluate((el) => {
        const probe = el.ownerDocument.createElement('span');
        probe.textContent = '0';
        el.append(probe);
        const h = probe.getBoundingClientRect().height;
        probe.remove();
        return h;
      });
      expect(box!.height).toBeCloseTo(lineHeight, 0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
      const row = page.locator('tr').filter({ has: link });
      for (const cell of await row.locator('.sw-nowrap').all())
        expect(await cell.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
      // The card starts with the number, then the state and the total on the same line.
      const first = await row.locator('td').evaluateAll(
        (tds) =>
          tds
            .map((td) => ({
              text: td.textContent ?? '',
              top: td.getBoundingClientRect().top,
              left: td.getBoundingClientRect().left,
              shown: td.getBoundingClientRect().width > 0,
            }))
            .filter((c) => c.shown)
            .sort((a, b) => a.top - b.top || a.left - b.left)[0],
      );
      expect(first!.text).toContain(no);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

      await page.goto(`${en(locale)}/admin`);
      const view = await (
        await request.get('/api/admin/today', { headers: { authorization: `Bearer ${staff.token}` } })
      ).json();
      const lowStock = view.result.low_stock as unknown[];
      expect(lowStock).toHaveLength(10);
      const section = page.getByRole('region', { name: t('admin.today.lowStock', { at: view.result.low_stock_at }) });
      // The demo shop has both: more low variants than Today shows, and sold-out ones.
      expect(view.result.low_stock_total).toBeGreaterThan(lowStock.length);
      expect(view.result.sold_out_total).toBeGreaterThan(0);
      await expect(
        page.getByRole('link', { name: t('admin.today.lowStockAll', { count: view.result.low_stock_total }) }),
      ).toHaveAttribute('href', `${en(locale)}/admin/catalog?low_stock=1`);
      await expect(section.locator('tbody tr')).toHaveCount(lowStock.length);
      const soldOut = page.getByRole('link', {
        name: t('admin.today.soldOut', { count: view.result.sold_out_total }),
      });
      await soldOut.click();
      await page.waitForURL((u) => u.search === '?sold_out=1');
      await expect(page.getByRole('checkbox', { name: t('admin.catalog.soldOut') })).toBeChecked();
    });

    test('an ended session goes to sign-in and back to the page, signed in with a recovery code', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const staff = await apiStaff(request, baseURL!, 'staff', locale === 'en' ? 'Cai Night' : '張夜班');
      const out = await request.post('/api/admin/logout', { headers: { authorization: `Bearer ${staff.token}` } });
      expect(out.ok()).toBe(true);
      await useStaffSession(context, baseURL!, staff.token);
      await page.goto(`${en(locale)}/admin/orders?view=to-ship`);
      await page.waitForURL((u) => u.pathname.startsWith(`${en(locale)}/admin/login`));
      expect(new URL(page.url()).searchParams.get('return')).toBe(`${en(locale)}/admin/orders?view=to-ship`);
      await signIn(page, locale, staff.email, staff.recovery[0]!);
      await page.waitForURL((u) => u.pathname === `${en(locale)}/admin/orders` && u.search === '?view=to-ship');
      await expect(page.getByRole('heading', { level: 1, name: t('admin.orders.title') })).toBeVisible();
      await expect(page.getByLabel(t('admin.orders.view'), { exact: true })).toHaveValue('to-ship');
    });

    test('the catalog page names the products on sale that the feeds leave out for want of a photo', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const owner = await apiStaff(request, baseURL!, 'owner', locale === 'en' ? 'Pat Photo' : '陳照片');
      // A product on sale with no photo, under a brand of its own (no other listing changes).
      const handle = `no-photo-${locale.toLowerCase()}`;
      const names = { zh: `無照片測試擴大機 ${locale}`, en: `Photo-less Test Amp ${locale}` };
      const name = locale === 'en' ? names.en : names.zh;
      const file = [
        'Handle,Title,Title (en),Vendor,Type,Variant SKU,Variant Price',
        `${handle},${names.zh},${names.en},No Photo Audio ${locale},配件,NOPHOTO-${locale.toUpperCase()},1000`,
      ].join('\n');
      const imported = await request.post('/api/admin/catalog/import', {
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
        data: Buffer.from(file),
      });
      expect((await imported.json()).result, await imported.text()).toMatchObject({ applied: true, problems: [] });

      await useStaffSession(context, baseURL!, owner.token);
      await page.goto(`${en(locale)}/admin/catalog`);
      const notice = page.getByRole('region', { name: t('admin.catalog.feedGapsTitle') });
      await expect(notice).toBeVisible();
      // The count in words (other products without a photo may be listed too: only the figures vary).
      const words = t('admin.catalog.feedGaps', { products: '\u0000', variants: '\u0000' }).split('\u0000');
      await expect(notice.getByRole('status')).toContainText(words.at(-1)!.trim());
      await expect(notice).toContainText(`NOPHOTO-${locale.toUpperCase()}`);
      await notice.getByRole('link', { name }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === handle);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(escapeRegExp(name)) })).toBeVisible();
      await expect(page.getByRole('region', { name: t('admin.catalog.feedGapsTitle') })).toBeVisible();
      await expectAccessible(page, 'catalog: products without a photo', WIDTH);

      // Withdrawn, it is no longer on sale, nor listed.
      const auth = { authorization: `Bearer ${owner.token}` };
      expect((await request.post(`/api/admin/products/${handle}/withdraw`, { headers: auth })).ok()).toBe(true);
      const gaps = await (await request.get('/api/admin/catalog/feed-gaps', { headers: auth })).json();
      expect(gaps.result.list.map((g: Json) => g.handle)).not.toContain(handle);
    });

    test('a staff member cannot change a price, and the owner’s pages say why', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const staff = await apiStaff(request, baseURL!, 'staff', locale === 'en' ? 'Ben Packer' : '王店員');
      await useStaffSession(context, baseURL!, staff.token);
      const [product] = (await api(request, '/api/products?page_size=1', locale)).data;
      const detail = await api(request, `/api/products/${product.slug}`, locale);
      const sku: string = detail.variants[0].sku;

      await page.goto(`${en(locale)}/admin/catalog?q=${encodeURIComponent(sku)}`);
      await expect(page.getByRole('textbox', { name: t('admin.catalog.stockOf', { sku }) })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t('admin.catalog.priceOf', { sku }) })).toHaveCount(0);
      await expect(page.getByRole('link', { name: t('admin.nav.promotions') })).toHaveCount(0);
      await expectAccessible(page, 'catalog (staff)', WIDTH);

      // The API refuses the price in the staff member's language.
      const refused = await request.patch(`/api/admin/variants/${encodeURIComponent(sku)}`, {
        headers: { authorization: `Bearer ${staff.token}`, 'Accept-Language': locale },
        data: { price: 1 },
      });
      expect(refused.status()).toBe(403);
      const body = await refused.json();
      expect(body.code).toBe('ROLE_FORBIDDEN');
      expect(body.message).toMatch(locale === 'en' ? /^[\x20-\x7e’]+$/ : /[\u4e00-\u9fff]/);

      // An owner's page tells a staff member why, in their language.
      const promos = await request.get('/api/admin/promotions', {
        headers: { authorization: `Bearer ${staff.token}`, 'Accept-Language': locale },
      });
      expect(promos.status()).toBe(403);
      const why: string = (await promos.json()).message;
      await page.goto(`${en(locale)}/admin/promotions`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('alert').filter({ hasText: new RegExp(escapeRegExp(why)) })).toBeVisible();
      await expectAccessible(page, 'promotions (staff)', WIDTH);
      expect(await (await request.get('/sitemap.xml')).text()).not.toMatch(/\/admin\b/);
    });
  });
}
