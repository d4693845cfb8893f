import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LAST_PAINT_MAX_AGE_MS, lastPaintScript, paintOwner } from '../../src/lib/runtime/last-paint.ts';

const NAMES = ['accessToken', 'cartToken'];

/** Runs the inline script against a page with `cookie` and `storage`; the markup it inserted, or null. */
function paintWith(cookie: string, storage: Record<string, string>, locale = 'zh-TW'): string | null {
  let inserted: { html: string; attrs: Record<string, string> } | null = null;
  const script = {
    after: (node: { innerHTML: string; attrs: Record<string, string> }) => {
      inserted = { html: node.innerHTML, attrs: node.attrs };
    },
  };
  const document = {
    cookie,
    currentScript: script,
    createElement: () => {
      const attrs: Record<string, string> = {};
      return { innerHTML: '', className: '', attrs, setAttribute: (k: string, v: string) => (attrs[k] = v) };
    },
  };
  const localStorage = { getItem: (k: string) => storage[k] ?? null };
  runInNewContext(lastPaintScript('cart', locale, 'cartCount', NAMES), { document, localStorage, Date, JSON, Math });
  const done = inserted as { html: string; attrs: Record<string, string> } | null;
  if (done) {
    expect(done.attrs.inert).toBe('');
    expect(done.attrs['aria-hidden']).toBe('true');
  }
  return done?.html ?? null;
}

const kept = (owner: string, over: Partial<Record<string, unknown>> = {}) =>
  JSON.stringify({ owner, locale: 'zh-TW', version: '2', at: Date.now(), html: '<p>兩件商品</p>', ...over });

describe('last paint', () => {
  const guest = 'cartToken=abc%2B123';
  const owner = paintOwner(guest, NAMES);

  it("names the owner by a hash of the member's token first, else the guest's cart token, never the token itself", () => {
    expect(owner).toMatch(/^cartToken:[0-9a-f]+$/);
    expect(owner).not.toContain('abc');
    expect(paintOwner(`${guest}; accessToken=tok`, NAMES)).toMatch(/^accessToken:/);
    expect(paintOwner(`${guest}; accessToken=tok`, NAMES)).not.toBe(paintOwner('accessToken=other', NAMES));
    expect(paintOwner('theme=dark', NAMES)).toBe('');
  });

  it("paints the shopper's own paint of the same version and language", () => {
    expect(paintWith(guest, { 'lastPaint:cart': kept(owner), cartCount: '2' })).toBe('<p>兩件商品</p>');
  });

  it('paints nothing for another shopper, another version, another language, an old paint or none', () => {
    expect(paintWith('cartToken=other', { 'lastPaint:cart': kept(owner), cartCount: '2' })).toBeNull();
    expect(paintWith('', { 'lastPaint:cart': kept(owner), cartCount: '2' })).toBeNull();
    expect(paintWith(guest, { 'lastPaint:cart': kept(owner), cartCount: '3' })).toBeNull();
    expect(paintWith(guest, { 'lastPaint:cart': kept(owner), cartCount: '2' }, 'en')).toBeNull();
    const old = kept(owner, { at: Date.now() - LAST_PAINT_MAX_AGE_MS - 1 });
    expect(paintWith(guest, { 'lastPaint:cart': old, cartCount: '2' })).toBeNull();
    expect(paintWith(guest, { cartCount: '2' })).toBeNull();
    expect(paintWith(guest, { 'lastPaint:cart': '{not json', cartCount: '2' })).toBeNull();
  });
});
