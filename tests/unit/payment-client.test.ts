import { afterEach, describe, expect, it } from 'vitest';
import { orderRefOf, recallOrderKey, rememberOrderKey } from '../../src/lib/api/payment.ts';

/** A Storage with the browser's semantics, for the node test environment. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem(k: string) {
    return this.#items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.#items.set(k, String(v));
  }
  removeItem(k: string) {
    this.#items.delete(k);
  }
}

const g = globalThis as { sessionStorage?: unknown };
afterEach(() => {
  delete g.sessionStorage;
});

describe('orderRefOf', () => {
  it('reads the order number and a well-formed guest key', () => {
    expect(orderRefOf('?no=20261121-ABCDEFG&key=abcdefghijklmnopqrstuv')).toEqual({
      no: '20261121-ABCDEFG',
      key: 'abcdefghijklmnopqrstuv',
    });
    expect(orderRefOf('?no=20261121-ABCDEFG&key=bad key')).toEqual({ no: '20261121-ABCDEFG' });
  });

  it('refuses a missing or malformed number', () => {
    expect(orderRefOf('')).toBeNull();
    expect(orderRefOf('?no=<script>')).toBeNull();
    expect(orderRefOf(`?no=${'1'.repeat(41)}`)).toBeNull();
  });
});

describe('the guest key kept across the cashier', () => {
  it('comes back for the same order only', () => {
    g.sessionStorage = new MemoryStorage();
    rememberOrderKey('20261121-ABCDEFG', 'abcdefghijklmnopqrstuv');
    expect(recallOrderKey('20261121-ABCDEFG')).toBe('abcdefghijklmnopqrstuv');
    expect(recallOrderKey('20261121-HJKLMNP')).toBeUndefined();
  });

  it('is ignored when tampered with, and never throws without storage', () => {
    g.sessionStorage = new MemoryStorage();
    (g.sessionStorage as MemoryStorage).setItem('orderKey:20261121-ABCDEFG', '"><img>');
    expect(recallOrderKey('20261121-ABCDEFG')).toBeUndefined();
    delete g.sessionStorage;
    expect(() => rememberOrderKey('20261121-ABCDEFG', 'abcdefghijklmnopqrstuv')).not.toThrow();
    expect(recallOrderKey('20261121-ABCDEFG')).toBeUndefined();
  });
});
