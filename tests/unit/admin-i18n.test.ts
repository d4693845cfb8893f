import { describe, expect, it } from 'vitest';
import { at } from '../../src/features/admin/i18n.ts';
import { safeReturn } from '../../src/features/admin/paths.ts';
import { MESSAGES } from '../../src/lib/i18n/messages/all.ts';
import { adminEn } from '../../src/lib/i18n/messages/en/admin.ts';
import { adminZhTW } from '../../src/lib/i18n/messages/zh-TW/admin.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the console's messages", () => {
  const zh = adminZhTW as Record<string, string>;
  const en = adminEn as Record<string, string>;

  it('have the same keys, never empty, with the same placeholders in zh-TW and en', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const key of Object.keys(zh)) {
      expect(zh[key]?.trim(), key).toBeTruthy();
      expect(en[key]?.trim(), key).toBeTruthy();
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(zh[key] ?? ''));
    }
  });

  it('are not in the storefront locale files (which every storefront page loads)', () => {
    for (const locale of ['zh-TW', 'en'] as const)
      expect(Object.keys(MESSAGES[locale]).filter((k) => k.startsWith('admin.'))).toEqual([]);
  });

  it('fill placeholders in the locale asked', () => {
    expect(at('en', 'admin.order.title', { no: 'X1' })).toBe('Order X1');
    expect(at('zh-TW', 'admin.order.title', { no: 'X1' })).toBe('訂單 X1');
  });
});

describe('the sign-in return page', () => {
  it('is a console page of this site, else Today', () => {
    expect(safeReturn('en', '/en/admin/order?no=20261121-TAB')).toBe('/en/admin/order?no=20261121-TAB');
    expect(safeReturn('zh-TW', '/admin/catalog')).toBe('/admin/catalog');
    expect(safeReturn('zh-TW', '//evil.example/admin')).toBe('/admin');
    expect(safeReturn('en', 'https://evil.example/')).toBe('/en/admin');
    expect(safeReturn('zh-TW', '/member/profile')).toBe('/admin');
    expect(safeReturn('zh-TW', null)).toBe('/admin');
  });
});
