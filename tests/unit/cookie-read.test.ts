import { afterEach, describe, expect, it } from 'vitest';
import { bootWishlist } from '../../src/features/wishlist/boot.ts';
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
  for (const name of ['document', 'cookieStore', 'window', 'localStorage']) Reflect.deleteProperty(globalThis, name);
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

describe("the hearts' start on a card grid", () => {
  /** A document with the hearts' mark (Hearts.astro) or without it; its listeners and cookie reads counted. */
  function fakeGridDocument(marked: boolean): { reads: number; listeners: string[] } {
    const seen = { reads: 0, listeners: [] as string[] };
    Object.defineProperty(globalThis, 'document', {
      configurable: true,
      value: {
        get cookie() {
          seen.reads++;
          return '';
        },
        addEventListener: (type: string) => seen.listeners.push(type),
        querySelector: (selector: string) => (marked && selector === '[data-hearts]' ? {} : null),
        querySelectorAll: () => [],
      },
    });
    Object.defineProperty(globalThis, 'window', { configurable: true, value: {} });
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: () => null } });
    return seen;
  }

  it("asks the Cookie Store whether a member is signed in, and waits for the first tap of a visitor's heart", async () => {
    const seen = fakeGridDocument(true);
    fakeCookieStore({});
    bootWishlist();
    await expect.poll(() => seen.listeners).toEqual(['click']);
    expect(seen.reads).toBe(0);
  });

  it('does nothing on a page without hearts (the page runtime runs it on every page)', async () => {
    const seen = fakeGridDocument(false);
    let asked = 0;
    Object.defineProperty(globalThis, 'cookieStore', {
      configurable: true,
      value: {
        get: async () => {
          asked++;
          return null;
        },
      },
    });
    bootWishlist();
    await new Promise((r) => setTimeout(r, 20));
    expect({ listeners: seen.listeners, asked, reads: seen.reads }).toEqual({ listeners: [], asked: 0, reads: 0 });
  });
});
