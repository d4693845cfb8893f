import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { findSession } from '../accounts/sessions.ts';
import { ApiError } from '../common/errors.ts';
import { OWNER_ONLY_REASONS, type OwnerOnlyReason } from '../common/errors-admin.ts';
import { pick } from '../common/i18n.ts';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { actorOf } from './admin-common.ts';
import { recordAudit } from './audit.ts';
import { type AuthedStaff, findStaffSession } from './staff-sessions.ts';

/** The console's routes: the shop's variables, and the signed-in staff member once known. */
export type AdminEnv = { Variables: AppEnv['Variables'] & { staff: AuthedStaff | undefined } };

const BEARER_RE = /^Bearer\s+(\S+)$/i;

/**
 * First on every `/api/admin/*` route: a staff token sets `staff` (and moves its idle deadline); a
 * member's token is refused with 403 STAFF_ONLY whatever the route, so a member's sign-in never
 * opens the console, nor does it pass for a staff one.
 */
export const adminGate = createMiddleware<AdminEnv>(async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.set('staff', undefined);
  const token = BEARER_RE.exec(c.req.header('authorization') ?? '')?.[1];
  if (token) {
    const deps = c.get('deps');
    const staff = await findStaffSession(deps, token);
    if (staff) c.set('staff', staff);
    else if (await findSession(deps, token)) throw new ApiError('STAFF_ONLY');
  }
  await next();
});

/** The signed-in staff member, or 401 STAFF_UNAUTHENTICATED (none, unknown, ended, expired, idle). */
export function staffOf(c: { get(key: 'staff'): AuthedStaff | undefined }): AuthedStaff {
  const staff = c.get('staff');
  if (!staff) throw new ApiError('STAFF_UNAUTHENTICATED');
  return staff;
}

/** Route middleware: any signed-in staff member (owner or staff). */
export const requireStaff = createMiddleware<AdminEnv>(async (c, next) => {
  staffOf(c);
  await next();
});

/**
 * The 403 a staff account gets for an owner's action, saying why in the request's language; the
 * refusal is written to the audit log and logged as an event first.
 */
export async function ownerOnlyRefusal(c: Context<AdminEnv>, reason: OwnerOnlyReason): Promise<ApiError> {
  const staff = staffOf(c);
  const what = `${c.req.method} ${c.req.path}`;
  await recordAudit(c.get('deps'), actorOf(staff, c.get('ip')), {
    action: 'forbidden',
    detail: `owner only (${reason}): ${what}`,
    ok: false,
  });
  log.warn(
    { event: 'staff_forbidden', requestId: c.get('requestId'), staffId: staff.id, reason, method: c.req.method },
    'owner-only action refused to a staff account',
  );
  return new ApiError('ROLE_FORBIDDEN', { params: { why: pick(OWNER_ONLY_REASONS[reason], c.get('locale')) } });
}

/** Route middleware: the owner only; a staff account gets 403 ROLE_FORBIDDEN with why (and an audit row). */
export const requireOwner = (reason: OwnerOnlyReason) =>
  createMiddleware<AdminEnv>(async (c, next) => {
    if (staffOf(c).role !== 'owner') throw await ownerOnlyRefusal(c, reason);
    await next();
  });
