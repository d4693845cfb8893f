import type { Locale } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';
import { askForm, linkAnswerPage } from '../common/link-page.ts';

const TEXT = {
  title: { 'zh-TW': '取消到貨通知', en: 'Stop restock alerts' },
  ask: {
    'zh-TW': '確定不再收到到貨通知嗎？這會取消這則通知，以及同一支手機或信箱其他仍在等待的到貨通知。',
    en: 'Stop restock alerts? This cancels this alert and every other alert still waiting for the same phone or email.',
  },
  confirm: { 'zh-TW': '確認取消', en: 'Stop the alerts' },
  done: {
    'zh-TW': '已取消到貨通知，您不會再收到這些商品的到貨簡訊或郵件。',
    en: 'The restock alerts are cancelled: you will get no more restock texts or mails for them.',
  },
  invalid: {
    'zh-TW': '這個取消連結無效，請確認連結完整。',
    en: 'This link is not valid. Check that it was copied whole.',
  },
} as const;

/**
 * The unsubscribe link's page, in the alert's language: a button to confirm (a link scanner that
 * opens the link cancels nothing), then the confirmation. Plain HTML from the API, no script.
 */
export function unsubscribePage(
  locale: Locale,
  state: 'ask' | 'done' | 'invalid',
  opts: { token?: string; site: string },
): string {
  const t = (k: keyof typeof TEXT) => escapeHtml(TEXT[k][locale]);
  const body =
    state === 'ask'
      ? askForm(t('ask'), '/api/restock-alerts/unsubscribe', opts.token ?? '', t('confirm'))
      : `<p role="status">${t(state === 'done' ? 'done' : 'invalid')}</p>`;
  return linkAnswerPage(locale, t('title'), body, opts.site);
}
