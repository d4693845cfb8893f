import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTOCK_CONFIRM_MAILS_PER_HOUR, RESTOCK_CONFIRM_MS } from '../../../src/config.ts';
import type { Deps } from '../../../src/server/context.ts';
import { sendDue } from '../../../src/server/notify/sender.ts';
import { RETENTION_MS, sweep } from '../../../src/server/ops/maintenance.ts';
import { smtpEmail } from '../../../src/server/providers/email-smtp.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFailure, okResult } from '../../helpers/wire-asserts.ts';
import { freshIp } from '../accounts/users-helpers.ts';
import { pickVariants } from '../cart/cart-helpers.ts';
import { confirmByMail, confirmLinks, pressConfirm, restockMails, setStockByEdit } from './restock-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

const soldOut = (n: number) => pickVariants(shop, n, 0);
let mailSeq = 0;
const freshEmail = () => `reader${++mailSeq}-${Date.now()}@example.tw`;
const drain = async () => {
  for (let i = 0; i < 3; i++) await sendDue(shop.deps);
};
const ask = (sku: string, email: string, lang = 'zh-TW') =>
  shop.call('POST', '/api/restock-alerts', { body: { sku, email }, lang, ip: freshIp() });
const state = async (id: number) =>
  (
    await shop.deps.db.kysely
      .selectFrom('restock_alerts')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
const form = (path: string, body: string) =>
  shop.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

describe('a guest’s email alert', () => {
  it('asking again with the same address (any case) answers exactly as a new one, never with another alert’s token', async () => {
    const [v] = await soldOut(1);
    const email = freshEmail();
    const first = await ask(v!.sku, email);
    const again = await ask(v!.sku, email.toUpperCase());
    const stranger = await ask(v!.sku, freshEmail());
    for (const r of [first, again, stranger]) {
      expect(r.status).toBe(201);
      expect(Object.keys(r.json.result).sort()).toEqual(Object.keys(stranger.json.result).sort());
      expect(r.json.result).toMatchObject({ state: 'pending', channel: 'email', sku: v!.sku });
    }
    expect(again.json.result.id).not.toBe(first.json.result.id);
    expect(again.json.result.token).not.toBe(first.json.result.token);
    // The second answer's token reaches its own alert only.
    const { id } = first.json.result;
    const token = encodeURIComponent(again.json.result.token);
    expectFailure(
      await shop.call('DELETE', `/api/restock-alerts/${id}?token=${token}`),
      404,
      'RESTOCK_ALERT_NOT_FOUND',
    );
    expect((await form('/api/restock-alerts/unsubscribe', `token=${token}`)).status).toBe(404);
    expect((await shop.app.request(`/api/restock-alerts/unsubscribe?token=${token}`)).status).toBe(404);
    expect(await state(id)).toBe('pending');
    okResult(await shop.call('DELETE', `/api/restock-alerts/${again.json.result.id}?token=${token}`));
  });

  it('waits only once the link mailed to the address is followed; an unconfirmed one is never told', async () => {
    const [v] = await soldOut(1);
    await drain();
    const confirmed = freshEmail();
    const ignored = freshEmail();
    const a = await ask(v!.sku, confirmed, 'en');
    const b = await ask(v!.sku, ignored);
    const [link] = await confirmLinks(shop, confirmed);
    expect(link).toMatch(/^http:\/\/localhost:4321\/api\/restock-alerts\/confirm\?token=/);
    expect(await confirmLinks(shop, ignored)).toHaveLength(1);
    // The link asks first (a scanner opening it confirms nothing), in the alert's language.
    const page = await shop.app.request(pathOf(link!));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Confirm the alert');
    expect(await state(a.json.result.id)).toBe('pending');
    const zh = await shop.app.request(pathOf((await confirmLinks(shop, ignored))[0]!));
    expect(await zh.text()).toContain('確認通知');
    const done = await pressConfirm(shop, link!);
    expect(done.status).toBe(200);
    expect(done.page).toContain('Confirmed: we will mail you once');
    expect((await pressConfirm(shop, link!)).page).toContain('Confirmed');
    expect(await state(a.json.result.id)).toBe('waiting');
    expect(await state(b.json.result.id)).toBe('pending');

    await setStockByEdit(shop, v!.sku, 3);
    await drain();
    expect(await restockMails(shop, confirmed)).toHaveLength(1);
    expect(await restockMails(shop, ignored)).toHaveLength(0);
    expect(await state(b.json.result.id)).toBe('pending');
  });

  it('an address asking again for what it already waits for is told once; a confirmation after the restock queues it', async () => {
    const [v] = await soldOut(1);
    await drain();
    const email = freshEmail();
    await ask(v!.sku, email);
    await confirmByMail(shop, email);
    const again = await ask(v!.sku, email);
    await confirmByMail(shop, email);
    expect(await state(again.json.result.id)).toBe('cancelled');
    const late = freshEmail();
    await ask(v!.sku, late);
    const [lateLink] = await confirmLinks(shop, late);
    await setStockByEdit(shop, v!.sku, 2);
    expect((await pressConfirm(shop, lateLink!)).status).toBe(200);
    await drain();
    expect(await restockMails(shop, email)).toHaveLength(1);
    expect(await restockMails(shop, late)).toHaveLength(1);
  });

  it(`mails an address at most ${RESTOCK_CONFIRM_MAILS_PER_HOUR} links an hour, answering alike`, async () => {
    const vs = await soldOut(RESTOCK_CONFIRM_MAILS_PER_HOUR + 2);
    const email = freshEmail();
    for (const v of vs) expect((await ask(v.sku, email)).status).toBe(201);
    await drain();
    expect(await confirmLinks(shop, email)).toHaveLength(RESTOCK_CONFIRM_MAILS_PER_HOUR);
  });

  it('refuses a forged link and an expired one', async () => {
    const [v] = await soldOut(1);
    const email = freshEmail();
    await ask(v!.sku, email, 'en');
    const [link] = await confirmLinks(shop, email);
    const forged = link!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await pressConfirm(shop, forged)).status).toBe(404);
    shop.clock.advance(RESTOCK_CONFIRM_MS + 1);
    const late = await pressConfirm(shop, link!);
    expect(late.status).toBe(409);
    expect(late.page).toContain('This link has expired');
    // The maintenance sweep removes it once past retention.
    shop.clock.advance(RETENTION_MS);
    expect((await sweep(shop.deps)).restockUnconfirmed).toBeGreaterThanOrEqual(1);
    expect((await pressConfirm(shop, link!)).status).toBe(404);
  });
});

