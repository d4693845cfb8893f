import { Hono } from 'hono';
import { z } from 'zod';
import { guardOtpCheck } from '../accounts/login-guard.ts';
import { ok } from '../common/envelope.ts';
import { jsonBody, noQuery } from '../common/validation.ts';
import { staffApiError } from './admin-common.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';
import { type AdminEnv, requireStaff, staffOf } from './staff-auth.ts';
import { staffLogin } from './staff-login.ts';
import { revokeStaffSession } from './staff-sessions.ts';
import { confirmSetup, startSetup } from './staff-setup.ts';

const token = z.string().max(100);
const setupBody = z.strictObject({ token, password: z.string().max(1024) });
const confirmBody = z.strictObject({ token, code: z.string().max(20) });
const loginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(1024),
  code: z.string().max(20),
});

/** Setup links, sign-in and sign-out of the console (docs/admin-api.md, Sign-in). */
export const adminAuth = new Hono<AdminEnv>();

adminAuth.post('/setup', noQuery, async (c) => {
  const body = await jsonBody(c, setupBody);
  await guardOtpCheck(c.get('deps'), c.get('ip'));
  try {
    return ok(c, await startSetup(c.get('deps'), body.token, body.password));
  } catch (err) {
    throw staffApiError(err, c.get('locale'));
  }
});

adminAuth.post('/setup/confirm', noQuery, async (c) => {
  const body = await jsonBody(c, confirmBody);
  await guardOtpCheck(c.get('deps'), c.get('ip'));
  try {
    return ok(c, await confirmSetup(c.get('deps'), body.token, body.code));
  } catch (err) {
    throw staffApiError(err, c.get('locale'));
  }
});

adminAuth.post('/login', noQuery, async (c) => {
  const body = await jsonBody(c, loginBody);
  return ok(c, await staffLogin(c.get('deps'), body, c.get('ip')));
});

adminAuth.post('/logout', noQuery, requireStaff, async (c) => {
  await revokeStaffSession(c.get('deps'), staffOf(c).sessionId);
  return ok(c, {});
});

adminAuth.get('/me', noQuery, requireStaff, async (c) => {
  const s = staffOf(c);
  return ok(c, {
    email: s.email,
    name: s.name,
    role: s.role,
    expires_at: new Date(s.expiresAt).toISOString(),
    idle_expires_at: new Date(s.idleUntil).toISOString(),
    recovery_codes_left: await recoveryCodesLeft(c.get('deps').db.kysely, s.id),
  });
});
