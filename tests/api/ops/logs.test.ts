import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { log, maskPhone } from '../../../src/server/common/log.ts';
import { invoiceWorkSettled } from '../../../src/server/payment/invoicing.ts';
import { formsOf, postForm as postPage } from '../../helpers/html-forms.ts';
import { capturedLines } from '../../helpers/log-capture.ts';
import { secretsIn } from '../../helpers/log-secrets.ts';
import { placeFixtureOrder } from '../../helpers/order-fixture.ts';
import type { TestShop } from '../../helpers/test-app.ts';
import { DEMO, freshIp } from '../accounts/users-helpers.ts';
import { createPaymentShop, startAttempt } from '../payment/payment-helpers.ts';
import { scriptedPurchase } from './observability-helpers.ts';

/** Issue 30, part 3: one JSON line per request, structured events, no secret in any line. */
let shop: TestShop & { origin: string };
beforeAll(async () => {
  shop = await createPaymentShop();
});
afterAll(async () => {
  await invoiceWorkSettled();
  await shop.close();
});

// biome-ignore lint/suspicious/noExplicitAny: log lines are arbitrary JSON
const lines = (): any[] =>
  capturedLines
    .join('')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const requestLines = () => lines().filter((l) => l.event === 'request');

describe('request log', () => {
  it('writes one JSON line per request with id, method, route pattern, status, duration and client; echoes the id', async () => {
    const r = await shop.call('GET', '/api/orders/20261121-ABCDEF', {
      headers: { 'x-request-id': 'lb-7f3a-0001' },
      ip: '203.0.113.7',
    });
    expect(r.headers.get('x-request-id')).toBe('lb-7f3a-0001');
    const mine = requestLines().filter((l) => l.requestId === 'lb-7f3a-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/orders/:no',
      status: r.status,
      client: '203.0.113.7',
    });
    expect(typeof mine[0].durationMs).toBe('number');
    expect(new Date(mine[0].time).toISOString()).toBe(mine[0].time);
    expect(JSON.stringify(mine[0])).not.toContain('ABCDEF');
  });

  it('makes an id when none is given, or when the given one is not a plain token', async () => {
    const none = await shop.call('GET', '/api/health');
    const odd = await shop.call('GET', '/api/health', { headers: { 'x-request-id': 'a b"}{\u00e9' } });
    for (const r of [none, odd]) expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers.get('x-request-id')).not.toBe(odd.headers.get('x-request-id'));
    const ids = requestLines().map((l) => l.requestId);
    expect(ids).toContain(none.headers.get('x-request-id'));
    expect(ids).toContain(odd.headers.get('x-request-id'));
  });

  it('labels an unknown path with a pattern, never the path itself', async () => {
    const r = await shop.call('GET', '/api/no/such/0912345678', { headers: { 'x-request-id': 'lb-unknown' } });
    expect(r.status).toBe(404);
    const line = requestLines().find((l) => l.requestId === 'lb-unknown');
    expect(line.route).not.toContain('0912345678');
  });
});

describe('redaction', () => {
  it('censors secret fields and masks phone numbers in any event', () => {
    const before = capturedLines.length;
    log.info(
      { event: 'probe', password: 'hunter2hunter2', detail: { token: 'abcdefghijklmnopqrstuv', phone: '0912345678' } },
      'probe',
    );
    const line = capturedLines.slice(before).join('');
    expect(line).toContain('"password":"[redacted]"');
    expect(line).toContain('"token":"[redacted]"');
    expect(line).toContain('"phone":"0912***678"');
    expect(maskPhone('+886 912 345 678')).toBe('8869***678');
  });

  it('the secret grep finds what it looks for (so that an empty answer means something)', () => {
    expect(secretsIn('{"phone":"0912345678"}')).toHaveLength(1);
    expect(secretsIn('to 0912345678.')).toHaveLength(1);
    expect(secretsIn('{"phone":"+886912345678"}')).toHaveLength(1);
    // Ten digits inside a request id are not a phone number.
    expect(secretsIn('{"requestId":"448e8e51-ba91-4b2a-a714-0933682334e1"}')).toEqual([]);
    expect(secretsIn('{"x":"4311952222222222"}')).toHaveLength(1);
    expect(secretsIn('{"x":"Soundwood-2026"}')).toHaveLength(1);
    expect(secretsIn('{"password":"abc"}')).toHaveLength(1);
    expect(secretsIn('{"x":"tok"}', ['tok-secret-1'])).toEqual([]);
    expect(secretsIn('{"x":"tok-secret-1"}', ['tok-secret-1'])).toHaveLength(1);
  });

  it('a login, a guest purchase paid by card through the cashier and a paid notice leave no secret in the logs', async () => {
    const login = await shop.call('POST', '/api/users/login', {
      body: { account: DEMO.phone, password: DEMO.password },
      ip: freshIp(),
    });
    expect(login.status).toBe(200);
    const token = login.json.result.token as string;
    await shop.call('GET', '/api/users/profile', { token });
    const bought = await scriptedPurchase(shop);
    // The card form of the cashier simulator, with a full card number.
    const fixture = await placeFixtureOrder(shop);
    const start = await startAttempt(shop, fixture.no, fixture.guestKey);
    const path = (url: string) => new URL(url, 'http://shop.test').pathname;
    const page = await postPage(shop.app, path(start.json.result.action), start.json.result.fields);
    const card = formsOf(page.html).find((f) => f.action.endsWith('/card'))!;
    const paid = await postPage(shop.app, path(card.action), {
      ...card.fields,
      cardNumber: '4311-9522-2222-2222',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.html).toContain('1|OK');
    await invoiceWorkSettled();

    const text = capturedLines.join('');
    expect(secretsIn(text, [token, fixture.guestKey, ...bought.secrets])).toEqual([]);
    // The events carry the order number.
    const events = lines();
    expect(events.find((l) => l.event === 'order_placed' && l.orderNo === bought.no)).toBeTruthy();
    expect(
      events.find((l) => l.event === 'payment_notice' && l.orderNo === bought.no && l.outcome === 'paid'),
    ).toBeTruthy();
  });
});
