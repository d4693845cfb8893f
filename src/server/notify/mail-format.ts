import { TIME_ZONE } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';

/** A mail as it is composed: paragraphs of plain text (lines inside kept), and at most one link. */
export interface Composed {
  subject: string;
  paragraphs: string[];
  link?: { label: string; href: string } | undefined;
  /** The link that stops mails of this kind: last in the mail, and in its List-Unsubscribe header. */
  stop?: { label: string; href: string } | undefined;
}

/** A rendered mail: the plain text and its HTML twin, with the one link it carries. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  link: string;
  /** List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058's one-click POST to the same link). */
  headers?: Record<string, string>;
}

export const money = (n: number) => `NT$${Number(n).toLocaleString('en-US')}`;

/** A Taipei date and time in the reader's language (`2026/11/24 23:59` or `24/11/2026, 23:59`). */
export function when(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-TW', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(new Date(ms))
    .replace(/[\u2009\u202f]/g, ' '); // ICU's thin spaces: plain spaces in a mail
}

/**
 * The plain text and the HTML of a composed mail. Every piece of text is escaped into the HTML (a
 * receiver's name or a cancel reason is the shopper's own input), and the link only as an http(s) URL.
 */
export function render(c: Composed, lang: string): RenderedMail {
  const href = c.link && /^https?:\/\//.test(c.link.href) ? c.link.href : '';
  const stop = c.stop && /^https?:\/\//.test(c.stop.href) ? c.stop : undefined;
  const text = [
    ...c.paragraphs,
    ...(href && c.link ? [`${c.link.label}: ${href}`] : []),
    ...(stop ? [`${stop.label}: ${stop.href}`] : []),
  ].join('\n\n');
  const body = c.paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`);
  if (href && c.link) body.push(`<p><a href="${escapeHtml(href)}">${escapeHtml(c.link.label)}</a></p>`);
  if (stop) body.push(`<p><small><a href="${escapeHtml(stop.href)}">${escapeHtml(stop.label)}</a></small></p>`);
  const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-Hant-TW'}"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head><body>${body.join('')}</body></html>`;
  const headers = stop
    ? { 'List-Unsubscribe': `<${stop.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { subject: c.subject, text, html, link: href, ...(headers ? { headers } : {}) };
}
