import type { Locale } from '../../config.ts';
import { localePath } from '../../lib/i18n/locale.ts';
import { type Msg, pick } from '../common/i18n.ts';

/** The emails members receive, in the language of the request that asked for them. */
const SHOP = { zh: '聲林音響', en: 'Soundwood Audio' } as const satisfies Msg;

/** Storefront pages that take the secret of an email link from the address fragment. */
export const EMAIL_LINK_PAGES = { reset: '/reset-link', change: '/email-link' } as const;
export type EmailLinkPurpose = keyof typeof EMAIL_LINK_PAGES;

/**
 * The link of an email: the page in the member's language, the secret in the fragment (`#token=`),
 * which browsers never send to a server or in a Referer.
 */
export function emailLink(siteUrl: string, locale: Locale, purpose: EmailLinkPurpose, token: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return `${origin}${localePath(locale, EMAIL_LINK_PAGES[purpose])}#token=${token}`;
}

const SUBJECT: Record<EmailLinkPurpose, Msg> = {
  reset: { zh: '重設您的密碼', en: 'Reset your password' },
  change: { zh: '確認您的新電子郵件', en: 'Confirm your new email address' },
};

const BODY: Record<EmailLinkPurpose, (minutes: number) => Msg> = {
  reset: (minutes) => ({
    zh: `我們收到重設您帳號密碼的要求。請在 ${minutes} 分鐘內開啟以下連結設定新密碼（連結只能使用一次）：`,
    en: `We received a request to reset the password of your account. Open this link within ${minutes} minutes to set a new password (it works once):`,
  }),
  change: (minutes) => ({
    zh: `您的會員帳號要改用這個電子郵件。請在 ${minutes} 分鐘內開啟以下連結確認（連結只能使用一次）：`,
    en: `Your member account asked to use this email address. Open this link within ${minutes} minutes to confirm it (it works once):`,
  }),
};

const IGNORE: Msg = {
  zh: '若這不是您本人的操作，請忽略這封郵件，您的帳號不會有任何變更。',
  en: 'If this was not you, ignore this email: nothing changes in your account.',
};

/** Subject and text of a link email. */
export function linkEmail(
  purpose: EmailLinkPurpose,
  link: string,
  ttlMs: number,
  locale: Locale,
): { subject: string; text: string } {
  const shop = pick(SHOP, locale);
  const body = pick(BODY[purpose](Math.round(ttlMs / 60_000)), locale);
  return {
    subject: `${pick(SUBJECT[purpose], locale)} | ${shop}`,
    text: `${body}\n\n${link}\n\n${pick(IGNORE, locale)}\n\n${shop}`,
  };
}

/** The envelope message of a profile update that sent a confirmation link. */
export const EMAIL_LINK_SENT: Msg = {
  zh: '已寄出確認連結到新的電子郵件，開啟連結後才會生效。',
  en: 'We sent a confirmation link to the new email address. It takes effect once the link is opened.',
};
