import { expect, test } from '@playwright/test';
import { createMember, inLocale, LOCALES, loginWithForm, readOtp } from './support/auth.ts';

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
