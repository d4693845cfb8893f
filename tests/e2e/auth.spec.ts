import { expect, test } from '@playwright/test';
import { AUTH_COOKIE_MAX_AGE_S, COOKIE } from '../../src/config.ts';
import { cookie, freshPhone, inLocale, LOCALES, loginWithForm, readOtp } from './support/auth.ts';

test.use({ locale: 'zh-TW' });

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test(`[${locale}] sign up with a texted code, log out, log in again`, async ({ page, context, request }) => {
      const phone = freshPhone();
      const password = 'Mountain-Tea-2026';
      await page.goto(l.url('/'));
      await page.goto(l.url('/sign-up'));
      await page.getByLabel(l.t('auth.signUp.name')).fill('陳大文');
      await page.getByLabel(l.t('auth.signUp.phone')).fill(phone);
      const send = page.getByRole('button', { name: l.t('auth.otp.send') });
      await send.click();
      await expect(page.getByRole('button', { name: /60|59|58/ })).toBeDisabled();
      const code = await readOtp(request, phone, 'register');
      await page.getByLabel(l.t('auth.signUp.code')).fill(code);
      await page.getByLabel(l.t('auth.signUp.password'), { exact: true }).fill(password);
      await page.getByLabel(l.t('auth.signUp.confirm')).fill(password);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: l.t('auth.signUp.submit') }).click();

      // Verified by the code: straight to the recorded page (home), logged in.
      await expect(page).toHaveURL(l.url('/'));
      await expect.poll(async () => (await cookie(context, COOKIE.accessToken))?.value).toMatch(/^[\w-]{22}$/);

      await page.goto(l.url('/member/profile'));
      await expect(page.getByRole('heading', { name: l.t('member.profile.title') })).toBeVisible();
      await page.getByRole('button', { name: l.t('member.nav.logout') }).click();
      await expect(page).toHaveURL(l.url('/'));
      expect(await cookie(context, COOKIE.accessToken)).toBeUndefined();
      expect(await cookie(context, COOKIE.userInfo)).toBeUndefined();
      // Logout forgot the member page; the home page it lands on may be recorded as the next return page.
      expect((await cookie(context, COOKIE.recordPage))?.value ?? l.url('/')).toBe(l.url('/'));

      await page.goto(l.url('/login'));
      await loginWithForm(page, locale, phone, password);
      await expect(page).toHaveURL(l.url('/'));
      expect((await cookie(context, COOKIE.userInfo))?.value).toContain('phoneVerify');
    });

    test(`[${locale}] forms validate on the client and show server field errors`, async ({ page }) => {
      await page.goto(l.url('/sign-up'));
      await page.getByRole('button', { name: l.t('auth.signUp.submit') }).click();
      await expect(page.getByText(l.t('auth.error.required')).first()).toBeVisible();
      await expect(page.getByText(l.t('auth.error.terms'))).toBeVisible();
      await page.getByLabel(l.t('auth.signUp.phone')).fill('12345');
      await page.getByRole('button', { name: l.t('auth.signUp.submit') }).click();
      await expect(page.getByText(l.t('auth.error.phone'))).toBeVisible();
      await page.getByLabel(l.t('auth.signUp.password'), { exact: true }).fill('short');
      await page.getByLabel(l.t('auth.signUp.confirm')).fill('shorter');
      await page.getByRole('button', { name: l.t('auth.signUp.submit') }).click();
      await expect(page.getByText(l.t('auth.error.passwordShort', { n: 8 }))).toBeVisible();
      await expect(page.getByText(l.t('auth.error.confirm'))).toBeVisible();

      // The server's answer, in this language, under the form (no modal for a refused login).
      await page.goto(l.url('/login'));
      await loginWithForm(page, locale, '0911000111', 'Wrong-Password-1');
      await expect(page.getByRole('alert').filter({ hasText: locale === 'en' ? 'incorrect' : '錯誤' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}

test('auth cookies: SameSite=Lax, path /, 7 days', async ({ page, context, request }) => {
  const l = inLocale('zh-TW');
  const phone = freshPhone();
  await page.goto('/sign-up');
  await page.getByLabel(l.t('auth.signUp.name')).fill('林小雨');
  await page.getByLabel(l.t('auth.signUp.phone')).fill(phone);
  await page.getByRole('button', { name: l.t('auth.otp.send') }).click();
  await page.getByLabel(l.t('auth.signUp.code')).fill(await readOtp(request, phone, 'register'));
  await page.getByLabel(l.t('auth.signUp.password'), { exact: true }).fill('River-Stone-2026');
  await page.getByLabel(l.t('auth.signUp.confirm')).fill('River-Stone-2026');
  await page.getByRole('checkbox').check();
  const before = Date.now() / 1000;
  await page.getByRole('button', { name: l.t('auth.signUp.submit') }).click();
  await expect(page).toHaveURL('/');
  // A member page visit records the return page.
  await page.goto('/member/orders');
  await expect(page.getByRole('heading', { name: l.t('member.orders.title') })).toBeVisible();
  // The page's runtime records it once it starts, which may be after the heading shows (it was, once,
  // on a busy machine): wait for this page's record, not just any.
  await expect
    .poll(async () => decodeURIComponent((await cookie(context, COOKIE.recordPage))?.value ?? ''))
    .toBe('/member/orders');
  for (const name of [COOKIE.accessToken, COOKIE.userInfo, COOKIE.recordPage]) {
    const c = await cookie(context, name);
    expect(c, name).toBeDefined();
    expect(c).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
    // js-cookie writes `expires` at day precision of the clock: 7 days from now, give or take a minute.
    expect(c!.expires).toBeGreaterThan(before + AUTH_COOKIE_MAX_AGE_S - 60);
    expect(c!.expires).toBeLessThan(Date.now() / 1000 + AUTH_COOKIE_MAX_AGE_S + 60);
  }
});
