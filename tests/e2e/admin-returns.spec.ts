import { expect, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { type AdminKey, at } from '../../src/features/admin/i18n.ts';
import { apiStaff, useStaffSession } from './support/admin.ts';
import { expectAccessible } from './support/checkout.ts';
import { api, browserLocale, LOCALES } from './support/pages.ts';
import { requestedReturn } from './support/returns.ts';

/**
 * Issue 40's console side in the browser, in both languages, at a phone's width: a staff member
 * finds a shopper's return under "to approve", approves it as brought to the shop, finds it under
 * "to inspect" and receives it; the refund is the owner's (the staff member is told so); the owner
 * refunds the transfer with its reference and sees it in the refunds, and the return's moves on its
 * order's timeline. axe on both return pages. (A card return through the console: returns.spec.ts.)
 */
const WIDTH = 375;
const en = (locale: Locale) => (locale === 'en' ? '/en' : '');

for (const locale of LOCALES) {
  test.describe(`console returns [${locale}]`, () => {
    test.use({ locale: browserLocale(locale), viewport: { width: WIDTH, height: 800 } });
    const t = (k: AdminKey, p?: Record<string, string | number>) => at(locale, k, p);

    test('staff approve and receive a return from its queues; the owner refunds it with the transfer reference', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const ret = await requestedReturn(baseURL!);
      const staff = await apiStaff(request, baseURL!, 'staff', locale === 'en' ? 'Sam Staff' : '林小幫');
      const owner = await apiStaff(request, baseURL!, 'owner', locale === 'en' ? 'Amy Owner' : '王店主');
      await useStaffSession(context, baseURL!, staff.token);

      // The queue "to approve", its count on the tab, the return in it.
      await page.goto(`${en(locale)}/admin/returns`);
      const tabs = page.getByRole('navigation', { name: t('admin.returns.tabs') });
      await tabs.getByRole('link', { name: new RegExp(`^${t('admin.returns.view.to-approve')}`) }).click();
      await expect(page).toHaveURL(/view=to-approve/);
      await expectAccessible(page, 'returns list', WIDTH);
      // On a phone each row is a card: a cell its column's name does not head says it itself.
      const title = t('admin.return.title', { id: ret.id });
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await expect(row.getByRole('cell', { name: `${t('admin.col.quantity')}: 1`, exact: true })).toBeVisible();
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin.return.title', { id: ret.id }) }),
      ).toBeVisible();
      await expect(
        page.getByText(t('admin.return.bank', { code: '812', account: '**********1234', holder: '陳大文' })),
      ).toBeVisible();
      await expectAccessible(page, 'return page', WIDTH);

      // Approve: brought to the shop.
      await page.getByLabel(t('admin.return.approveMethod'), { exact: true }).selectOption('shop');
      await page.getByRole('button', { name: t('admin.return.approve'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(t('admin.return.approved'));

      // Now under "to inspect": receive one, none damaged.
      await page.goto(`${en(locale)}/admin/returns?view=to-inspect`);
      await page.getByRole('link', { name: t('admin.return.title', { id: ret.id }), exact: true }).click();
      const received = page.getByRole('spinbutton', { name: /\(|（/ }).first();
      await expect(received).toHaveValue('1');
      await page.getByRole('button', { name: t('admin.return.receive'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(t('admin.return.receivedDone'));
      await expect(page.getByRole('cell', { name: `${t('admin.return.col.received')}: 1`, exact: true })).toBeVisible();
      await expect(page.getByText(t('admin.return.ownerOnly'))).toBeVisible();

      // The owner refunds the transfer with its reference.
      await useStaffSession(context, baseURL!, owner.token);
      await page.goto(`${en(locale)}/admin/returns?view=to-refund`);
      await page.getByRole('link', { name: t('admin.return.title', { id: ret.id }), exact: true }).click();
      await page.getByLabel(t('admin.return.refundReferenceLabel'), { exact: true }).fill('TX-2026-0042');
      await page
        .getByRole('button', { name: new RegExp(`^${t('admin.return.refund', { amount: '' }).trim()}`) })
        .click();
      await expect(page.getByRole('status')).toHaveText(
        t('admin.return.refundDone', { state: t('admin.refundState.sent') }),
      );
      await expect(
        page.getByText(t('admin.return.refundReference', { reference: 'TX-2026-0042' }), { exact: false }),
      ).toBeVisible();

      // The order's timeline names the return (a link to it) and each of its moves in words.
      await page.getByRole('link', { name: t('admin.return.order', { no: ret.no }), exact: true }).click();
      const moves = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: t('admin.return.title', { id: ret.id }), exact: true }) });
      await expect(
        moves.filter({ hasText: `${t('admin.returnState.approved')} · ${t('admin.return.method.shop')}` }),
      ).toHaveCount(1);
      await expect(moves.filter({ hasText: t('admin.returnState.refunded') })).toHaveCount(1);
      await expect(page.getByText(/return:\d/)).toHaveCount(0);
    });

    test('the owner marks a product not returnable in the catalog, and marks it back', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const owner = await apiStaff(request, baseURL!, 'owner', locale === 'en' ? 'Amy Owner' : '王店主');
      await useStaffSession(context, baseURL!, owner.token);
      const [product] = (await api(request, '/api/products?page_size=1', locale)).data;
      const detail = await api(request, `/api/products/${product.slug}`, locale);
      await page.goto(`${en(locale)}/admin/catalog?q=${encodeURIComponent(detail.variants[0].sku)}`);
      const flag = page.getByRole('checkbox', { name: t('admin.catalog.notReturnable', { name: detail.name }) });
      await expect(flag).not.toBeChecked();
      // The box shows the product as the list reads it again after the change.
      await flag.click();
      await expect(flag).toBeChecked();
      expect((await api(request, `/api/products/${product.slug}`, locale)).returnable).toBe(false);
      await flag.click();
      await expect(flag).not.toBeChecked();
      expect((await api(request, `/api/products/${product.slug}`, locale)).returnable).toBe(true);
    });
  });
}
