import { expect, type Page, test } from '@playwright/test';
import { COOKIE } from '../../src/config.ts';
import { UNEXPECTED_ERROR } from '../../src/lib/api/client.ts';
import { apiLogin, cookie, createMember, DEMO, inLocale, LOCALES, loginWithForm, useSession } from './support/auth.ts';

/** Answers every call to `path` with 503 and the failure envelope; returns how many requests came. */
async function failWith503(page: Page, path: string, message = 'down for maintenance') {
  const seen = { count: 0 };
  await page.route(`**${path}`, (route) => {
    seen.count++;
    return route.fulfill({ status: 503, json: { status: false, result: null, message, code: 'UNAVAILABLE' } });
  });
  return seen;
}

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test('a revoked token is logged out silently on the first page', async ({ page, context, request, baseURL }) => {
      const session = await apiLogin(request, DEMO.phone, DEMO.password);
      await request.post('/api/users/logout', { headers: { authorization: `Bearer ${session.token}` } });
      await useSession(context, baseURL!, session);
      await page.goto(l.url('/member/profile'));
      await expect(page).toHaveURL(l.url('/login'));
      await expect(page.getByRole('heading', { name: l.t('auth.login.title') })).toBeVisible();
      expect(await cookie(context, COOKIE.accessToken)).toBeUndefined();
      expect(await cookie(context, COOKIE.userInfo)).toBeUndefined();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('a token that is not one of ours is logged out silently too', async ({ page, context, baseURL }) => {
      await useSession(context, baseURL!, {
        token: 'AAAAAAAAAAAAAAAAAAAAAA',
        userInfo: { id: 1, name: 'x', phoneVerify: true, emailVerify: false, status: true },
      });
      await page.goto(l.url('/login'));
      await expect(page).toHaveURL(l.url('/login'));
      await expect(page.getByRole('button', { name: l.t('auth.login.submit') })).toBeVisible();
      expect(await cookie(context, COOKIE.accessToken)).toBeUndefined();
    });

    test('a failing call opens the closable error modal with the message', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      await useSession(context, baseURL!, await apiLogin(request, member.phone, member.password));
      await page.goto(l.url('/member/profile'));
      await expect(page.getByRole('heading', { name: l.t('member.profile.title') })).toBeVisible();
      await page.route('**/api/users/update', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: l.t('member.profile.save') }).click();
      const modal = page.getByRole('dialog', { name: l.t('auth.errorModal.title') });
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(UNEXPECTED_ERROR);
      await expect(modal.getByRole('img', { name: 'error' })).toBeVisible();
      // Focus moves into the modal and stays there; Escape closes it and focus returns.
      const save = page.getByRole('button', { name: l.t('member.profile.save') });
      await expect(modal.getByRole('button', { name: l.t('auth.modal.close') }).first()).toBeFocused();
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      await expect(save).toBeFocused();
      // The button is usable again: the pending flag was reset.
      await expect(save).toBeEnabled();
      await save.click();
      await expect(modal).toBeVisible();
      await modal
        .getByRole('button', { name: l.t('auth.modal.close') })
        .last()
        .click();
      await expect(modal).toHaveCount(0);
    });
  });
}

test.describe('retry policy on the wire', () => {
  test.use({ locale: 'zh-TW' });

  test('GET answered 503 is sent twice', async ({ page, context, request, baseURL }) => {
    await useSession(context, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
    const info = await failWith503(page, '/api/users/info');
    await page.goto('/member/profile');
    // The token check failed: a silent logout, then the guard sends the guest to login.
    await expect(page).toHaveURL('/login');
    expect(info.count).toBe(2);
  });

  test('POST answered 503 is sent once, and its message is shown', async ({ page }) => {
    const login = await failWith503(page, '/api/users/login', '服務維護中');
    await page.goto('/login');
    await loginWithForm(page, 'zh-TW', DEMO.phone, DEMO.password);
    const modal = page.getByRole('dialog', { name: inLocale('zh-TW').t('auth.errorModal.title') });
    await expect(modal).toContainText('服務維護中');
    expect(login.count).toBe(1);
  });
});
