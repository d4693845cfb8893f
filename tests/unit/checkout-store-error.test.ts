import { describe, expect, it } from 'vitest';
import { storeErrorKey } from '../../src/features/checkout/store-error.ts';
import { t } from '../../src/lib/i18n/messages/index.ts';

describe('the store map’s refusal on the checkout page', () => {
  it('names a message in both languages for each problem the shop reports', () => {
    for (const problem of ['ticket', 'reply', 'text', 'store', 'lookup']) {
      const key = storeErrorKey(`?store_error=${problem}`);
      expect(key).toBe(`checkout.storeError.${problem}`);
      expect(t('zh-TW', key!)).not.toBe(key);
      expect(t('en', key!)).not.toBe(key);
    }
    expect(t('en', storeErrorKey('?store_error=text')!)).toContain('control characters');
  });

  it('reads an unknown problem as an unreadable answer, and no parameter as no refusal', () => {
    expect(storeErrorKey('?store_error=1')).toBe('checkout.storeError.reply');
    expect(storeErrorKey('?store_error=__proto__')).toBe('checkout.storeError.reply');
    expect(storeErrorKey('')).toBeNull();
    expect(storeErrorKey('?x=1')).toBeNull();
  });
});