describe('the unsubscribe link of a restock mail', () => {
  it('stops that address’s alerts only, and answers a mail client’s one-click POST; the mail says so in its headers', async () => {
    const [a, b, c] = await soldOut(3);
    await drain();
    const email = freshEmail();
    const other = freshEmail();
    for (const v of [a!, b!]) {
      await ask(v.sku, email, 'en');
      await confirmByMail(shop, email);
    }
    await ask(c!.sku, other);
    await confirmByMail(shop, other);
    await setStockByEdit(shop, a!.sku, 1);
    const sink = await startSmtpSink();
    const smtp: Deps = { ...shop.deps, mail: smtpEmail({ url: sink.url, from: 'no-reply@soundwood.tw' }) };
    try {
      await sendDue(smtp);
      const mail = sink.mails.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      const unfolded = mail!.data.replace(/\r?\n[ \t]+/g, ' ');
      const stop =
        /^List-Unsubscribe: <(http:\/\/localhost:4321\/api\/restock-alerts\/unsubscribe\?token=[^>]+)>$/m.exec(
          unfolded,
        )?.[1];
      expect(stop).toBeDefined();
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      // RFC 8058: the client POSTs List-Unsubscribe=One-Click to the link itself, without a page.
      const one = await form(pathOf(stop!), 'List-Unsubscribe=One-Click');
      expect(one.status).toBe(200);
      expect(await one.text()).toContain('The restock alerts are cancelled');
    } finally {
      await sink.close();
    }
    await setStockByEdit(shop, b!.sku, 1);
    await setStockByEdit(shop, c!.sku, 1);
    await drain();
    expect(await restockMails(shop, email)).toHaveLength(0);
    expect(await restockMails(shop, other)).toHaveLength(1);
  });
});
