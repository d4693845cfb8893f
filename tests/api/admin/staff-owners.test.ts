import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableStaff, resetStaff } from '../../../src/server/admin/staff-accounts.ts';
import { StaffAdminError } from '../../../src/server/admin/staff-errors.ts';
import { ERRORS } from '../../../src/server/common/errors.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { staffMember } from './admin-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const statusOf = async (email: string) =>
  (await shop.deps.db.kysely.selectFrom('staff').select('status').where('email', '=', email).executeTakeFirstOrThrow())
    .status;
const activeOwners = async () =>
  (
    await shop.deps.db.kysely
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute()
  ).length;

describe('an owner’s own account', () => {
  it('cannot be reset by its owner from the console, as it cannot be disabled', async () => {
    const owner = await staffMember(shop, 'owner');
    const other = await staffMember(shop, 'owner');
    for (const lang of ['zh-TW', 'en'] as const) {
      const r = await shop.call('POST', `/api/admin/staff/${owner.email}/reset`, { token: owner.token, lang });
      expect(r.status).toBe(409);
      expect(r.json.code).toBe('STAFF_SELF');
      expect(r.json.message).toBe(lang === 'en' ? ERRORS.STAFF_SELF.en : ERRORS.STAFF_SELF.zh);
    }
    expect(await statusOf(owner.email)).toBe('active');
    expect((await shop.call('GET', '/api/admin/me', { token: owner.token })).status).toBe(200);
    // Another owner may.
    const byOther = await shop.call('POST', `/api/admin/staff/${owner.email}/reset`, { token: other.token });
    expect(byOther.status).toBe(200);
    expect(await statusOf(owner.email)).toBe('setup');
  });
});

describe('the last active owner', () => {
  it('is never disabled nor reset by the owner’s command', async () => {
    // Every owner made so far stops being active, but one.
    const last = await staffMember(shop, 'owner');
    const others = await shop.deps.db.kysely
      .selectFrom('staff')
      .select('email')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .where('email', '!=', last.email)
      .execute();
    for (const o of others) await disableStaff(shop.deps, o.email);
    expect(await activeOwners()).toBe(1);
    for (const act of [() => disableStaff(shop.deps, last.email), () => resetStaff(shop.deps, last.email)]) {
      const err = await act().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StaffAdminError);
      expect((err as StaffAdminError).code).toBe('LAST_OWNER');
      expect((err as StaffAdminError).message).toMatch(/last active owner/);
    }
    expect(await statusOf(last.email)).toBe('active');
    expect((await shop.call('GET', '/api/admin/me', { token: last.token })).status).toBe(200);
    // A staff account is no owner: the last owner's command still disables it.
    const clerk = await staffMember(shop, 'staff');
    await disableStaff(shop.deps, clerk.email);
    expect(await statusOf(clerk.email)).toBe('disabled');
  });

  it('survives two owners disabling each other at once: one is refused with LAST_OWNER', async () => {
    const a = await staffMember(shop, 'owner');
    const b = await staffMember(shop, 'owner');
    const others = await shop.deps.db.kysely
      .selectFrom('staff')
      .select('email')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .where('email', 'not in', [a.email, b.email])
      .execute();
    for (const o of others) await disableStaff(shop.deps, o.email);
    const [ra, rb] = await Promise.all([
      shop.call('POST', `/api/admin/staff/${b.email}/disable`, { token: a.token, lang: 'en' }),
      shop.call('POST', `/api/admin/staff/${a.email}/disable`, { token: b.token, lang: 'zh-TW' }),
    ]);
    const statuses = [ra.status, rb.status].sort();
    // The one that came second finds its caller signed out (401) or the other the last owner (409).
    expect(statuses[0]).toBe(200);
    expect(await activeOwners()).toBe(1);
    const refused = ra.status === 200 ? rb : ra;
    if (refused.status === 409) {
      expect(refused.json.code).toBe('LAST_OWNER');
      expect(refused.json.message).toBe(refused === ra ? ERRORS.LAST_OWNER.en : ERRORS.LAST_OWNER.zh);
    } else expect(refused.status).toBe(401);
  });
});
