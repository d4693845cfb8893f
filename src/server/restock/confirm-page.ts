import type { Locale } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';
import { askForm, linkAnswerPage } from '../common/link-page.ts';
import type { Confirmed } from './alerts.ts';

const TEXT = {
  title: { 'zh-TW': '確認到貨通知', en: 'Confirm the restock alert' },
  ask: {
    'zh-TW': '確認要在商品到貨時收到一封通知信嗎？',
    en: 'Confirm that you want one mail when the item is back in stock?',
  },
  confirm: { 'zh-TW': '確認通知', en: 'Confirm the alert' },
  confirmed: {
    'zh-TW': '已確認：商品到貨時，我們會寄一封通知信給您。',
    en: 'Confirmed: we will mail you once when the item is back in stock.',
  },
  expired: {
    'zh-TW': '這個確認連結已過期，請回到商品頁重新申請到貨通知。',
    en: 'This link has expired. Ask for the alert again on the product page.',
  },
  'too-many': {
    'zh-TW': '這個信箱等待中的到貨通知已達上限，請先取消部分通知。',
    en: 'This address already waits for as many items as it can. Cancel some alerts first.',
  },
  gone: {
    'zh-TW': '這個到貨通知已取消，無法確認。',
    en: 'This alert was cancelled and cannot be confirmed.',
  },
  invalid: {
    'zh-TW': '這個確認連結無效，請確認連結完整。',
    en: 'This link is not valid. Check that it was copied whole.',
  },
} as const;

/**
 * The confirmation link's page, in the alert's language: a button to confirm (a link scanner that
 * opens the link confirms nothing), then what it did. Plain HTML from the API, no script.
 */
export function confirmPage(
  locale: Locale,
  state: 'ask' | Confirmed | 'invalid',
  opts: { token?: string; site: string },
): string {
  const t = (k: keyof typeof TEXT) => escapeHtml(TEXT[k][locale]);
  const body =
    state === 'ask'
      ? askForm(t('ask'), '/api/restock-alerts/confirm', opts.token ?? '', t('confirm'))
      : `<p role="status">${t(state)}</p>`;
  return linkAnswerPage(locale, t('title'), body, opts.site);
}
