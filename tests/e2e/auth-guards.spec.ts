import { expect, test } from '@playwright/test';
import { COOKIE } from '../../src/config.ts';
import { apiLogin, cookie, DEMO, inLocale, LOCALES, loginWithForm, useSession } from './support/auth.ts';

const MEMBER_PAGES = ['/member/profile', '/member/orders', '/member/change-password', '/member/phone-Verification'];
const GUEST_PAGES = ['/login', '/sign-up', '/forgot-password'];

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test('guests are sent from member pages and reset-password to login', async ({ page }) => {
      for (const path of [...MEMBER_PAGES, '/reset-password']) {
        await page.goto(l.url(path));
        await expect(page, path).toHaveURL(l.url('/login'));
        await expect(page.getByRole('heading', { name: l.t('auth.login.title') })).toBeVisible();
      }
    });

    test('a guest sent to login comes back to the member page after login', async ({ page }) => {
      await page.goto(l.url('/member/orders'));
      await expect(page).toHaveURL(l.url('/login'));
      await loginWithForm(page, locale, DEMO.phone, DEMO.password);
      await expect(page).toHaveURL(l.url('/member/orders'));
      await expect(page.getByText(l.t('member.orders.empty'))).toBeVisible();
    });

    test('members are sent from login, sign-up and forgot-password to the member page', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await useSession(context, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
      for (const path of GUEST_PAGES) {
        await page.goto(l.url(path));
        await expect(page, path).toHaveURL(l.url('/member/profile'));
      }
      await expect(page.getByRole('heading', { name: l.t('member.profile.title') })).toBeVisible();
      // /register is the sign-up page's other name: the server answers 301, then the guard applies.
      const res = await request.get(l.url('/register'), { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers().location).toBe(l.url('/sign-up'));
    });

    test('the member page never paints for a guest before the redirect', async ({ page }) => {
      // Record every document the browser starts to render: the member page's own markup must never show.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.sw-member') && location.pathname.includes('/member/')) {
            (window as unknown as { memberPainted: boolean }).memberPainted = true;
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(l.url('/member/profile'));
      await expect(page).toHaveURL(l.url('/login'));
      expect(await page.evaluate(() => (window as unknown as { memberPainted?: boolean }).memberPainted)).toBeFalsy();
    });

    test('client-side navigation to a member page takes a guest to login', async ({ page }) => {
      await page.goto(l.url('/login'));
      await page.getByRole('link', { name: l.t('nav.member') }).click();
      await expect(page).toHaveURL(l.url('/login'));
      await page.goto(l.url('/sign-up'));
      await page.getByRole('link', { name: l.t('nav.member') }).click();
      await expect(page).toHaveURL(l.url('/login'));
      expect((await cookie(page.context(), COOKIE.recordPage))?.value).toBe(l.url('/member/profile'));
    });
  });
}
