import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { AUTH_COOKIE_MAX_AGE_S, CART_COOKIE, COOKIE, OTP_RESEND_SECONDS } from '../../../config.ts';
import { camelKeys } from '../../../lib/api/case.ts';
import { localePath } from '../../../lib/i18n/locale.ts';
import { mergeGuestCart } from '../../cart/cart-merge.ts';
import { ok } from '../../common/envelope.ts';
import { ApiError } from '../../common/errors.ts';
import { log } from '../../common/log.ts';
import { jsonBody, queryOf } from '../../common/validation.ts';
import type { AppEnv } from '../../context.ts';
import { lineConfig } from '../../providers/line/config.ts';
import { requireMember } from '../auth.ts';
import { guardLineStart, guardOtpCheck } from '../login-guard.ts';
import { memberById, toMemberInfo } from '../profile.ts';
import { lineLinkBody, phoneToVerifyBody, phoneVerifiedBody } from '../users.schemas.ts';
import {
  failurePath,
  finishLineLogin,
  LINE_COOKIE_PATH,
  LINE_STATE_COOKIE,
  LINE_STATE_TTL_MS,
  LineLoginError,
  startLineLogin,
} from './line-login.ts';
import { lineLinkOf, sendPhoneCode, setVerifiedPhone, unlinkLine } from './line-members.ts';

/**
 * LINE Login (issue 32), under /api/auth/line:
 * - GET  /start?return=<path>  → 302 to LINE's authorize URL (the state cookie set);
 * - GET  /callback             → LINE comes back here: 302 to the return path signed in, or to the
 *                                login page (the profile, for a link) with `line_error=<reason>`;
 * - GET|POST|DELETE /link      → (Bearer) the member's LINE link, start a link, unlink;
 * - POST /phone/send, PATCH /phone → (Bearer) a member without a verified phone (one made from a
 *                                LINE account) verifies one: the spec's phone-verification step.
 */
export const lineAuth = new Hono<AppEnv>();

const secure = (c: Context<AppEnv>) => new URL(c.get('deps').env.SITE_URL).protocol === 'https:';

function setStateCookie(c: Context<AppEnv>, state: string): void {
  setCookie(c, LINE_STATE_COOKIE, state, {
    path: LINE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: LINE_STATE_TTL_MS / 1000,
  });
}

lineAuth.get('/start', async (c) => {
  const query = queryOf(c, z.strictObject({ return: z.string().max(1024).optional() }));
  const deps = c.get('deps');
  await guardLineStart(deps, c.get('ip'));
  const cfg = lineConfig(deps.env);
  if (!cfg) {
    const err = new LineLoginError('unavailable', 'zh-TW', 'login');
    return c.redirect(failurePath(err), 302);
  }
  const started = await startLineLogin(deps, cfg, { returnPath: query.return, purpose: 'login' });
  setStateCookie(c, started.state);
  c.header('Cache-Control', 'no-store');
  return c.redirect(started.url, 302);
});

lineAuth.get('/callback', async (c) => {
  const query = queryOf(
    c,
    z.object({
      code: z.string().max(512).optional(),
      state: z.string().max(512).optional(),
      error: z.string().max(200).optional(),
    }),
  );
  const deps = c.get('deps');
  const cookieState = getCookie(c, LINE_STATE_COOKIE);
  deleteCookie(c, LINE_STATE_COOKIE, { path: LINE_COOKIE_PATH, secure: secure(c) });
  c.header('Cache-Control', 'no-store');
  const cfg = lineConfig(deps.env);
  try {
    if (!cfg) throw new LineLoginError('unavailable', 'zh-TW', 'login');
    const done = await finishLineLogin(deps, cfg, query, cookieState);
    if (done.kind === 'linked') return c.redirect(withFlag(done.returnPath, 'line', 'linked'), 302);
    const guestCart = getCookie(c, CART_COOKIE);
    if (guestCart) {
      try {
        await mergeGuestCart(deps, done.session.token, guestCart);
        deleteCookie(c, CART_COOKIE, { path: '/' });
      } catch (err) {
        log.error({ event: 'cart_merge_failed', requestId: c.get('requestId'), err }, 'guest cart merge failed');
      }
    }
    // Signed in as a password login leaves the browser: the session token in the auth cookie the
    // pages read (not HttpOnly: the page runtime sends it as the Bearer header).
    // and the user info beside it, as the client writes both after a login: the page runtime shows
    // the member, and for one whose phone is not verified yet, the verification step, at once.
    const auth = { path: '/', sameSite: 'Lax', secure: secure(c), maxAge: AUTH_COOKIE_MAX_AGE_S } as const;
    setCookie(c, COOKIE.accessToken, done.session.token, auth);
    const info = camelKeys(toMemberInfo(await memberById(deps, done.memberId)));
    setCookie(c, COOKIE.userInfo, JSON.stringify(info), auth);
    log.info({ event: 'line_login', requestId: c.get('requestId'), created: done.created }, 'signed in with LINE');
    return c.redirect(done.returnPath, 302);
  } catch (err) {
    if (!(err instanceof LineLoginError)) throw err;
    log.warn({ event: 'line_login_refused', requestId: c.get('requestId'), reason: err.reason }, err.message);
    return c.redirect(failurePath(err), 302);
  }
});

function withFlag(path: string, key: string, value: string): string {
  const url = new URL(path, 'http://shop.internal');
  url.searchParams.set(key, value);
  return url.pathname + url.search + url.hash;
}

/** GET /link (Bearer) → {linked, display_name}. */
lineAuth.get('/link', requireMember, async (c) => {
  const link = await lineLinkOf(c.get('deps'), c.get('member').id);
  return ok(c, { linked: Boolean(link), display_name: link?.display_name ?? '' });
});

/** POST /link {return?} (Bearer) → {authorize_url}: the browser goes there to add LINE to the account. */
lineAuth.post('/link', requireMember, async (c) => {
  const body = await jsonBody(c, lineLinkBody);
  const deps = c.get('deps');
  await guardLineStart(deps, c.get('ip'));
  const cfg = lineConfig(deps.env);
  if (!cfg) throw new ApiError('LINE_UNAVAILABLE');
  const started = await startLineLogin(deps, cfg, {
    returnPath: body.return ?? localePath(c.get('locale'), '/member/profile'),
    purpose: 'link',
    memberId: c.get('member').id,
  });
  setStateCookie(c, started.state);
  return ok(c, { authorize_url: started.url });
});

/** DELETE /link (Bearer) → {linked: false}. */
lineAuth.delete('/link', requireMember, async (c) => {
  await unlinkLine(c.get('deps'), c.get('member').id);
  return ok(c, { linked: false });
});

/** POST /phone/send {phone} (Bearer) → {sent, resend_after}: a `verify` code to a new number. */
lineAuth.post('/phone/send', requireMember, async (c) => {
  const body = await jsonBody(c, phoneToVerifyBody);
  await sendPhoneCode(c.get('deps'), c.get('member').id, body.phone, c.get('ip'));
  return ok(c, { sent: true, resend_after: OTP_RESEND_SECONDS });
});

/** PATCH /phone {phone, code} (Bearer) → user info with the phone verified. */
lineAuth.patch('/phone', requireMember, async (c) => {
  await guardOtpCheck(c.get('deps'), c.get('ip'));
  const body = await jsonBody(c, phoneVerifiedBody);
  const deps = c.get('deps');
  await setVerifiedPhone(deps, c.get('member').id, body.phone, body.code);
  return ok(c, toMemberInfo(await memberById(deps, c.get('member').id)));
});
