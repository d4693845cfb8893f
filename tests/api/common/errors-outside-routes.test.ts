import { execFile } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedServerOptions } from '../../../src/server/ops/server-errors.ts';
import { capturedLines } from '../../helpers/log-capture.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';
import { expectFail, registerMember } from '../accounts/users-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
});
afterAll(() => shop.close());

describe('a malformed % escape in a path', () => {
  it('answers the 400 envelope in the caller’s language, on the wishlist and elsewhere', async () => {
    const m = await registerMember(shop);
    for (const method of ['PUT', 'DELETE']) {
      const r = await shop.call(method, '/api/wishlist/%ZZ', { token: m.token, lang: 'en' });
      expectFail(r, 400, 'MALFORMED_PATH');
      expect(r.json.message).toMatch(/malformed % escape/);
    }
    // A cut UTF-8 sequence, on a route with no parameter of its own and on a product's.
    expectFail(await shop.call('GET', '/api/products/%E5%95'), 400, 'MALFORMED_PATH');
    expectFail(await shop.call('GET', '/api/wishlist%ZZ', { token: m.token }), 400, 'MALFORMED_PATH');
    // A well-formed escape still reaches its route.
    expect((await shop.call('PUT', '/api/wishlist/%E5%95%86', { token: m.token })).status).not.toBe(400);
  });
});

/** A server as the shop's (guarded responses) whose handler answers with `location`. */
async function serverAnswering(location: string) {
  const server = serve({
    fetch: () => new Response(null, { status: 302, headers: { Location: location, 'X-Request-Id': 'req-1' } }),
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: guardedServerOptions,
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/api/anything?token=secret' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('a response header Node refuses at writeHead', () => {
  it('answers 500 with the envelope and logs one JSON line, printing nothing to stderr', async () => {
    const { server, port } = await serverAnswering('/cart\u001c');
    const printed: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => printed.push(args);
    const from = capturedLines.length;
    try {
      const r = await get(port);
      expect(r.status).toBe(500);
      expect(r.type).toMatch(/application\/json/);
      expect(JSON.parse(r.body)).toMatchObject({ status: false, result: null, code: 'INTERNAL' });
    } finally {
      console.error = original;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(printed).toEqual([]);
    const lines = capturedLines.slice(from).map((l) => JSON.parse(l));
    const refused = lines.filter((l) => l.event === 'response_header_refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 'error', method: 'GET', requestId: 'req-1' });
    expect(JSON.stringify(refused[0])).not.toContain('secret');
    expect(refused[0].err.code).toBe('ERR_INVALID_CHAR');
  });
});

describe('a serving process', () => {
  it('logs console errors, an unhandled rejection and its stack as JSON lines, and stops with status 1', async () => {
    const script = [
      "const { routeStrayErrors } = await import('./src/server/ops/server-errors.ts');",
      'routeStrayErrors();',
      "console.error(new Error('from a library'));",
      "Promise.reject(new Error('nobody caught this'));",
    ].join('\n');
    const run = promisify(execFile);
    const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'production' };
    delete env.VITEST;
    const r = await run(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }).then(
      (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.event)).toEqual(['console_error', 'unhandled_rejection']);
    expect(lines[1]).toMatchObject({ level: 'fatal', err: { message: 'nobody caught this' } });
    expect(lines[1].err.stack).toContain('nobody caught this');
  });
});
