import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { toMobile } from '../../lib/taiwan/phone.ts';
import { authenticate } from '../accounts/auth.ts';
import { PHONE_PROOF_HEADER, phoneOfProof } from '../checkout/checkout-phone.ts';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { readFormBody } from '../common/form-body.ts';
import { pageParams } from '../common/paging.ts';
import { fieldError, jsonBody, queryOf } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { cancelAlert, confirmAlert, memberAlerts, type Subscriber, subscribe, unsubscribe } from './alerts.ts';
import { confirmPage } from './confirm-page.ts';
import { alertOfToken } from './restock-token.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

const SKU_MAX = 64;
const EMAIL_MAX = 254;
const ID_RE = /^[1-9]\d{0,9}$/;
const PAGE_SIZE = 20;

const body = z.strictObject({
  sku: z.string({ message: 'sku' }).trim().min(1, { message: 'sku' }).max(SKU_MAX, { message: 'sku' }),
  phone: z
    .string({ message: 'phone' })
    .max(32, { message: 'phone' })
    .transform((s, ctx) => {
      const mobile = toMobile(s);
      if (!mobile) ctx.addIssue({ code: 'custom', message: 'phone' });
      return mobile ?? '';
    })
    .optional(),
  email: z
    .string({ message: 'email' })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { message: 'email' })
    .pipe(z.email({ message: 'email' }))
    .optional(),
});
const tokenQuery = z.strictObject({ token: z.string().max(64).optional() });

