import { expect } from 'vitest';
import { seedMembers } from '../../../src/server/seed/members.ts';
import { seedRegions } from '../../../src/server/seed/regions.ts';
import type { TestShop } from '../../helpers/test-app.ts';

/** The demo accounts of the brief. */
export const DEMO = { phone: '0912345678', email: 'demo@soundwood.tw', password: 'Soundwood-2026' } as const;
export const LEGACY = { phone: '0987654321', email: 'legacy@soundwood.tw', password: 'Legacy-Member-2026' } as const;

/** Loads the region table and the two demo members (at the test shop's low hash cost). */
export async function seedAccounts(shop: TestShop): Promise<void> {
  await seedRegions(shop.deps.db);
  await seedMembers(shop.deps.db, { logN: shop.deps.env.SCRYPT_LOG_N, now: shop.clock.now() });
}

/** Every message in the outbox to `phone`, newest first. */
export function outbox(shop: TestShop, phone: string) {
  return shop.deps.db.kysely
    .selectFrom('sms_outbox')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .execute();
}

/** The code of the newest message to `phone` (for `purpose` when given); throws when there is none. */
export async function lastCode(shop: TestShop, phone: string, purpose?: string): Promise<string> {
  const msg = (await outbox(shop, phone)).find((m) => !purpose || m.purpose === purpose);
  if (!msg?.code) throw new Error(`no code was sent to ${phone}`);
  return msg.code;
}

let ipSeq = 0;
/** A fresh client address, so per-IP limits of one test do not spill into another. */
export const freshIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

let phoneSeq = 0;
/** A mobile number no other test in this process uses (never a demo member's). */
export function freshPhone(): string {
  const phone = `09${String(10_000_000 + ((process.pid * 7919 + ++phoneSeq) % 89_999_999)).slice(-8)}`;
  return phone === DEMO.phone || phone === LEGACY.phone ? freshPhone() : phone;
}

/** Registers a new member through the API and returns their phone and token. */
export async function registerMember(
  shop: TestShop,
  opts: { phone?: string; password?: string; name?: string } = {},
): Promise<{ phone: string; password: string; token: string }> {
  const phone = opts.phone ?? freshPhone();
  const password = opts.password ?? 'correct horse battery';
  const ip = freshIp();
  const sent = await shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose: 'register' }, ip });
  if (sent.status !== 200) throw new Error(`send-otp failed: ${JSON.stringify(sent.json)}`);
  const code = await lastCode(shop, phone, 'register');
  const r = await shop.call('POST', '/api/users/register', {
    body: { name: opts.name ?? '測試會員', phone, password, code },
    ip,
  });
  if (r.status !== 200) throw new Error(`register failed: ${JSON.stringify(r.json)}`);
  return { phone, password, token: r.json.result.token };
}

/** Logs in and returns the token; throws with the envelope when it fails. */
export async function loginToken(shop: TestShop, account: string, password: string): Promise<string> {
  const r = await shop.call('POST', '/api/users/login', { body: { account, password }, ip: freshIp() });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.json)}`);
  return r.json.result.token;
}

/** The keys of user info (spec section 3) on the wire, sorted. */
export const INFO_KEYS = [
  'addr',
  'area',
  'city',
  'created_at',
  'email',
  'email_verify',
  'id',
  'mobile',
  'name',
  'no',
  'phone',
  'phone_verify',
  'status',
  'uid',
  'zipcode',
];

/** A string that makes any body larger than the 100 kB limit. */
export const BIG = 'x'.repeat(101 * 1024);

/** Asserts a failure envelope with `status` and catalogue `code`. */
export function expectFail(
  r: { status: number; json: { status: boolean; code: string } },
  status: number,
  code: string,
) {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ status: false, result: null, code });
}
