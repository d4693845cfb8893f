import { insertMember, isUniqueViolation } from '../accounts/members.ts';
import { hashPassword, SCRYPT_DEFAULT_LOG_N } from '../accounts/passwords.ts';
import type { Db } from '../db/index.ts';

/** The demo accounts documented in README.md. */
export const DEMO_MEMBERS = [
  {
    name: '王小明',
    phone: '0912345678',
    email: 'demo@soundwood.tw',
    password: 'Soundwood-2026',
    phone_verify: 1,
    email_verify: 1,
    zipcode: '106',
    city: '臺北市',
    area: '大安區',
    addr: '忠孝東路四段 100 號 5 樓',
  },
  {
    name: '林美華',
    phone: '0987654321',
    email: 'legacy@soundwood.tw',
    password: 'Legacy-Member-2026',
    phone_verify: 0,
    email_verify: 1,
    zipcode: '407',
    city: '臺中市',
    area: '西屯區',
    addr: '臺灣大道三段 99 號',
  },
] as const;

/**
 * Creates the demo members with the real password hasher (production cost unless `logN` says
 * otherwise). Idempotent: a member whose phone or email exists is left alone.
 */
export async function seedMembers(db: Db, opts: { logN?: number; now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  for (const { password, ...m } of DEMO_MEMBERS) {
    const existing = await db.kysely
      .selectFrom('members')
      .select('id')
      .where((eb) => eb.or([eb('phone', '=', m.phone), eb('email', '=', m.email)]))
      .executeTakeFirst();
    if (existing) continue;
    const password_hash = await hashPassword(password, opts.logN ?? SCRYPT_DEFAULT_LOG_N);
    try {
      await insertMember(db, { ...m, password_hash, status: 1, created_at: now, updated_at: now });
    } catch (err) {
      // Another instance seeding the same database at the same moment got there first.
      if (!isUniqueViolation(err)) throw err;
    }
  }
}
