import type { Locale } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';

/**
 * The small pages a link from a mail or a text opens (a restock alert's confirm and unsubscribe, a
 * review request's unsubscribe): plain HTML from the API, no script, never indexed.
 */

/** A question and the one button that answers it by POST (the token travels in the form). */
export const askForm = (question: string, action: string, token: string, button: string) =>
  `<p>${question}</p><form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${button}</button></form>`;

const HOME = { 'zh-TW': '回到聲林音響', en: 'Back to Soundwood Audio' } as const;

/** The page around a mailed link's answer (`title` and `body` already escaped), with a link home. */
export function linkAnswerPage(locale: Locale, title: string, body: string, site: string): string {
  const home = `${site.replace(/\/$/, '')}${locale === 'en' ? '/en/' : '/'}`;
  return `<!doctype html><html lang="${locale === 'en' ? 'en' : 'zh-Hant-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font:1rem/1.6 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}button{font:inherit;min-height:44px;padding:0 1.2rem;border:0;border-radius:6px;background:#1f4d3a;color:#fff;cursor:pointer}a{color:#1f4d3a}</style></head><body><main><h1>${title}</h1>${body}<p><a href="${escapeHtml(home)}">${escapeHtml(HOME[locale])}</a></p></main></body></html>`;
}
