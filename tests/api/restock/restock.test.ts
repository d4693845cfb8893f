import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTOCK_ALERTS_PER_HOUR } from '../../../src/config.ts';
import { armFault } from '../../../src/server/common/faults.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { cancelForShop } from '../../../src/server/orders/order-admin.ts';
import { waitingCounts } from '../../../src/server/restock/alerts.ts';
import { waitingLines } from '../../../src/server/restock/waiting-report.ts';
import { exportText, importFile } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshIp, freshPhone, registerMember } from '../accounts/users-helpers.ts';
import { pickVariants, type TestVariant } from '../cart/cart-helpers.ts';
import { bodyFor, memberBuyer, order, phoneProof } from '../orders/orders-helpers.ts';
import {
  confirmByMail,
  restockMails,
  restockRows,
  restockTexts,
  secondServer,
  setStockByEdit,
} from './restock-helpers.ts';

const HOUR_MS = 3_600_000;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

/** `n` sold-out variants of this test's own. */
const soldOut = (n: number) => pickVariants(shop, n, 0);

let mailSeq = 0;
const freshEmail = () => `waiter${++mailSeq}-${Date.now()}@example.tw`;

async function guestByPhone(sku: string, phone: string, lang = 'zh-TW', proof?: string) {
  const p = proof ?? (await phoneProof(shop, phone));
  return shop.call('POST', '/api/restock-alerts', {
    body: { sku, phone },
    headers: { 'X-Phone-Proof': p },
    lang,
    ip: freshIp(),
  });
}

/** Everything due goes out (earlier tests' rows included), so a test counts only its own. */
const drain = async () => {
  for (let i = 0; i < 3; i++) await sendDue(shop.deps);
};

describe('asking for a restock alert', () => {
  it('a member in one tap; again answers the same alert; listed, and cancelled by its owner only', async () => {
    const [v] = await soldOut(1);
    const m = await registerMember(shop);
    const r = await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku }, token: m.token });
    expect(r.status).toBe(201);
    const a = r.json.result;
    expect(a).toMatchObject({ sku: v!.sku, state: 'waiting', channel: 'member', locale: 'zh-TW' });
    expect(a.token).toBeUndefined();
    const again = okResult(await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku }, token: m.token }));
    expect(again.id).toBe(a.id);
    const list = okResult(await shop.call('GET', '/api/restock-alerts', { token: m.token }));
    expect(list.total).toBe(1);
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const other = await registerMember(shop);
    expectFailure(
      await shop.call('DELETE', `/api/restock-alerts/${a.id}`, { token: other.token }),
      404,
      'RESTOCK_ALERT_NOT_FOUND',
    );
    expectFailure(await shop.call('GET', '/api/restock-alerts'), 401, 'UNAUTHENTICATED');
    okResult(await shop.call('DELETE', `/api/restock-alerts/${a.id}`, { token: m.token }));
    expect(okResult(await shop.call('GET', '/api/restock-alerts', { token: m.token })).total).toBe(0);
  });

  it('refuses a variant in stock (409) and an unknown one (404)', async () => {
    const [v] = await pickVariants(shop, 1, 4);
    const m = await registerMember(shop);
    expectFailure(
      await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku }, token: m.token }),
      409,
      'RESTOCK_IN_STOCK',
    );
    expectFailure(
      await shop.call('POST', '/api/restock-alerts', { body: { sku: 'NO-SUCH-SKU' }, token: m.token }),
      404,
      'PRODUCT_UNAVAILABLE',
    );
  });

  it('a guest by phone needs the text-message proof of that very phone', async () => {
    const [v] = await soldOut(1);
    const phone = freshPhone();
    const body = { sku: v!.sku, phone };
    expectFailure(await shop.call('POST', '/api/restock-alerts', { body, ip: freshIp() }), 401, 'PHONE_PROOF_REQUIRED');
    const proofOfAnother = await phoneProof(shop, freshPhone());
    expectFailure(await guestByPhone(v!.sku, phone, 'zh-TW', proofOfAnother), 403, 'PHONE_PROOF_MISMATCH');
    const r = await guestByPhone(v!.sku, phone);
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ channel: 'phone', state: 'waiting' });
    // The guest cancels from the browser with the token the answer gave.
    const { id, token } = r.json.result;
    expectFailure(await shop.call('DELETE', `/api/restock-alerts/${id}`), 404, 'RESTOCK_ALERT_NOT_FOUND');
    okResult(await shop.call('DELETE', `/api/restock-alerts/${id}?token=${encodeURIComponent(token)}`));
  });

  it('says what is wrong in the request’s language', async () => {
    const [v] = await soldOut(1);
    const zh = await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku }, ip: freshIp() });
    expectFailure(zh, 400, 'VALIDATION_FAILED');
    expect(zh.json.errors.phone).toBe('請填寫手機號碼或電子郵件其中一項，以便到貨時通知您。');
    const en = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: v!.sku, phone: '0912', email: 'nope' },
      lang: 'en',
      ip: freshIp(),
    });
    expectFailure(en, 400, 'VALIDATION_FAILED');
    expect(en.json.errors).toEqual({
      phone: 'Enter a 10-digit mobile number starting with 09.',
      email: 'Enter a valid email address.',
    });
    const both = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: v!.sku, phone: freshPhone(), email: freshEmail() },
      lang: 'en',
      ip: freshIp(),
    });
    expect(both.json.errors.phone).toMatch(/^Enter a mobile number or an email address/);
    const m = await registerMember(shop);
    const member = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: v!.sku, email: freshEmail() },
      token: m.token,
      lang: 'en',
    });
    expectFailure(member, 400, 'VALIDATION_FAILED');
    expect(member.json.errors.email).toMatch(/account’s phone or email/);
    const inStock = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: (await pickVariants(shop, 1, 2))[0]!.sku },
      token: m.token,
      lang: 'en',
    });
    expect(inStock.json.message).toBe('This option is in stock now: add it to your cart.');
    const unknown = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: v!.sku, extra: 1 },
      token: m.token,
    });
    expectFailure(unknown, 400, 'UNKNOWN_FIELD');
  });
});

