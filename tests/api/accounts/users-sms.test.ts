import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { pickSms } from '../../../src/server/deps.ts';
import { httpSms } from '../../../src/server/providers/sms-http.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { freshIp, freshPhone, outbox } from './users-helpers.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
// A port of this suite's range (4550–4599) for the simulated gateway.
const GATEWAY_PORT = 4551;
/** How long the shop waits for a gateway that answers, and for one that hangs (the test of the wait). */
const ANSWER_MS = 20_000;
const HANG_MS = 300;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const send = (phone: string, purpose = 'register', ip = freshIp()) =>
  shop.call('POST', '/api/users/send-otp/phone', { body: { phone, purpose }, ip });

/** Moves the clock to just after the next multiple of `ms` (the start of the next fixed window). */
function nextWindow(ms: number) {
  shop.clock.advance(ms - (shop.clock.now() % ms) + 1000);
}

describe('SMS limits (counted in the outbox)', () => {
  it('one message per phone and purpose per 60 s', async () => {
    const phone = freshPhone();
    expect((await send(phone)).status).toBe(200);
    const again = await send(phone);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('60');
    shop.clock.advance(59_000);
    expect((await send(phone)).headers.get('retry-after')).toBe('1');
    expect((await send(phone, 'forgot')).status).toBe(200);
    shop.clock.advance(1_000);
    expect((await send(phone)).status).toBe(200);
    expect(await outbox(shop, phone)).toHaveLength(2);
  });

  it('at most 5 per phone an hour and 10 a day', async () => {
    nextWindow(24 * HOUR);
    const phone = freshPhone();
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        expect((await send(phone)).status).toBe(200);
        shop.clock.advance(MIN);
      }
      const over = await send(phone);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
      nextWindow(HOUR);
    }
    const daily = await send(phone);
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(HOUR / 1000);
    expect(await outbox(shop, phone)).toHaveLength(10);
    nextWindow(24 * HOUR);
    expect((await send(phone)).status).toBe(200);
  });

  it('at most 20 requests per IP an hour', async () => {
    nextWindow(HOUR);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send(freshPhone(), 'register', ip)).status).toBe(200);
    const phone = freshPhone();
    expect((await send(phone, 'register', ip)).status).toBe(429);
    expect(await outbox(shop, phone)).toHaveLength(0);
    expect((await send(phone, 'register', freshIp())).status).toBe(200);
  });

  it('200 sends at once for one phone send exactly one message (L4)', async () => {
    const phone = freshPhone();
    const results = await Promise.all(Array.from({ length: 200 }, () => send(phone)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(199);
    expect(await outbox(shop, phone)).toHaveLength(1);
  });
});

describe('HTTP SMS gateway', () => {
  let gateway: Server;
  let mode: 'hang' | 'ok' | 'error' = 'ok';
  const received: { auth: string | undefined; body: unknown }[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  const readJson = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(JSON.parse(data)));
    });

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    gateway = createServer(async (req, res) => {
      received.push({ auth: req.headers.authorization, body: await readJson(req) });
      if (mode === 'hang') return; // never answers
      res.writeHead(mode === 'ok' ? 200 : 500, { 'content-type': 'application/json' });
      res.end(mode === 'ok' ? '{"id":"m1"}' : '{"error":"down"}');
    });
    await new Promise<void>((resolve) => gateway.listen(GATEWAY_PORT, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  /**
   * The shop with the HTTP gateway, which it waits for `timeoutMs`: short where the gateway hangs (the
   * wait is what is tested), long where it answers (on a busy machine its answer can take a while).
   */
  const gatewayShop = (timeoutMs = ANSWER_MS) => {
    const { port } = gateway.address() as AddressInfo;
    const sms = httpSms({ url: `http://127.0.0.1:${port}/send`, token: 'gateway-secret', timeoutMs });
    const app = createApp({ ...shop.deps, sms });
    return (phone: string) =>
      app.request('/api/users/send-otp/phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-test-ip': freshIp() },
        body: JSON.stringify({ phone, purpose: 'register' }),
      });
  };

  it('posts the message as JSON with the bearer token', async () => {
    mode = 'ok';
    const phone = freshPhone();
    const res = await gatewayShop()(phone);
    expect(res.status).toBe(200);
    const last = received.at(-1);
    expect(last?.auth).toBe('Bearer gateway-secret');
    expect(last?.body).toEqual({ to: `+886${phone.slice(1)}`, text: expect.stringMatching(/^【聲林音響】.*\d{6}/) });
  });

  it('answers 503 SMS_FAILED within the timeout when the gateway hangs, and lets the member retry (F2)', async () => {
    mode = 'hang';
    const phone = freshPhone();
    const res = await gatewayShop(HANG_MS)(phone);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: false,
      result: null,
      code: 'SMS_FAILED',
      message: 'The text message could not be sent. Please try again later.',
    });
    const live = await shop.deps.db.kysely
      .selectFrom('otp_codes')
      .select('id')
      .where('phone', '=', phone)
      .where('consumed_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    mode = 'ok';
    expect((await gatewayShop()(phone)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });

  it('answers 503 SMS_FAILED when the gateway refuses or cannot be reached', async () => {
    mode = 'error';
    expect((await gatewayShop()(freshPhone())).status).toBe(503);
    const closed = httpSms({ url: 'http://127.0.0.1:4552/send', timeoutMs: 300 });
    await expect(closed.send({ phone: '0912345678', purpose: 'register', code: '1', text: 't' })).rejects.toMatchObject(
      {
        code: 'SMS_FAILED',
        status: 503,
      },
    );
  });

  it('is chosen by SMS_PROVIDER=http, which needs SMS_HTTP_URL', () => {
    const env = { ...shop.deps.env, SMS_PROVIDER: 'http' as const };
    expect(pickSms({ ...env, SMS_HTTP_URL: 'http://127.0.0.1:4551/send' }, shop.deps.db, shop.clock).name).toBe('http');
    expect(() => pickSms({ ...env, SMS_HTTP_URL: undefined }, shop.deps.db, shop.clock)).toThrow(/SMS_HTTP_URL/);
    expect(pickSms(shop.deps.env, shop.deps.db, shop.clock).name).toBe('outbox');
  });
});
