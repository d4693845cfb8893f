import { expect, type Page, test } from '@playwright/test';
import type { Locale } from '../../src/config.ts';
import { type AdminKey, at } from '../../src/features/admin/i18n.ts';
import { apiStaff, useStaffSession } from './support/admin.ts';
import { expectAccessible } from './support/checkout.ts';
import { postedReview } from './support/console-reviews.ts';
import { api } from './support/pages.ts';

/**
 * Issue 42's console side in the browser at a phone's width: the owner opens the Reviews page as the
 * owner's alert links it (?product=<slug>), finds a shopper's review (its HTML shown as text), hides
 * it with a reason (asked for beside the field when left out), finds it under Hidden, and the
 * product's reviews no longer list it; in English the shop replies under a review, found with the
 * stars filter. axe on the page in both languages.
 */
const WIDTH = 375;
const en = (locale: Locale) => (locale === 'en' ? '/en' : '');
const review = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('console reviews', () => {
  test.use({ viewport: { width: WIDTH, height: 800 } });

  test('[zh-TW] the owner finds a review by its product, hides it with a reason, and it leaves the product', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const locale: Locale = 'zh-TW';
    const t = (k: AdminKey, p?: Record<string, string | number>) => at(locale, k, p);
    test.setTimeout(60_000);
    const title = `<b>太吵</b> ${Date.now().toString(36)}`;
    const posted = await postedReview(request, baseURL!, { stars: 2, title, body: '低音<script>x</script>糊成一團' });
    expect(
      (await api(request, `/api/products/${posted.slug}/reviews`)).data.map((r: { id: number }) => r.id),
    ).toContain(posted.id);
    const owner = await apiStaff(request, baseURL!, 'owner', '王店主');
    await useStaffSession(context, baseURL!, owner.token);

    await page.goto(`${en(locale)}/admin/reviews?product=${posted.slug}`);
    await expect(page.getByRole('link', { name: t('admin.nav.reviews'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByLabel(t('admin.reviews.product'))).toHaveValue(posted.slug);
    const card = review(page, title);
    await expect(card.getByRole('img', { name: t('admin.reviews.rating', { stars: 2 }) })).toBeVisible();
    await expect(card.getByText('低音<script>x</script>糊成一團', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: t('admin.order.title', { no: posted.no }) })).toBeVisible();
    await expectAccessible(page, 'reviews list', WIDTH);

    // Hide: a reason is asked for beside its field, then the review is hidden.
    await card.getByRole('button', { name: t('admin.reviews.hide'), exact: true }).click();
    const confirm = card.getByRole('button', { name: t('admin.reviews.hideConfirm'), exact: true });
    await confirm.click();
    const reason = card.getByRole('textbox', { name: t('admin.reviews.reason') });
    await expect(reason).toHaveAccessibleDescription(t('admin.reviews.reasonRequired'));
    await expect(reason).toBeFocused();
    await reason.fill('含不實內容');
    await confirm.click();
    await expect(card.getByRole('status')).toHaveText(t('admin.reviews.hiddenNow'));

    // Under Hidden, with its reason; gone from the product's reviews.
    const tabs = page.getByRole('navigation', { name: t('admin.reviews.tabs') });
    await tabs.getByRole('link', { name: new RegExp(`^${t('admin.reviews.view.hidden')}`) }).click();
    await expect(page).toHaveURL(/view=hidden/);
    await expect(
      review(page, title).getByText(t('admin.reviews.hiddenReason', { reason: '含不實內容' })),
    ).toBeVisible();
    await expect(review(page, title).getByRole('button', { name: t('admin.reviews.unhide') })).toBeVisible();
    const listed = await api(request, `/api/products/${posted.slug}/reviews`);
    expect(listed.data.map((r: { id: number }) => r.id)).not.toContain(posted.id);
    await expectAccessible(page, 'hidden reviews', WIDTH);
  });

  test('[en] the shop replies under a review found by its stars; the page in English', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const locale: Locale = 'en';
    const t = (k: AdminKey, p?: Record<string, string | number>) => at(locale, k, p);
    const title = `Warm and clear ${Date.now().toString(36)}`;
    const posted = await postedReview(request, baseURL!, { stars: 5, title });
    const staff = await apiStaff(request, baseURL!, 'staff', 'Sam Staff');
    await useStaffSession(context, baseURL!, staff.token);

    await page.goto(`${en(locale)}/admin/reviews`);
    await expect(page.getByRole('heading', { level: 1, name: t('admin.reviews.title') })).toBeVisible();
    await page.getByLabel(t('admin.reviews.stars'), { exact: true }).selectOption('5');
    await page.getByLabel(t('admin.reviews.product')).fill(posted.slug);
    await page.getByRole('button', { name: t('admin.reviews.apply'), exact: true }).click();
    await expect(page).toHaveURL(/stars=5/);
    const card = review(page, title);
    await card.getByRole('button', { name: t('admin.reviews.replyWrite'), exact: true }).click();
    await card.getByRole('textbox', { name: t('admin.reviews.replyLabel') }).fill('Thank you, enjoy the music.');
    await card.getByRole('button', { name: t('admin.reviews.replySave'), exact: true }).click();
    await expect(card.getByRole('status')).toHaveText(t('admin.reviews.replyDone'));
    await expect(card.getByRole('heading', { name: t('admin.reviews.reply') })).toBeVisible();
    await expect(card.getByRole('button', { name: t('admin.reviews.replyEdit'), exact: true })).toBeVisible();
    const listed = await api(request, `/api/products/${posted.slug}/reviews`, locale);
    expect(listed.data.find((r: { id: number }) => r.id === posted.id).reply.body).toBe('Thank you, enjoy the music.');
    await expectAccessible(page, 'reviews in English', WIDTH);
  });
});
