import { expect } from 'vitest';
import { addStaff } from '../../../src/server/admin/staff-accounts.ts';
import { totpAt } from '../../../src/server/admin/totp.ts';
import type { TestShop } from '../../helpers/test-app.ts';

export const PASSWORD = 'Console-Pass-2026';
export const TOTP_STEP_MS = 30_000;

export interface TestStaff {
  email: string;
  name: string;
  secret: string;
  recovery: string[];
  token: string;
}

let seq = 0;
let ipSeq = 0;
/** A fresh client address, so the per-address limits of one test do not spill into another. */
export const freshIp = () => `10.31.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

/** The token of a setup link (`…/admin/setup?token=…`). */
export const linkToken = (url: string) => new URL(url).searchParams.get('token') ?? '';

/**
 * A staff account through the whole path: `addStaff` (the command's service), the setup link's two
 * steps over the API, then a sign-in one TOTP step later (the setup's step is used).
 */
export async function staffMember(shop: TestShop, role: 'owner' | 'staff', name?: string): Promise<TestStaff> {
  const n = ++seq;
  const email = `${role}${n}@soundwood.tw`;
  const staffName = name ?? `${role === 'owner' ? '店主' : '店員'}${n}`;
  const link = await addStaff(shop.deps, { email, name: staffName, role });
  const token = linkToken(link.setup_url);
  const ip = freshIp();
  const setup = await shop.call('POST', '/api/admin/setup', { body: { token, password: PASSWORD }, ip });
  expect(setup.status).toBe(200);
  const secret: string = setup.json.result.totp_secret;
  const confirm = await shop.call('POST', '/api/admin/setup/confirm', {
    body: { token, code: totpAt(secret, shop.clock.now()) },
    ip,
  });
  expect(confirm.status).toBe(200);
  shop.clock.advance(TOTP_STEP_MS);
  const login = await shop.call('POST', '/api/admin/login', {
    body: { email, password: PASSWORD, code: totpAt(secret, shop.clock.now()) },
    ip,
  });
  expect(login.status).toBe(200);
  return {
    email,
    name: staffName,
    secret,
    recovery: confirm.json.result.recovery_codes,
    token: login.json.result.token,
  };
}

/** Signs in again with the next TOTP step. */
export async function signIn(shop: TestShop, s: TestStaff): Promise<string> {
  shop.clock.advance(TOTP_STEP_MS);
  const r = await shop.call('POST', '/api/admin/login', {
    body: { email: s.email, password: PASSWORD, code: totpAt(s.secret, shop.clock.now()) },
    ip: freshIp(),
  });
  expect(r.status).toBe(200);
  return r.json.result.token;
}