/** Whether a member's account has a way to be told: a verified phone or an email. */
async function reachable(c: Context<AppEnv>, memberId: number): Promise<boolean> {
  const m = await c
    .get('deps')
    .db.kysely.selectFrom('members')
    .select(['phone', 'phone_verify', 'email'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Boolean((m?.phone && Number(m.phone_verify) === 1) || m?.email);
}

/** The phone this request proves (X-Phone-Proof), which must be the one it gives. */
async function provenPhone(c: Context<AppEnv>, phone: string): Promise<string> {
  const proven = await phoneOfProof(c.get('deps'), c.req.header(PHONE_PROOF_HEADER));
  if (!proven) throw new ApiError('PHONE_PROOF_REQUIRED');
  if (proven !== phone) throw new ApiError('PHONE_PROOF_MISMATCH');
  return phone;
}

/**
 * A member (by Bearer: the account is reached; an account with neither a verified phone nor an email
 * gives one here, as a guest does, or is refused), or a guest by a phone this request proves
 * (X-Phone-Proof) or an email.
 */
async function subscriberOf(c: Context<AppEnv>, b: z.output<typeof body>): Promise<Subscriber> {
  const locale = c.get('locale');
  const given = b.phone !== undefined || b.email !== undefined;
  if (c.req.header('authorization')) {
    const member = await authenticate(c);
    if (await reachable(c, member.id)) {
      if (given) throw fieldError(b.phone !== undefined ? 'phone' : 'email', 'contactMember', locale);
      return { memberId: member.id };
    }
    if (!given) throw fieldError('email', 'contactNeeded', locale);
    if (b.phone !== undefined && b.email !== undefined) throw fieldError('phone', 'contact', locale);
    if (b.email !== undefined) return { memberId: member.id, email: b.email };
    return { memberId: member.id, phone: await provenPhone(c, b.phone!) };
  }
  if ((b.phone === undefined) === (b.email === undefined)) throw fieldError('phone', 'contact', locale);
  if (b.email !== undefined) return { email: b.email };
  return { phone: await provenPhone(c, b.phone!) };
}

function alertId(c: Context<AppEnv>): number {
  const id = c.req.param('id') ?? '';
  if (!ID_RE.test(id)) throw new ApiError('RESTOCK_ALERT_NOT_FOUND');
  return Number(id);
}

/**
 * Restock alerts (issue 32): POST / {sku, phone?|email?} (a member by Bearer in one tap; a guest by
 * a phone confirmed with the checkout code flow, sent as X-Phone-Proof, or by email, which counts once
 * the link mailed to it is followed), GET / (a member's), DELETE /{id} (the member's own, or a guest's
 * with ?token= from the subscribe answer or the message), GET|POST /confirm?token= (the link mailed to
 * an address: asks, then confirms), GET|POST /unsubscribe?token= (the link in the message: asks, then
 * confirms, in the alert's language; a POST is also RFC 8058's one-click unsubscribe).
 */
export const restockAlerts = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  })
  .post('/', async (c) => {
    const b = await jsonBody(c, body);
    const deps = c.get('deps');
    const who = await subscriberOf(c, b);
    const r = await subscribe(deps, b.sku, who, c.get('locale'), c.get('ip'));
    // A guest keeps the token to cancel from this browser; a member cancels by Bearer.
    const result = 'memberId' in who ? r.alert : { ...r.alert, token: r.token };
    // A guest's address answers 201 every time: whether it already waits is not told.
    c.status(r.created ? 201 : 200);
    return ok(c, result);
  })
  .get('/', async (c) => {
    const member = await authenticate(c);
    const q = queryOf(c, z.strictObject(pageParams));
    return ok(c, await memberAlerts(c.get('deps'), member.id, c.get('locale'), q.page ?? 1, q.page_size ?? PAGE_SIZE));
  })
  .get('/confirm', async (c) => {
    const deps = c.get('deps');
    const { token } = queryOf(c, tokenQuery);
    const id = await alertOfToken(deps.db, token, 'confirm');
    const a = id === undefined ? undefined : await alertLocale(c, id);
    c.header('X-Robots-Tag', 'noindex');
    if (!a) return c.html(confirmPage(c.get('locale'), 'invalid', { site: deps.env.SITE_URL }), 404);
    return c.html(confirmPage(a, 'ask', { token: token!, site: deps.env.SITE_URL }));
  })
  .post('/confirm', async (c) => {
    const deps = c.get('deps');
    const form = await readFormBody(c);
    const id = await alertOfToken(deps.db, form?.token ?? c.req.query('token'), 'confirm');
    const done = id === undefined ? undefined : await confirmAlert(deps, id);
    c.header('X-Robots-Tag', 'noindex');
    if (!done) return c.html(confirmPage(c.get('locale'), 'invalid', { site: deps.env.SITE_URL }), 404);
    return c.html(
      confirmPage(done.locale, done.outcome, { site: deps.env.SITE_URL }),
      done.outcome === 'confirmed' ? 200 : 409,
    );
  })
  .get('/unsubscribe', async (c) => {
    const deps = c.get('deps');
    const { token } = queryOf(c, tokenQuery);
    const id = await alertOfToken(deps.db, token, 'unsubscribe');
    const a = id === undefined ? undefined : await alertLocale(c, id);
    c.header('X-Robots-Tag', 'noindex');
    if (!a) return c.html(unsubscribePage(c.get('locale'), 'invalid', { site: deps.env.SITE_URL }), 404);
    return c.html(unsubscribePage(a, 'ask', { token: token!, site: deps.env.SITE_URL }));
  })
  .post('/unsubscribe', async (c) => {
    const deps = c.get('deps');
    const form = await readFormBody(c);
    // A mail client's one-click POST (body List-Unsubscribe=One-Click) carries the token in the link.
    const token = form?.token ?? c.req.query('token');
    const id = await alertOfToken(deps.db, token, 'unsubscribe');
    const done = id === undefined ? undefined : await unsubscribe(deps, id);
    if (!done) return c.html(unsubscribePage(c.get('locale'), 'invalid', { site: deps.env.SITE_URL }), 404);
    return c.html(unsubscribePage(done.locale, 'done', { site: deps.env.SITE_URL }));
  })
  .delete('/:id', async (c) => {
    const id = alertId(c);
    const deps = c.get('deps');
    if (c.req.header('authorization')) {
      queryOf(c, z.strictObject({}));
      await cancelAlert(deps, id, { memberId: (await authenticate(c)).id });
    } else {
      const { token } = queryOf(c, tokenQuery);
      const of = (await alertOfToken(deps.db, token, 'cancel')) ?? (await alertOfToken(deps.db, token, 'unsubscribe'));
      if (of === undefined) throw new ApiError('RESTOCK_ALERT_NOT_FOUND');
      await cancelAlert(deps, id, { tokenFor: of });
    }
    return ok(c, { id, state: 'cancelled' });
  });

async function alertLocale(c: Context<AppEnv>, id: number) {
  const row = await c
    .get('deps')
    .db.kysely.selectFrom('restock_alerts')
    .select('locale')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (row.locale === 'en' ? ('en' as const) : ('zh-TW' as const)) : undefined;
}
