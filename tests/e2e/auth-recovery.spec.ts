import { expect, test } from '@playwright/test';
import { apiLogin, createMember, inLocale, LOCALES, loginWithForm, readOtp } from './support/auth.ts';

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test('forgot password: texted code, reset ticket, new password; the old one then fails', async ({
      page,
      request,
    }) => {
      const member = await createMember(request);
      const newPassword = 'Green-Lantern-Bay-7';
      await page.goto(l.url('/forgot-password'));
      await page.getByLabel(l.t('auth.signUp.phone')).fill(member.phone);
      await page.getByRole('button', { name: l.t('auth.otp.send') }).click();
      await expect(page.getByRole('status')).toBeVisible();
      await page.getByLabel(l.t('auth.signUp.code')).fill(await readOtp(request, member.phone, 'forgot'));
      await page.getByRole('button', { name: l.t('auth.forgot.submit') }).click();

      // The fresh ticket lets the guest open reset-password.
      await expect(page).toHaveURL(l.url('/reset-password'));
      await page.getByLabel(l.t('auth.reset.newPassword'), { exact: true }).fill(newPassword);
      await page.getByLabel(l.t('auth.reset.confirm')).fill('Something-Else-9');
      await page.getByRole('button', { name: l.t('auth.reset.submit') }).click();
      await expect(page.getByText(l.t('auth.error.confirm'))).toBeVisible();
      await page.getByLabel(l.t('auth.reset.confirm')).fill(newPassword);
      await page.getByRole('button', { name: l.t('auth.reset.submit') }).click();

      await expect(page).toHaveURL(new RegExp(`${l.url('/login')}\\?reset=1$`));
      await expect(page.getByText(l.t('auth.login.resetDone'))).toBeVisible();
      await loginWithForm(page, locale, member.phone, member.password);
      await expect(page.getByRole('alert').filter({ hasText: locale === 'en' ? 'incorrect' : '錯誤' })).toBeVisible();
      await loginWithForm(page, locale, member.phone, newPassword);
      await expect(page).not.toHaveURL(/\/login/);

      // The ticket was used up: reset-password is closed again for a guest.
      await page.context().clearCookies();
      await page.goto(l.url('/reset-password'));
      await expect(page).toHaveURL(l.url('/login'));
    });
  });
}

test.describe('en', () => {
  const l = inLocale('en');
  test.use({ locale: l.browserLocale });

  test('forgot password by email: a reset link from the email outbox sets a new password', async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    const email = `e2e-${member.phone}@example.tw`;
    const { token } = await apiLogin(request, member.phone, member.password);
    const lastLink = async (purpose: string) => {
      const res = await request.get(`/api/dev/email-outbox?email=${encodeURIComponent(email)}`);
      const mail = (await res.json()).result.find((m: { purpose: string }) => m.purpose === purpose);
      return /#token=([\w-]{22})$/.exec(mail?.link ?? '')?.[1] ?? '';
    };
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.patch('/api/users/update', { headers, data: { email } })).ok()).toBe(true);
    expect((await request.patch('/api/users/confirm-email', { data: { token: await lastLink('change') } })).ok()).toBe(
      true,
    );

    await page.goto(l.url('/forgot-password'));
    await page.getByLabel(l.t('auth.forgotEmail.email'), { exact: true }).fill(email);
    await page.getByRole('button', { name: l.t('auth.forgotEmail.submit') }).click();
    await expect(page.getByText(l.t('auth.forgotEmail.sent'))).toBeVisible();

    await page.goto(`${l.url('/reset-link')}#token=${await lastLink('reset')}`);
    await expect(page).toHaveURL(l.url('/reset-password'));
    const newPassword = 'Linked-Reset-Garden-4';
    await page.getByLabel(l.t('auth.reset.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(l.t('auth.reset.confirm')).fill(newPassword);
    await page.getByRole('button', { name: l.t('auth.reset.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`${l.url('/login')}\\?reset=1$`));
    await loginWithForm(page, 'en', email, newPassword);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a reset link without its token says so and offers a new one', async ({ page }) => {
    await page.goto(l.url('/reset-link'));
    await expect(page.getByRole('alert')).toHaveText(l.t('auth.resetLink.invalid'));
    await expect(page.getByRole('link', { name: l.t('auth.resetLink.toForgot') })).toBeVisible();
  });
});
