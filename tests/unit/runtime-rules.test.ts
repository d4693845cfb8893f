import { describe, expect, it } from 'vitest';
import { COOKIE, PREFETCH_MAX_CONCURRENT, RELOAD_GUARD_MS } from '../../src/config.ts';
import { isChunkLoadError } from '../../src/lib/runtime/chunk-errors.ts';
import {
  cookieMember,
  guardTarget,
  middlewareFor,
  resolveMiddleware,
  ticketFresh,
} from '../../src/lib/runtime/guards.ts';
import { headGuardScript } from '../../src/lib/runtime/head-guard.ts';
import { createQueue, prefetchAllowed } from '../../src/lib/runtime/prefetch.ts';
import { recordVisit } from '../../src/lib/runtime/record-page.ts';
import { allowReload } from '../../src/lib/runtime/reload-guard.ts';
import { PageError, validateRoute } from '../../src/lib/runtime/route-errors.ts';
import { isRecordable, routeName, safeReturnPath } from '../../src/lib/runtime/routes.ts';
import { installFakeBrowser } from './support/fake-browser.ts';

const PATHS = { login: '/login', member: '/member/profile' };

describe('recorded page', () => {
  it('records every page but the sign-in ones, in both locales', () => {
    for (const p of ['/', '/brands/sony', '/member/orders', '/en/', '/en/cart', '/member/phone-Verification'])
      expect(isRecordable(p), p).toBe(true);
    for (const p of [
      '/login',
      '/reset-password',
      '/sign-up',
      '/register',
      '/forgot-password',
      '/en/login',
      '/en/sign-up/',
    ])
      expect(isRecordable(p), p).toBe(false);
  });

  it('names routes like the spec: member and member-*', () => {
    expect(routeName('/en/member/orders/A1')).toBe('member-orders-slug');
    expect(routeName('/member')).toBe('member');
    expect(routeName('/en')).toBe('index');
  });

  it('writes the return page cookie (path and query) with the auth attributes', () => {
    const browser = installFakeBrowser('https://shop.test/brands/sony?page=2');
    try {
      expect(recordVisit()).toBe(true);
      const c = browser.jar.get(COOKIE.recordPage);
      expect(decodeURIComponent(c!.value)).toBe('/brands/sony?page=2');
      expect(c!.attributes).toMatchObject({ path: '/', samesite: 'Lax', secure: true });
      browser.go('/login');
      expect(recordVisit()).toBe(false);
      expect(decodeURIComponent(browser.jar.get(COOKIE.recordPage)!.value)).toBe('/brands/sony?page=2');
    } finally {
      browser.uninstall();
    }
  });

  it('only ever returns to a path on this site', () => {
    expect(safeReturnPath('/member/orders?x=1')).toBe('/member/orders?x=1');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'member', '', '/a b', undefined])
      expect(safeReturnPath(bad), String(bad)).toBeUndefined();
  });
});

describe('route middleware', () => {
  it('throws for an unknown middleware name', () => {
    expect(resolveMiddleware('member')).toBe('member');
    expect(() => resolveMiddleware('admin')).toThrow('Unknown route middleware');
  });

  it('maps routes to their middleware (spec section 6)', () => {
    expect(middlewareFor('/en/member/profile')).toBe('member');
    expect(middlewareFor('/reset-password')).toBe('reset');
    expect(middlewareFor('/en/forgot-password')).toBe('guest');
    expect(middlewareFor('/register')).toBe('guest');
    expect(middlewareFor('/cart')).toBeNull();
  });

  it('sends guests to login, members away from guest pages, and lets a fresh ticket through', () => {
    expect(guardTarget('member', false, false, PATHS)).toBe('/login');
    expect(guardTarget('member', true, false, PATHS)).toBeNull();
    expect(guardTarget('guest', true, false, PATHS)).toBe('/member/profile');
    expect(guardTarget('guest', false, false, PATHS)).toBeNull();
    expect(guardTarget('reset', false, false, PATHS)).toBe('/login');
    expect(guardTarget('reset', false, true, PATHS)).toBeNull();
    expect(guardTarget('reset', true, false, PATHS)).toBeNull();
  });

  it('reads membership from both cookies and ticket freshness from its expiry', () => {
    const names = { token: 'accessToken', user: 'userInfo' };
    expect(cookieMember('accessToken=abc; userInfo=%7B%7D', names)).toBe(true);
    expect(cookieMember('accessToken=abc', names)).toBe(false);
    expect(cookieMember('xaccessToken=abc; userInfo=1', names)).toBe(false);
    expect(ticketFresh(JSON.stringify({ ticket: 't', expiresAt: 2_000 }), 1_000)).toBe(true);
    expect(ticketFresh(JSON.stringify({ ticket: 't', expiresAt: 2_000 }), 2_000)).toBe(false);
    expect(ticketFresh('{not json', 0)).toBe(false);
    expect(ticketFresh(null, 0)).toBe(false);
  });

  it('the inline head script hides the page and leaves; it records a member page first', () => {
    const browser = installFakeBrowser('http://shop.test/en/member/orders?p=2');
    const html = { style: {} as Record<string, string> };
    Object.assign(globalThis.document, { documentElement: html });
    try {
      new Function(headGuardScript('member', 'en'))();
      expect(browser.assigned).toEqual(['/en/login']);
      expect(html.style.display).toBe('none');
      expect(decodeURIComponent(browser.jar.get(COOKIE.recordPage)!.value)).toBe('/en/member/orders?p=2');

      browser.assigned.length = 0;
      html.style = {};
      browser.setCookie('accessToken', 'abcdefghijklmnopqrstuv');
      browser.setCookie('userInfo', '{}');
      new Function(headGuardScript('member', 'en'))();
      expect(browser.assigned).toEqual([]);
      expect(html.style.display).toBeUndefined();
      new Function(headGuardScript('guest', 'zh-TW'))();
      expect(browser.assigned).toEqual(['/member/profile']);
    } finally {
      browser.uninstall();
    }
  });
});

describe('reload guard', () => {
  it('reloads a path at most once within 10 s', () => {
    const first = allowReload('/brands', 1_000, null);
    expect(first).not.toBeNull();
    expect(allowReload('/brands', 1_000 + RELOAD_GUARD_MS - 1, first)).toBeNull();
    expect(allowReload('/brands', 1_000 + RELOAD_GUARD_MS, first)).not.toBeNull();
    expect(allowReload('/articles', 1_500, first)).not.toBeNull();
    expect(allowReload('/brands', 1_500, 'garbage')).not.toBeNull();
  });

  it('recognises chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('route validation', () => {
  it('a failed validate rule is a 404 naming the full path', () => {
    expect(validateRoute('/member/orders/A1', { slug: 'A1' }, (p) => /^\w+$/.test(p.slug))).toEqual({ slug: 'A1' });
    const err = (() => {
      try {
        validateRoute('/member/orders/%3C', { slug: '<' }, () => false);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(PageError);
    expect(err).toMatchObject({ statusCode: 404, message: 'Page Not Found: /member/orders/%3C' });
  });
});

describe('prefetching', () => {
  it('runs at most 5 downloads at once and starts the next when one ends', async () => {
    const queue = createQueue(PREFETCH_MAX_CONCURRENT);
    const finish: (() => void)[] = [];
    let started = 0;
    for (let i = 0; i < 8; i++)
      queue.push(() => {
        started++;
        return new Promise<void>((done) => finish.push(done));
      });
    expect(started).toBe(5);
    expect(queue.running).toBe(5);
    finish.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toBe(6);
  });

  it('is skipped for data savers and slow connections', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
  });
});
