import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { seed } from '../../../src/server/seed/seed.ts';
import { expectFailure } from '../../helpers/wire-asserts.ts';
import { freshPhone } from '../accounts/users-helpers.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { createLineShop, freshLineName, signInWithLine } from '../line/line-helpers.ts';
import { phoneProof } from '../orders/orders-helpers.ts';
import { confirmByMail, restockMails, restockTexts, setStockByEdit } from './restock-helpers.ts';

let shop: Awaited<ReturnType<typeof createLineShop>>;
beforeAll(async () => {
  shop = await createLineShop();
  await seed(shop.deps.db, { logN: shop.deps.env.SCRYPT_LOG_N });
});
afterAll(() => shop.close());

/** A member signed in with LINE alone: no phone, no email on the account. */
async function lineOnlyMember(): Promise<string> {
  const r = await signInWithLine(shop, freshLineName());
  expect(r.token).toBeTruthy();
  return r.token!;
}

const ask = (token: string, body: Record<string, unknown>, lang = 'zh-TW', headers: Record<string, string> = {}) =>
  shop.call('POST', '/api/restock-alerts', { body, token, lang, headers });
const drain = async () => {
  for (let i = 0; i < 3; i++) await sendDue(shop.deps);
};

describe('a member whose account has no phone or email', () => {
  it('is asked for a contact in their language, never given an alert that cannot go', async () => {
    const [v] = await pickVariants(shop, 1, 0);
    const token = await lineOnlyMember();
    const zh = await ask(token, { sku: v!.sku });
    expectFailure(zh, 400, 'VALIDATION_FAILED');
    expect(zh.json.errors.email).toBe(
      '您的帳號沒有手機號碼或電子郵件可以通知您：請填寫電子郵件（或先在會員資料加入手機號碼）。',
    );
    const en = await ask(token, { sku: v!.sku }, 'en');
    expectFailure(en, 400, 'VALIDATION_FAILED');
    expect(en.json.errors.email).toMatch(/^Your account has no phone or email to tell you by/);
    const count = await shop.deps.db.kysely
      .selectFrom('restock_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('gives an email, which counts once confirmed, and hears by it', async () => {
    const [v] = await pickVariants(shop, 1, 0);
    const token = await lineOnlyMember();
    const email = `line-member-${Date.now()}@example.tw`;
    const r = await ask(token, { sku: v!.sku, email });
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ channel: 'member', state: 'pending' });
    await confirmByMail(shop, email);
    await setStockByEdit(shop, v!.sku, 2);
    await drain();
    const mails = await restockMails(shop, email);
    expect(mails).toHaveLength(1);
  });

  it('gives a phone proven by its text-message code, and hears by text', async () => {
    const [v] = await pickVariants(shop, 1, 0);
    const token = await lineOnlyMember();
    const phone = freshPhone();
    expectFailure(await ask(token, { sku: v!.sku, phone }), 401, 'PHONE_PROOF_REQUIRED');
    const r = await ask(token, { sku: v!.sku, phone }, 'zh-TW', { 'X-Phone-Proof': await phoneProof(shop, phone) });
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ channel: 'member', state: 'waiting' });
    await setStockByEdit(shop, v!.sku, 2);
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(1);
  });
});