describe('the alert goes once per subscription', () => {
  it('with two servers sending at once: each subscriber one message, in their language, with the product link', async () => {
    const [v] = await soldOut(1);
    await drain();
    const phones = [freshPhone(), freshPhone()];
    okResult({
      status: 200,
      json: { status: true, result: (await guestByPhone(v!.sku, phones[0]!)).json.result, message: '' },
    });
    expect((await guestByPhone(v!.sku, phones[1]!, 'en')).status).toBe(201);
    const email = freshEmail();
    const byMail = await shop.call('POST', '/api/restock-alerts', {
      body: { sku: v!.sku, email },
      lang: 'en',
      ip: freshIp(),
    });
    expect(byMail.status).toBe(201);
    await confirmByMail(shop, email);
    const m = await registerMember(shop);
    expect((await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku }, token: m.token })).status).toBe(
      201,
    );

    expect(await setStockByEdit(shop, v!.sku, 5)).toEqual([`${v!.sku}: stock 0 → 5`]);
    // Queued with the edit, sent outside it.
    expect(await restockTexts(shop, phones[0]!)).toEqual([]);
    const other = secondServer(shop);
    try {
      await Promise.all([sendDue(shop.deps), sendDue(other.deps), sendDue(shop.deps), sendDue(other.deps)]);
    } finally {
      await other.close();
    }
    const [zh] = await restockTexts(shop, phones[0]!);
    expect(zh).toContain('已到貨');
    expect(zh).toContain(`/brands/`);
    expect(zh).toContain(`/${v!.productSlug}?sku=${encodeURIComponent(v!.sku)}`);
    expect(zh).not.toContain('/en/');
    const en = await restockTexts(shop, phones[1]!);
    expect(en).toHaveLength(1);
    expect(en[0]).toContain('is back in stock');
    expect(en[0]).toMatch(/http:\/\/localhost:4321\/en\/brands\/[^ ]+\?sku=/);
    expect(await restockTexts(shop, phones[0]!)).toHaveLength(1);
    expect(await restockTexts(shop, m.phone)).toHaveLength(1);
    const mails = await restockMails(shop, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('is back in stock');
    expect(mails[0]!.link).toContain(`?sku=${encodeURIComponent(v!.sku)}`);

    // Sold out and back again: the subscriptions were used; nothing more goes.
    await setStockByEdit(shop, v!.sku, 0);
    await setStockByEdit(shop, v!.sku, 3);
    await drain();
    for (const p of [...phones, m.phone]) expect(await restockTexts(shop, p)).toHaveLength(1);
    expect(await restockMails(shop, email)).toHaveLength(1);
  });

  it('after an SMS outage (sms.down) the text goes once, later', async () => {
    const [v] = await soldOut(1);
    await drain();
    const phone = freshPhone();
    const r = await guestByPhone(v!.sku, phone);
    expect(r.status).toBe(201);
    await setStockByEdit(shop, v!.sku, 2);
    armFault('sms.down', 2);
    expect(await sendDue(shop.deps)).toMatchObject({ sent: 0, retried: 1 });
    expect(await restockTexts(shop, phone)).toEqual([]);
    const [row] = await restockRows(shop, [r.json.result.id]);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('sms.down');
    shop.clock.advance(Number(row!.next_at) - shop.clock.now());
    expect(await sendDue(shop.deps)).toMatchObject({ sent: 0, retried: 1 });
    const [again] = await restockRows(shop, [r.json.result.id]);
    shop.clock.advance(Number(again!.next_at) - shop.clock.now());
    expect(await sendDue(shop.deps)).toMatchObject({ sent: 1 });
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(1);
    // The failed tries did not use the phone's hourly texts.
    const slots = await shop.deps.db.kysely
      .selectFrom('restock_text_slots')
      .select('used_at')
      .where('phone', '=', phone)
      .execute();
    expect(slots.filter((x) => Number(x.used_at) > 0)).toHaveLength(1);
  });

  it(`at most ${RESTOCK_ALERTS_PER_HOUR} texts a phone in an hour; the next waits, then goes once`, async () => {
    const vs = await soldOut(RESTOCK_ALERTS_PER_HOUR + 1);
    await drain();
    const phone = freshPhone();
    const proof = await phoneProof(shop, phone);
    const ids: number[] = [];
    for (const v of vs) {
      const r = await guestByPhone(v.sku, phone, 'zh-TW', proof);
      expect(r.status).toBe(201);
      ids.push(r.json.result.id);
    }
    for (const v of vs) await setStockByEdit(shop, v.sku, 1);
    const start = shop.clock.now();
    await sendDue(shop.deps);
    await sendDue(shop.deps);
    expect(await restockTexts(shop, phone)).toHaveLength(RESTOCK_ALERTS_PER_HOUR);
    const rows = await restockRows(shop, ids);
    expect(rows.map((r) => r.state)).toEqual([...Array(RESTOCK_ALERTS_PER_HOUR).fill('sent'), 'pending']);
    expect(Number(rows.at(-1)!.next_at)).toBe(start + HOUR_MS);
    expect(rows.at(-1)!.attempts).toBe(0);
    shop.clock.advance(HOUR_MS - 1);
    await sendDue(shop.deps);
    expect(await restockTexts(shop, phone)).toHaveLength(RESTOCK_ALERTS_PER_HOUR);
    shop.clock.advance(1);
    await sendDue(shop.deps);
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(RESTOCK_ALERTS_PER_HOUR + 1);
  });

  it('a cancelled order’s stock coming back alerts the waiting subscriber', async () => {
    const [v] = await pickVariants(shop, 1, 1);
    await drain();
    const b = await memberBuyer(shop, [[v! as TestVariant, 1]]);
    const placed = await order(shop, b, bodyFor(b));
    expect(placed.status).toBe(201);
    const phone = freshPhone();
    expect((await guestByPhone(v!.sku, phone)).status).toBe(201);
    await cancelForShop(shop.deps, placed.json.result.no, 'changed mind');
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(1);
  });

  it('an import that raises the stock alerts the waiting subscriber', async () => {
    const [v] = await soldOut(1);
    await drain();
    const phone = freshPhone();
    expect((await guestByPhone(v!.sku, phone)).status).toBe(201);
    const rows = parse(await exportText(shop.deps.db), { columns: true }) as Record<string, string>[];
    const mine = rows.filter((r) => r['Variant SKU'] === v!.sku);
    expect(mine).toHaveLength(1);
    mine[0]!['Variant Inventory Qty'] = '4';
    const text = stringify(rows, { header: true });
    const report = await importFile(shop.deps.db, { text }, { now: shop.clock.now() });
    expect(report.applied).toBe(true);
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(1);
  });
});

