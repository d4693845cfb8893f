import { Hono } from 'hono';
import { z } from 'zod';
import type { Locale } from '../../config.ts';
import { escapeHtml } from '../../lib/not-found.ts';
import { readFormBody } from '../common/form-body.ts';
import { askForm, linkAnswerPage } from '../common/link-page.ts';
import { queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { orderOfStopToken, stopReviewMails, stopTokenLocale } from './review-mail-stop.ts';

const TEXT = {
  title: { 'zh-TW': '不再收到評論邀請', en: 'No more review requests' },
  ask: {
    'zh-TW': '確定不再收到邀請您評論商品的郵件嗎？訂單、出貨與退貨的通知不受影響。',
    en: 'Stop the mails that ask you to review what you bought? Mails about your orders, deliveries and returns still come.',
  },
  confirm: { 'zh-TW': '確認不再收到', en: 'Stop these mails' },
  done: {
    'zh-TW': '好的，您不會再收到評論邀請。',
    en: 'Done: you will get no more review requests.',
  },
  invalid: {
    'zh-TW': '這個連結無效，請確認連結完整。',
    en: 'This link is not valid. Check that it was copied whole.',
  },
} as const;

const PATH = '/api/review-mails/unsubscribe';

function page(locale: Locale, state: 'ask' | 'done' | 'invalid', site: string, token = ''): string {
  const t = (k: keyof typeof TEXT) => escapeHtml(TEXT[k][locale]);
  const body = state === 'ask' ? askForm(t('ask'), PATH, token, t('confirm')) : `<p role="status">${t(state)}</p>`;
  return linkAnswerPage(locale, t('title'), body, site);
}

const tokenQuery = z.strictObject({ token: z.string().max(64).optional() });

/**
 * The review request's unsubscribe link (issue 42), at `/api/review-mails`: GET /unsubscribe?token=
 * asks (a link scanner that opens it stops nothing), POST /unsubscribe (the page's button, or a mail
 * client's RFC 8058 one-click POST with the token in the link) stops the mails to the order's
 * address; both in the order's language.
 */
export const reviewMails = new Hono<AppEnv>();

reviewMails.use('*', async (c, next) => {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'no-store');
  await next();
});

reviewMails.get('/unsubscribe', async (c) => {
  const deps = c.get('deps');
  const { token } = queryOf(c, tokenQuery);
  const orderId = await orderOfStopToken(deps.db, token);
  const locale = orderId === undefined ? undefined : await stopTokenLocale(deps, orderId);
  if (!locale) return c.html(page(c.get('locale'), 'invalid', deps.env.SITE_URL), 404);
  return c.html(page(locale, 'ask', deps.env.SITE_URL, token));
});

reviewMails.post('/unsubscribe', async (c) => {
  const deps = c.get('deps');
  const form = await readFormBody(c);
  const token = form?.token ?? c.req.query('token');
  const orderId = await orderOfStopToken(deps.db, token);
  const locale = orderId === undefined ? undefined : await stopReviewMails(deps, orderId);
  if (!locale) return c.html(page(c.get('locale'), 'invalid', deps.env.SITE_URL), 404);
  return c.html(page(locale, 'done', deps.env.SITE_URL));
});
