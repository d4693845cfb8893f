import { expect, test } from '@playwright/test';
import { COOKIE } from '../../src/config.ts';
import { formatMobile } from '../../src/lib/taiwan/phone.ts';
import { SIM_LINE_TEXT } from '../../src/server/providers/line/simulator-text.ts';
import { apiLogin, cookie, createMember, freshPhone, inLocale, LOCALES, readOtp, useSession } from './support/auth.ts';

/** The LINE simulator's own words in `locale` (its consent page follows ui_locales). */
const sim = (locale: string, key: keyof typeof SIM_LINE_TEXT, params: Record<string, string> = {}) =>
  SIM_LINE_TEXT[key][locale === 'en' ? 'en' : 'zh'].replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);

for (const locale of LOCALES) {
  const l = inLocale(locale);
  test.describe(locale, () => {
    test.use({ locale: l.browserLocale });

    test(`[${locale}] sign in with LINE through the simulator, then verify the phone`, async ({
      page,
      context,
      request,
    }) => {
      const name = `LINE ${locale} ${Date.now()}`;
      await page.goto(l.url('/sign-up'));
      await expect(page.getByRole('link', { name: l.t('line.signUp') })).toBeVisible();
      await page.goto(l.url('/login'));
      await page.getByRole('link', { name: l.t('line.signIn') }).click();

      // LINE's consent page (the simulator), in the shop's language.
      await expect(page).toHaveURL(/\/api\/sim\/line\/oauth2\/v2\.1\/authorize\?/);
      const authorize = new URL(page.url());
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      await expect(page.getByRole('heading', { name: sim(locale, 'title') })).toBeVisible();
      await page.getByLabel(sim(locale, 'nameLabel')).fill(name);
      await page.getByRole('button', { name: sim(locale, 'allow') }).click();

      // Back at the shop, signed in as after a password login; a new member still verifies a phone.
      await expect(page).toHaveURL(l.url('/'));
      await expect.poll(async () => (await cookie(context, COOKIE.accessToken))?.value).toMatch(/^[\w-]{22}$/);
      await expect(page.getByRole('heading', { name: l.t('auth.phoneModal.title') })).toBeVisible();
      await page.getByRole('link', { name: l.t('auth.phoneModal.go') }).click();
      await expect(page.getByText(l.t('line.phone.intro'))).toBeVisible();

      const phone = freshPhone();
      await page.getByLabel(l.t('auth.signUp.phone')).fill(phone);
      await page.getByRole('button', { name: l.t('auth.otp.send') }).click();
      const code = await readOtp(request, phone, 'verify');
      await page.getByLabel(l.t('auth.signUp.code')).fill(code);
      await page.getByRole('button', { name: l.t('member.phone.submit'), exact: true }).click();
      await expect(page.getByText(l.t('member.phone.already', { phone: formatMobile(phone) }))).toBeVisible();
      await expect
        .poll(async () => decodeURIComponent((await cookie(context, COOKIE.userInfo))?.value ?? ''))
        .toContain('"phoneVerify":true');

      // The profile shows the LINE account; the modal no longer blocks.
      await page.goto(l.url('/member/profile'));
      await expect(page.getByText(l.t('line.profile.linked', { name }))).toBeVisible();
      await expect(page.getByRole('heading', { name: l.t('auth.phoneModal.title') })).toHaveCount(0);
    });

    test(`[${locale}] a member links LINE in the profile, signs in with it, and unlinks it`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const member = await createMember(request);
      await useSession(context, baseURL!, await apiLogin(request, member.phone, member.password));
      await page.goto(l.url('/member/profile'));
      await expect(page.getByText(l.t('line.profile.none'))).toBeVisible();
      await page.getByRole('button', { name: l.t('line.profile.link') }).click();
      const name = `LINE link ${locale} ${Date.now()}`;
      await page.getByLabel(sim(locale, 'nameLabel')).fill(name);
      await page.getByRole('button', { name: sim(locale, 'allow') }).click();
      await expect(page).toHaveURL(`${l.url('/member/profile')}?line=linked`);
      await expect(page.getByText(l.t('line.profile.done'))).toBeVisible();
      await expect(page.getByText(l.t('line.profile.linked', { name }))).toBeVisible();

      // Logged out, LINE opens the same account.
      await context.clearCookies();
      await page.goto(l.url('/login'));
      await page.getByRole('link', { name: l.t('line.signIn') }).click();
      await page.getByLabel(sim(locale, 'nameLabel')).fill(name);
      await page.getByRole('button', { name: sim(locale, 'allow') }).click();
      await expect(page).toHaveURL(l.url('/'));
      await expect
        .poll(async () => decodeURIComponent((await cookie(context, COOKIE.userInfo))?.value ?? ''))
        .toContain(`"mobile":"${member.phone}"`);

      await page.goto(l.url('/member/profile'));
      await page.getByRole('button', { name: l.t('line.profile.unlink') }).click();
      await expect(page.getByText(l.t('line.profile.removed'))).toBeVisible();
      await expect(page.getByText(l.t('line.profile.none'))).toBeVisible();
    });

    test(`[${locale}] a refused LINE sign-in says why on the login page`, async ({ page }) => {
      // A callback this browser never started: the state is not its own.
      await page.goto('/api/auth/line/callback?code=x&state=not-issued-here');
      await expect(page).toHaveURL('/login?line_error=state');
      await page.goto(l.url('/login?line_error=conflict'));
      await expect(page.getByRole('alert').filter({ hasText: l.t('line.error.conflict') })).toBeVisible();
    });
  });
}
