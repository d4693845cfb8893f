import { describe, expect, it } from 'vitest';
import { camelKeys, snakeKeys } from '../../src/lib/api/case.ts';
import { ApiClientError, createApiClient, UNEXPECTED_ERROR } from '../../src/lib/api/client.ts';

/** A fetch that answers every request with `status` and `body`, recording what it was asked. */
function fakeFetch(status: number, body: unknown) {
  const calls: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const ok = (result: unknown) => ({ status: true, result, message: '' });
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504];

describe('case conversion', () => {
  it('turns wire keys to camelCase deeply, through arrays', () => {
    expect(camelKeys({ page_count: 2, data: [{ phone_verify: true, created_at: 'x' }], a_b_c: { d_e: 1 } })).toEqual({
      pageCount: 2,
      data: [{ phoneVerify: true, createdAt: 'x' }],
      aBC: { dE: 1 },
    });
  });

  it('turns app keys to snake_case and drops __proto__', () => {
    const input = JSON.parse('{"currentPage":1,"pageSize":10,"newPassword":"x","__proto__":{"admin":true}}');
    const out = snakeKeys<Record<string, unknown>>(input);
    expect(out).toEqual({ current_page: 1, page_size: 10, new_password: 'x' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('sends query keys in snake_case and the body in snake_case', async () => {
    const f = fakeFetch(200, ok(null));
    const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
    await client.get('/api/sys-vars', { query: { currentPage: 1, pageSize: 10 } });
    await client.patch('/api/users/chpw', { body: { currentPassword: 'a', newPassword: 'b' } });
    expect(new URL(f.calls[0]!.url).search).toBe('?current_page=1&page_size=10');
    expect(await f.calls[1]!.json()).toEqual({ current_password: 'a', new_password: 'b' });
  });

  it('returns the camelCased result', async () => {
    const f = fakeFetch(200, ok({ phone_verify: false, page_count: 1 }));
    const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
    expect(await client.get('/x')).toEqual({ phoneVerify: false, pageCount: 1 });
  });
});

describe('retry policy', () => {
  for (const status of RETRIED) {
    it(`GET on ${status} is sent twice; POST, PUT, PATCH, DELETE once`, async () => {
      for (const method of METHODS) {
        const f = fakeFetch(status, { status: false, message: 'busy' });
        const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
        await expect(client[method]('/x')).rejects.toBeInstanceOf(ApiClientError);
        expect(f.calls.length, `${method} ${status}`).toBe(method === 'get' ? 2 : 1);
      }
    });
  }

  for (const status of [400, 401, 404, 422]) {
    it(`GET on ${status} is not retried`, async () => {
      const f = fakeFetch(status, { status: false, message: 'no' });
      const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
      await expect(client.get('/x')).rejects.toThrow('no');
      expect(f.calls.length).toBe(1);
    });
  }
});

describe('envelope errors', () => {
  it('throws the message, code, status and camelCased field errors of a failure envelope', async () => {
    const f = fakeFetch(400, {
      status: false,
      message: 'fix fields',
      code: 'VALIDATION_FAILED',
      errors: { new_password: 'too short' },
    });
    const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
    const err = await client.patch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({
      message: 'fix fields',
      code: 'VALIDATION_FAILED',
      status: 400,
      fields: { newPassword: 'too short' },
    });
  });

  it('throws the message of a 200 answer whose status is falsy', async () => {
    const f = fakeFetch(200, { status: false, message: 'refused', result: null });
    const client = createApiClient({ baseURL: 'http://shop.test', fetch: f.fetch });
    await expect(client.get('/x')).rejects.toThrow('refused');
  });

  it("throws 'unexpected error' when the failure has no message", async () => {
    for (const [status, body] of [
      [200, { status: 0 }],
      [500, { status: false }],
      [502, 'Bad gateway'],
    ] as const) {
      const client = createApiClient({ baseURL: 'http://shop.test', fetch: fakeFetch(status, body).fetch });
      await expect(client.get('/x')).rejects.toThrow(UNEXPECTED_ERROR);
    }
  });

  it('reports every failure to onError unless silent, and each request start and end to onActivity', async () => {
    const reported: string[] = [];
    const activity: string[] = [];
    const client = createApiClient({
      baseURL: 'http://shop.test',
      fetch: fakeFetch(422, { status: false, message: 'wrong code' }).fetch,
      onError: (e) => reported.push(e.message),
      onActivity: (e) => activity.push(e),
    });
    await client.patch('/x').catch(() => {});
    await client.patch('/x', { silent: true }).catch(() => {});
    expect(reported).toEqual(['wrong code']);
    expect(activity).toEqual(['start', 'failure', 'start', 'failure']);
  });

  it('sends the bearer token and the language when they exist', async () => {
    const f = fakeFetch(200, ok(1));
    let token: string | undefined;
    const client = createApiClient({
      baseURL: 'http://shop.test',
      fetch: f.fetch,
      getToken: () => token,
      getLocale: () => 'en',
    });
    await client.get('/x');
    token = 'abc';
    await client.get('/x');
    expect(f.calls[0]!.headers.get('authorization')).toBeNull();
    expect(f.calls[1]!.headers.get('authorization')).toBe('Bearer abc');
    expect(f.calls[1]!.headers.get('accept-language')).toBe('en');
  });
});
