import { expect, test } from '@playwright/test';
import {
  apiLogin,
  createMember,
  inLocale,
  LEGACY,
  LOCALES,
  loginWithForm,
  readOtp,
  useSession,
} from './support/auth.ts';

test.describe
  .serial('legacy member with an unverified phone', () => {
    test('[en] sees the blocking modal after login, in English', async ({ page }) => {
      const l = inLocale('en');
      await page.goto(l.url('/login'));
      await loginWithForm(page, 'en', LEGACY.email, LEGACY.password);
      const modal = page.getByRole('dialog', { name: l.t('auth.phoneModal.title') });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: l.t('auth.modal.close') })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('link', { name: l.t('auth.phoneModal.go') })).toHaveAttribute(
        'href',
        '/en/member/phone-Verification',
      );
    });

    test('[zh-TW] cannot close the modal, goes to verify, and the modal is gone once verified', async ({
      page,
      request,
    }) => {
      const l = inLocale('zh-TW');
      await page.goto('/login');
      await loginWithForm(page, 'zh-TW', LEGACY.email, LEGACY.password);
      const modal = page.getByRole('dialog', { name: '手機號碼驗證' });
      await expect(modal).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(modal).toBeVisible();
      await modal.getByRole('link', { name: '前往驗證' }).click();

      await expect(page).toHaveURL('/member/phone-Verification');
      await expect(page.getByRole('heading', { name: l.t('member.phone.title') })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: l.t('auth.otp.send') }).click();
      await page.getByLabel(l.t('member.phone.code')).fill(await readOtp(request, LEGACY.phone, 'verify'));
      await page.getByRole('button', { name: l.t('member.phone.submit'), exact: true }).click();
      await expect(page.getByText(l.t('member.phone.done'))).toBeVisible();

      await page.goto('/member/profile');
      await expect(page.getByRole('heading', { name: l.t('member.profile.title') })).toBeVisible();
      await expect(page.getByText(l.t('member.profile.verified'))).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test('change password: the old one stops working, other sessions end', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      const other = await apiLogin(request, member.phone, member.password);
      await useSession(context, baseURL!, await apiLogin(request, member.phone, member.password));
      await page.goto(l.url('/member/change-password'));
      const newPassword = 'Copper-Kettle-Song-4';
      await page.getByLabel(l.t('member.password.current')).fill('not-my-password');
      await page.getByLabel(l.t('member.password.new'), { exact: true }).fill(newPassword);
      await page.getByLabel(l.t('member.password.confirm')).fill(newPassword);
      await page.getByRole('button', { name: l.t('member.password.submit') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await page.getByLabel(l.t('member.password.current')).fill(member.password);
      await page.getByRole('button', { name: l.t('member.password.submit') }).click();
      await expect(page.getByText(l.t('member.password.done'))).toBeVisible();

      const otherSession = await request.get('/api/users/info', {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(otherSession.status()).toBe(401);
      expect(
        (
          await request.post('/api/users/login', { data: { account: member.phone, password: member.password } })
        ).status(),
      ).toBe(401);
      expect(
        (await request.post('/api/users/login', { data: { account: member.phone, password: newPassword } })).ok(),
      ).toBe(true);
      // This device stays logged in.
      await page.goto(l.url('/member/profile'));
      await expect(page.getByRole('heading', { name: l.t('member.profile.title') })).toBeVisible();
    });

    test('edit the profile: name, email, city then district, zip from both', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      await useSession(context, baseURL!, await apiLogin(request, member.phone, member.password));
      await page.goto(l.url('/member/profile'));
      const city = page.getByLabel(l.t('member.profile.city'));
      const area = page.getByLabel(l.t('member.profile.area'));
      const zip = page.getByLabel(l.t('member.profile.zipcode'));
      await page.getByLabel(l.t('member.profile.name')).fill('張美玲');
      await page.getByLabel(l.t('member.profile.email')).fill(`m${member.phone}@example.tw`);
      await expect(area).toBeDisabled();
      await city.selectOption({ label: locale === 'en' ? 'Taipei City' : '臺北市' });
      await expect(zip).toHaveValue('');
      await area.selectOption({ label: locale === 'en' ? "Da'an District" : '大安區' });
      await expect(zip).toHaveValue('106');
      await page.getByLabel(l.t('member.profile.addr')).fill('復興南路一段 1 號');
      await page.getByRole('button', { name: l.t('member.profile.save') }).click();
      await expect(page.getByText(l.t('member.profile.saved'))).toBeVisible();

      const info = (
        await (
          await request.get('/api/users/info', {
            headers: {
              authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'accessToken')!.value}`,
            },
          })
        ).json()
      ).result;
      expect(info).toMatchObject({
        name: '張美玲',
        city: '臺北市',
        area: '大安區',
        zipcode: '106',
        addr: '復興南路一段 1 號',
      });

      // A new city empties the district and the zip.
      await city.selectOption({ label: locale === 'en' ? 'Kaohsiung City' : '高雄市' });
      await expect(area).toHaveValue('');
      await expect(zip).toHaveValue('');
      await page.reload();
      await expect(zip).toHaveValue('106');
    });
  });
}
