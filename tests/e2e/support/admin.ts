/**
 * The console's test helpers (issue 31): staff accounts made with the staff command's own service
 * (`addStaff`, as `npm run staff -- add` does) on the e2e server's database, TOTP codes computed here
 * from the secret (RFC 6238 on node:crypto, apart from the server's code), a staff session put in the
 * browser as the sign-in page keeps it, and paid store-pickup orders waiting to ship.
 */
import { createHmac } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { STAFF_TOKEN_COOKIE } from '../../../src/features/admin/constants.ts';
import { addStaff } from '../../../src/server/admin/staff-accounts.ts';
import type { Deps } from '../../../src/server/context.ts';
import { openDb } from '../../../src/server/db/index.ts';
import { pickEmail, pickSms, systemClock } from '../../../src/server/deps.ts';
import { readEnv } from '../../../src/server/env.ts';

export const STAFF_PASSWORD = 'Packing-Bench-2026';
const PERIOD_MS = 30_000;

/** What the staff command runs on: the e2e server's database and address. */
export function serverDeps(baseURL: string): Deps {
  const path = process.env.E2E_SQLITE_PATH;
  if (!path) throw new Error('E2E_SQLITE_PATH is set by playwright.config.ts');
  const env = readEnv({ NODE_ENV: 'test', SQLITE_PATH: path, SITE_URL: baseURL });
  const db = openDb({ sqlitePath: path });
  return { db, env, clock: systemClock, sms: pickSms(env, db, systemClock), mail: pickEmail(env, db, systemClock) };
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 30-second step of a time. */
export const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);

/** The 6-digit TOTP code of `secret` (base32) for a step: RFC 6238 over RFC 4226, HMAC-SHA1. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

let seq = 0;
/** A staff account nobody has (the command's service); returns its setup link's path and query. */
export async function addAccount(baseURL: string, role: 'owner' | 'staff', name: string) {
  const email = `${role}-${Date.now().toString(36)}-${++seq}@soundwood.tw`;
  const deps = serverDeps(baseURL);
  try {
    const link = await addStaff(deps, { email, name, role });
    const u = new URL(link.setup_url);
    return { email, name, setupPath: `${u.pathname}${u.search}`, token: u.searchParams.get('token') ?? '' };
  } finally {
    await deps.db.close();
  }
}

/** Each helper call from an address of its own (the e2e server trusts X-Forwarded-For): no shared limits. */
const from = () => ({ 'X-Forwarded-For': `198.51.${(seq >> 8) & 255}.${++seq & 255}` });

/** A staff member set up and signed in through the API; returns the token and the secret. */
export async function apiStaff(request: APIRequestContext, baseURL: string, role: 'owner' | 'staff', name: string) {
  const account = await addAccount(baseURL, role, name);
  const headers = from();
  const setup = await request.post('/api/admin/setup', {
    data: { token: account.token, password: STAFF_PASSWORD },
    headers,
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const secret: string = (await setup.json()).result.totp_secret;
  const step = stepAt(Date.now());
  const confirm = await request.post('/api/admin/setup/confirm', {
    data: { token: account.token, code: totp(secret, step) },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const recovery: string[] = (await confirm.json()).result.recovery_codes;
  // The setup used its step: the sign-in takes the next one (a step either side is accepted).
  const login = await request.post('/api/admin/login', {
    data: { email: account.email, password: STAFF_PASSWORD, code: totp(secret, step + 1) },
    headers,
  });
  expect(login.ok(), await login.text()).toBe(true);
  return { ...account, secret, recovery, token: (await login.json()).result.token as string };
}

/** Puts a staff token in the browser as the sign-in page keeps it. */
export async function useStaffSession(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: STAFF_TOKEN_COOKIE, value: token, url: baseURL, sameSite: 'Strict' }]);
}

let orderSeq = 0;
/**
 * A paid 7-ELEVEN pickup order waiting to ship, written into the server's database as checkout
 * leaves one (a store of the logistics simulator's list, a line of an in-stock variant).
 */
export async function paidPickupOrder(baseURL: string): Promise<string> {
  const deps = serverDeps(baseURL);
  const k = deps.db.kysely;
  try {
    const store = await k
      .selectFrom('sim_cvs_stores')
      .select(['store_id', 'name', 'address'])
      .where('brand', '=', 'UNIMART')
      .orderBy('store_id')
      .executeTakeFirstOrThrow();
    const variant = await k
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.sku', 'v.price', 'p.slug'])
      .where('v.stock', '>', 0)
      .orderBy('v.price')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    orderSeq += 1;
    // Order numbers avoid 0, 1, I and O in their random part.
    const tail = [...`${now % 1_000_000}${orderSeq}`.padStart(7, '2')].map((d) => 'ABCDEFGHJK'[Number(d)]).join('');
    const no = `20261125-E${tail.slice(-7)}`;
    const row = await k
      .insertInto('orders')
      .values({
        no,
        member_id: null,
        guest_key_hash: null,
        state: 'paid',
        shipping_method: 'cvs',
        payment_method: 'credit',
        subtotal: variant.price,
        shipping_fee: 0,
        total: variant.price,
        receiver_name: '陳大文',
        receiver_phone: '0911222333',
        cvs_sub_type: 'UNIMARTC2C',
        cvs_store_id: store.store_id,
        cvs_store_name: store.name,
        cvs_store_address: store.address,
        invoice_type: 'member',
        invoice_no: null,
        invoice_random: null,
        invoice_issued_at: null,
        invoice_voided_at: null,
        invoice_retry_at: null,
        invoice_action_needed: null,
        paid_at: now,
        pay_deadline: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('order_lines')
      .values({
        order_id: row.id,
        variant_id: variant.id,
        sku: variant.sku,
        product_slug: variant.slug,
        brand_slug: 'x',
        name_zh: '測試商品',
        name_en: 'Test item',
        unit_price: variant.price,
        compare_at_price: null,
        quantity: 1,
        line_total: variant.price,
      })
      .execute();
    return no;
  } finally {
    await deps.db.close();
  }
}
