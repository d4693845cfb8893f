import { describe, expect, it } from 'vitest';
import { currentYear, formatDate, formatDateTime, formatPrice, isoDateInTaipei } from '../../src/lib/i18n/format.ts';
import { localeOfPath, localePath, neutralPath, otherLocale } from '../../src/lib/i18n/locale.ts';
import { MESSAGES } from '../../src/lib/i18n/messages/all.ts';
import { t } from '../../src/lib/i18n/messages/index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  const zh = MESSAGES['zh-TW'] as Record<string, string>;
  const en = MESSAGES.en as Record<string, string>;

  it('have the same keys in zh-TW and en', () => {
    const missingInEn = Object.keys(zh).filter((k) => !(k in en));
    const missingInZh = Object.keys(en).filter((k) => !(k in zh));
    expect({ missingInEn, missingInZh }).toEqual({ missingInEn: [], missingInZh: [] });
  });

  it('are never empty and use the same placeholders in both locales', () => {
    for (const key of Object.keys(zh)) {
      expect(zh[key]?.trim(), key).toBeTruthy();
      expect(en[key]?.trim(), key).toBeTruthy();
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(zh[key] ?? ''));
    }
  });

  it('fill placeholders and keep unknown ones', () => {
    expect(t('en', 'error.notFound', { path: '/x' })).toBe('Page not found: /x');
    expect(t('zh-TW', 'error.notFound', { path: '/x' })).toBe('找不到頁面：/x');
    expect(t('en', 'listing.count', {})).toBe('{count} products');
  });

  it('say the spec’s no-data and error texts', () => {
    expect(t('zh-TW', 'noData.message')).toBe('找不到符合搜尋條件的商品');
    expect(t('en', 'noData.message')).toBe('We could not find any item matching your search');
    expect(t('zh-TW', 'error.notExist')).toBe('頁面不存在');
  });
});

describe('formatting', () => {
  it('writes NT$ with thousands separators, whole dollars', () => {
    expect(formatPrice(0)).toBe('NT$0');
    expect(formatPrice(990)).toBe('NT$990');
    expect(formatPrice(1234)).toBe('NT$1,234');
    expect(formatPrice(1234567)).toBe('NT$1,234,567');
    expect(formatPrice(1234.6)).toBe('NT$1,235');
    expect(formatPrice(-500)).toBe('-NT$500');
  });

  it('groups digits as Intl does, for amounts of every length', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (let digits = 1; digits <= 12; digits++)
      for (const lead of [1, 5, 9]) {
        const n = Number(`${lead}${'7'.repeat(digits - 1)}`);
        expect(formatPrice(n)).toBe(`NT$${intl.format(n)}`);
        expect(formatPrice(-n - 0.4)).toBe(`-NT$${intl.format(n)}`);
      }
  });

  it('writes dates in Asia/Taipei (UTC+8), also across midnight', () => {
    // 16:30 UTC on 31 October is 00:30 on 1 November in Taipei.
    const iso = '2026-10-31T16:30:00.000Z';
    expect(formatDate(iso, 'zh-TW')).toBe('2026年11月1日');
    expect(formatDate(iso, 'en')).toBe('Nov 1, 2026');
    expect(formatDateTime(iso, 'zh-TW')).toBe('2026年11月1日 00:30');
    expect(isoDateInTaipei(iso)).toBe('2026-11-01');
    expect(formatDate('2026-01-15T03:00:00.000Z', 'en')).toBe('Jan 15, 2026');
  });
});

describe('locale paths', () => {
  it('put English under /en and keep zh-TW at the root', () => {
    expect(localePath('zh-TW', '/about')).toBe('/about');
    expect(localePath('en', '/about')).toBe('/en/about');
    expect(localePath('en', '/')).toBe('/en/');
    expect(localePath('en', '/search?q=a')).toBe('/en/search?q=a');
  });

  it('read the locale and the neutral path back from a URL path', () => {
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/brands/sony')).toBe('en');
    expect(localeOfPath('/english')).toBe('zh-TW');
    expect(neutralPath('/en/')).toBe('/');
    expect(neutralPath('/en/brands/sony/')).toBe('/brands/sony');
    expect(neutralPath('/about')).toBe('/about');
    expect(otherLocale('en')).toBe('zh-TW');
  });
});

describe('currentYear', () => {
  it('is the year in Taipei, which starts eight hours before it does in UTC', () => {
    expect(currentYear(new Date('2026-12-31T15:59:59Z'))).toBe('2026');
    expect(currentYear(new Date('2026-12-31T16:00:00Z'))).toBe('2027');
  });
});
