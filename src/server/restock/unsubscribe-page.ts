import type { Locale } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';

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
  return restockPage(locale, t('title'), body, opts.site);
}

/** A question and the one button that answers it by POST (the token travels in the form). */
export const askForm = (question: string, action: string, token: string, button: string) =>
  `<p>${question}</p><form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${button}</button></form>`;

const HOME = { 'zh-TW': '回到聲林音響', en: 'Back to Soundwood Audio' } as const;

/** The page around a restock link's answer (`title` and `body` already escaped), with a link home. */
export function restockPage(locale: Locale, title: string, body: string, site: string): string {
  const home = `${site.replace(/\/$/, '')}${locale === 'en' ? '/en/' : '/'}`;
  return `<!doctype html><html lang="${locale === 'en' ? 'en' : 'zh-Hant-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font:1rem/1.6 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}button{font:inherit;min-height:44px;padding:0 1.2rem;border:0;border-radius:6px;background:#1f4d3a;color:#fff;cursor:pointer}a{color:#1f4d3a}</style></head><body><main><h1>${title}</h1>${body}<p><a href="${escapeHtml(home)}">${escapeHtml(HOME[locale])}</a></p></main></body></html>`;
}
