import type { Transaction } from 'kysely';
import { z } from 'zod';
import { STAFF_SETUP_TTL_MS } from '../../config.ts';
import { hasVisible, textProblem } from '../common/text-rules.ts';
import { newSecret, sha256 } from '../common/tokens.ts';
import type { Deps } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { StaffRole, StaffStatus } from '../db/tables/staff.ts';
import { StaffAdminError } from './staff-errors.ts';
import { revokeAllStaffSessions } from './staff-sessions.ts';

/**
 * Staff accounts (issue 31), apart from members: the services behind both `npm run staff` and the
 * console's Staff page. A new or reset account gets a one-time setup link (24 h) where its holder
 * sets a password and the TOTP second step.
 */

export const STAFF_ROLES = ['owner', 'staff'] as const;
export const STAFF_NAME_MAX = 60;

export const staffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: 'tooLong' })
  .pipe(z.email({ message: 'email' }));
export const staffName = z
  .string()
  .transform((s) => s.normalize('NFC').trim())
  .refine((s) => s.length >= 1 && s.length <= STAFF_NAME_MAX && hasVisible(s) && !textProblem(s), {
    message: 'invalid',
  });

/** What a new account's holder is sent to: the setup page, with the link's secret. */
export interface SetupLink {
  email: string;
  setup_url: string;
  expires_at: string;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

async function newSetupLink(deps: Deps, staffId: number, email: string): Promise<SetupLink> {
  const token = newSecret();
  const expires = deps.clock.now() + STAFF_SETUP_TTL_MS;
  await deps.db.kysely
    .updateTable('staff')
    .set({ setup_token_hash: sha256(token), setup_expires_at: expires })
    .where('id', '=', staffId)
    .execute();
  const site = deps.env.SITE_URL.replace(/\/+$/, '');
  return { email, setup_url: `${site}/admin/setup?token=${token}`, expires_at: new Date(expires).toISOString() };
}

/** Adds a staff account (status `setup`) and returns its setup link. */
export async function addStaff(deps: Deps, input: { email: string; name: string; role: string }): Promise<SetupLink> {
  const email = staffEmail.safeParse(input.email);
  if (!email.success) throw new StaffAdminError('VALIDATION_FAILED', `Not an email address: ${input.email}`);
  const name = staffName.safeParse(input.name);
  if (!name.success) throw new StaffAdminError('VALIDATION_FAILED', `--name needs 1 to ${STAFF_NAME_MAX} characters.`);
  if (!STAFF_ROLES.includes(input.role as StaffRole))
    throw new StaffAdminError('VALIDATION_FAILED', `--role is owner or staff.`);
  const k = deps.db.kysely;
  const taken = await k.selectFrom('staff').select('id').where('email', '=', email.data).executeTakeFirst();
  if (taken) throw new StaffAdminError('STAFF_EXISTS', `A staff account already has ${email.data}.`);
  const row = await k
    .insertInto('staff')
    .values({
      email: email.data,
      name: name.data,
      role: input.role as StaffRole,
      status: 'setup',
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      setup_token_hash: null,
      setup_expires_at: null,
      created_at: deps.clock.now(),
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return newSetupLink(deps, row.id, email.data);
}

export interface StaffRow {
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  created_at: number;
  last_login_at: number | null;
}

export async function listStaff(deps: Deps): Promise<StaffRow[]> {
  const rows = await deps.db.kysely
    .selectFrom('staff')
    .select(['email', 'name', 'role', 'status', 'created_at', 'last_login_at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
  }));
}

async function byEmail(deps: Deps, email: string) {
  const row = await deps.db.kysely
    .selectFrom('staff')
    .select(['id', 'email', 'status'])
    .where('email', '=', normalEmail(email))
    .executeTakeFirst();
  if (!row) throw new StaffAdminError('NOT_FOUND', `No staff account ${normalEmail(email)}.`);
  return row;
}

/**
 * Refuses, in `trx`, to leave the shop without an active owner: when `staffId` is an active owner,
 * another active owner must remain. On PostgreSQL the active owners' rows are locked first, so two
 * owners disabling each other at once cannot both pass; SQLite runs one transaction at a time.
 */
async function keepAnOwner(deps: Deps, trx: Transaction<Database>, staffId: number, email: string): Promise<void> {
  let q = trx.selectFrom('staff').select('id').where('role', '=', 'owner').where('status', '=', 'active').orderBy('id');
  if (deps.db.dialect === 'postgres') q = q.forUpdate();
  const owners = await q.execute();
  if (owners.some((o) => o.id === staffId) && owners.length === 1)
    throw new StaffAdminError(
      'LAST_OWNER',
      `${email} is the shop's last active owner: it cannot be disabled or reset. Add another owner first ` +
        '(npm run staff -- add <email> --name <name> --role owner) and let them finish their setup link.',
    );
}

/**
 * Disables an account and ends its sessions. `selfId`: the console's caller, who cannot disable
 * themself; the last active owner is never disabled.
 */
export async function disableStaff(deps: Deps, email: string, selfId?: number): Promise<void> {
  const s = await byEmail(deps, email);
  if (s.id === selfId) throw new StaffAdminError('STAFF_SELF', 'You cannot disable your own account.');
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await keepAnOwner(deps, trx, s.id, s.email);
    await trx
      .updateTable('staff')
      .set({ status: 'disabled', setup_token_hash: null, setup_expires_at: null })
      .where('id', '=', s.id)
      .execute();
    await revokeAllStaffSessions(trx, s.id, now);
  });
}

/**
 * Starts an account over: password, TOTP and recovery codes cleared, sessions ended, status `setup`
 * (a disabled account comes back this way), and a new setup link. `selfId`: the console's caller,
 * who cannot reset themself; the last active owner is never reset.
 */
export async function resetStaff(deps: Deps, email: string, selfId?: number): Promise<SetupLink> {
  const s = await byEmail(deps, email);
  if (s.id === selfId) throw new StaffAdminError('STAFF_SELF', 'You cannot reset your own account.');
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await keepAnOwner(deps, trx, s.id, s.email);
    await trx
      .updateTable('staff')
      .set({ status: 'setup', password_hash: null, totp_secret: null, totp_last_step: null })
      .where('id', '=', s.id)
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', s.id).execute();
    await revokeAllStaffSessions(trx, s.id, now);
  });
  return newSetupLink(deps, s.id, s.email);
}
