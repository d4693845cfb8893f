import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { OTP_RESEND_SECONDS } from '../../config.ts';
import { mergeCartInto } from '../cart/cart-login.ts';
import { ok } from '../common/envelope.ts';
import { pick } from '../common/i18n.ts';
import { fieldError, jsonBody, noQuery } from '../common/validation.ts';
import type { AppEnv } from '../context.ts';
import { changePassword, issueResetTicket, login, register, resetPassword, verifyMemberPhone } from './accounts.ts';
import { authenticate, requireMember } from './auth.ts';
import { confirmEmailChange } from './email-change.ts';
import { sendResetLink } from './email-reset.ts';
import { EMAIL_LINK_SENT } from './email-text.ts';
import { guardOtpCheck, guardProfileUpdate } from './login-guard.ts';
import { memberById, toMemberInfo, updateProfile } from './profile.ts';
import { sendOtp } from './send-otp.ts';
import { revokeSession } from './sessions.ts';
import {
  chpwBody,
  confirmEmailBody,
  loginBody,
  registerBody,
  resetBody,
  sendOtpBody,
  sendResetEmailBody,
  updateBody,
  verifyForgotBody,
  verifyOtpBody,
} from './users.schemas.ts';

/** Member accounts (spec section 7). Every answer is the envelope; bodies and results are snake_case. */
export const users = new Hono<AppEnv>();

/** No route here takes query parameters: any is refused, as on the catalog routes. */
users.use('*', noQuery);

/** Routes that check a one-time code: limited per IP on top of each code's 5 guesses. */
const limitOtpChecks = createMiddleware<AppEnv>(async (c, next) => {
  await guardOtpCheck(c.get('deps'), c.get('ip'));
  await next();
});

/** POST /send-otp/phone {phone, purpose} → {sent: true, resend_after}; `verify` needs the member's token and own phone. */
users.post('/send-otp/phone', async (c) => {
  const body = await jsonBody(c, sendOtpBody);
  const deps = c.get('deps');
  if (body.purpose === 'verify') {
    const member = await memberById(deps, (await authenticate(c)).id);
    if (!member.phone) throw fieldError('phone', 'phoneMissing', c.get('locale'));
    if (member.phone !== body.phone) throw fieldError('phone', 'phoneNotOwn', c.get('locale'));
  }
  await sendOtp(deps, body.phone, body.purpose, c.get('ip'));
  return ok(c, { sent: true, resend_after: OTP_RESEND_SECONDS });
});

/** POST /register {name, phone, password, code} → {token, expires_at}; the member is phone-verified. */
users.post('/register', limitOtpChecks, async (c) => {
  const body = await jsonBody(c, registerBody);
  const session = await register(c.get('deps'), body, c.get('locale'));
  await mergeCartInto(c, session.token);
  return ok(c, session);
});

/** POST /login {account, password} (account = mobile number or email) → {token, expires_at}. */
users.post('/login', async (c) => {
  const body = await jsonBody(c, loginBody);
  const session = await login(c.get('deps'), body.account, body.password, c.get('ip'));
  await mergeCartInto(c, session.token);
  return ok(c, session);
});

/** POST /logout (Bearer) → {ok: true}; the session's token stops working at once. */
users.post('/logout', requireMember, async (c) => {
  await revokeSession(c.get('deps'), c.get('member').sessionId);
  return ok(c, { ok: true });
});

/** GET /info (Bearer) → user info of spec section 3. */
users.get('/info', requireMember, async (c) => {
  return ok(c, toMemberInfo(await memberById(c.get('deps'), c.get('member').id)));
});

/**
 * PATCH /update {name?, email?, zipcode?, city?, area?, addr?} (Bearer) → updated user info. A new
 * email takes effect only once the link sent to it is followed (the message says a link was sent);
 * '' clears the email. Limited per member.
 */
users.patch('/update', requireMember, async (c) => {
  const body = await jsonBody(c, updateBody);
  const deps = c.get('deps');
  const { id } = c.get('member');
  await guardProfileUpdate(deps, id);
  const locale = c.get('locale');
  const { member, emailPending } = await updateProfile(deps, id, body, { ip: c.get('ip'), locale });
  return ok(c, toMemberInfo(member), emailPending ? pick(EMAIL_LINK_SENT, locale) : '');
});

/** PATCH /confirm-email {token} → {email}: the link sent to a new address makes it the verified email. */
users.patch('/confirm-email', limitOtpChecks, async (c) => {
  const body = await jsonBody(c, confirmEmailBody);
  return ok(c, await confirmEmailChange(c.get('deps'), body.token));
});

/** PATCH /chpw {current_password, new_password} (Bearer) → {ok: true}; every other session ends. */
users.patch('/chpw', requireMember, async (c) => {
  const body = await jsonBody(c, chpwBody);
  const deps = c.get('deps');
  const { id, sessionId } = c.get('member');
  const member = await memberById(deps, id);
  await changePassword(deps, member, sessionId, body.current_password, body.new_password, c.get('locale'));
  return ok(c, { ok: true });
});

/** PATCH /verify-otp {code} (Bearer) → user info with phone_verify true. */
users.patch('/verify-otp', requireMember, limitOtpChecks, async (c) => {
  const body = await jsonBody(c, verifyOtpBody);
  const deps = c.get('deps');
  const { id } = c.get('member');
  await verifyMemberPhone(deps, await memberById(deps, id), body.code);
  return ok(c, toMemberInfo(await memberById(deps, id)));
});

/** PATCH /verify-otp-fp/phone {phone, code} → {ticket, expires_at}: a 15-minute, single-use reset ticket. */
users.patch('/verify-otp-fp/phone', limitOtpChecks, async (c) => {
  const body = await jsonBody(c, verifyForgotBody);
  return ok(c, await issueResetTicket(c.get('deps'), body.phone, body.code));
});

/** PATCH /reset-password {ticket, new_password} → {ok: true}; every session of the member ends. */
users.patch('/reset-password', async (c) => {
  const body = await jsonBody(c, resetBody);
  await resetPassword(c.get('deps'), body.ticket, body.new_password, c.get('locale'));
  return ok(c, { ok: true });
});

/**
 * POST /send-reset/email {email} → {sent: true}, the same for every address: a verified member
 * email receives a single-use reset link (30 minutes) whose ticket works with /reset-password.
 */
users.post('/send-reset/email', async (c) => {
  const body = await jsonBody(c, sendResetEmailBody);
  await sendResetLink(c.get('deps'), body.email, c.get('ip'), c.get('locale'));
  return ok(c, { sent: true });
});
