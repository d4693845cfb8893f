import { afterEach, describe, expect, it } from 'vitest';
import { readCookieSoon } from '../../src/lib/runtime/cookies.ts';

/** A document whose cookie string counts its reads (each a synchronous call to the browser in a real one). */
function fakeDocument(cookie: string): { reads: number } {
  const seen = { reads: 0 };
  Object.defineProperty(globalThis, 'document', {
    configurable: true,
    value: {
      get cookie() {
        seen.reads++;
        return cookie;
      },
    },
  });
  return seen;
}

function fakeCookieStore(cookies: Record<string, string>): void {
  Object.defineProperty(globalThis, 'cookieStore', {
    configurable: true,
    value: { get: async (name: string) => (name in cookies ? { name, value: cookies[name] } : null) },
  });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
  Reflect.deleteProperty(globalThis, 'cookieStore');
});

describe('readCookieSoon', () => {
  it('reads from the Cookie Store where the browser has it, never document.cookie, decoded as js-cookie writes it', async () => {
    const doc = fakeDocument('userInfo=%7B%22phoneVerify%22%3Afalse%7D');
    fakeCookieStore({ userInfo: '%7B%22phoneVerify%22%3Afalse%7D', token: 'abc' });
    expect(await readCookieSoon('userInfo')).toBe('{"phoneVerify":false}');
    expect(await readCookieSoon('token')).toBe('abc');
    expect(await readCookieSoon('cart')).toBeUndefined();
    expect(doc.reads).toBe(0);
  });

  it('reads document.cookie where there is no Cookie Store, or it refuses', async () => {
    const doc = fakeDocument('token=abc; userInfo=%7B%22a%22%3A1%7D');
    expect(await readCookieSoon('userInfo')).toBe('{"a":1}');
    Object.defineProperty(globalThis, 'cookieStore', {
      configurable: true,
      value: { get: () => Promise.reject(new TypeError('insecure context')) },
    });
    expect(await readCookieSoon('token')).toBe('abc');
    expect(doc.reads).toBeGreaterThan(0);
  });

  it('reads nothing outside a browser', async () => {
    expect(await readCookieSoon('token')).toBeUndefined();
  });
});