describe('unsubscribing and the owner’s count', () => {
  it('the link in the message asks, then cancels every waiting alert of that phone, in the alert’s language', async () => {
    const [a, b] = await soldOut(2);
    await drain();
    const phone = freshPhone();
    const proof = await phoneProof(shop, phone);
    expect((await guestByPhone(a!.sku, phone, 'en', proof)).status).toBe(201);
    expect((await guestByPhone(b!.sku, phone, 'en', proof)).status).toBe(201);
    await setStockByEdit(shop, a!.sku, 1);
    await drain();
    const [text] = await restockTexts(shop, phone);
    const link = /http:\/\/localhost:4321(\/api\/restock-alerts\/unsubscribe\?token=\S+)/.exec(text!)?.[1];
    expect(link).toBeDefined();
    const ask = await shop.app.request(link!);
    expect(ask.status).toBe(200);
    const page = await ask.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Stop the alerts');
    const token = decodeURIComponent(link!.split('token=')[1]!);
    const done = await shop.app.request('/api/restock-alerts/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(token)}`,
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('The restock alerts are cancelled');
    await setStockByEdit(shop, b!.sku, 1);
    await drain();
    expect(await restockTexts(shop, phone)).toHaveLength(1);
    // A forged token is refused.
    const forged = await shop.app.request(
      `/api/restock-alerts/unsubscribe?token=${token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
    );
    expect(forged.status).toBe(404);
  });

  it('counts what waits for each variant (npm run catalog -- waiting)', async () => {
    const [v] = await soldOut(1);
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      const email = freshEmail();
      expect((await shop.call('POST', '/api/restock-alerts', { body: { sku: v!.sku, email }, ip })).status).toBe(201);
      await confirmByMail(shop, email);
    }
    const rows = await waitingCounts(shop.deps);
    expect(rows.find((r) => r.sku === v!.sku)).toMatchObject({ waiting: 2, stock: 0 });
    const lines = await waitingLines(shop.deps, 'en');
    expect(lines[0]).toMatch(/^SKU\s+waiting\s+stock\s+product$/);
    expect(lines.some((l) => l.startsWith(v!.sku) && /\s2\s+0\s/.test(l))).toBe(true);
  });
});
