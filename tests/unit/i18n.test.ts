import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { setDateLocale } from '../../src/lib/i18n/date-language.ts';
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

describe('dates in Asia/Taipei, whatever zone the process runs in', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const taipei = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const taipeiMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Taipei', month: 'short' });
  /** What each function must say at `ms`, from Intl's own Asia/Taipei. */
  function expected(ms: number) {
    const p = Object.fromEntries(taipei.formatToParts(ms).map((x) => [x.type, x.value]));
    const [y, m, d, hm] = [p.year, p.month, p.day, `${p.hour}:${p.minute}`];
    const mon = taipeiMonth.format(ms);
    return {
      zhDate: `${y}年${m}月${d}日`,
      enDate: `${mon} ${d}, ${y}`,
      zhDateTime: `${y}年${m}月${d}日 ${hm}`,
      enDateTime: `${mon} ${d}, ${y} ${hm}`,
      iso: `${y}-${m?.padStart(2, '0')}-${d?.padStart(2, '0')}`,
    };
  }
  function actual(ms: number, i: number) {
    // The three shapes callers pass: epoch milliseconds, an ISO string, a Date.
    const at = [ms, new Date(ms).toISOString(), new Date(ms)][i % 3] as number | string | Date;
    return {
      zhDate: formatDate(at, 'zh-TW'),
      enDate: formatDate(at, 'en'),
      zhDateTime: formatDateTime(at, 'zh-TW'),
      enDateTime: formatDateTime(at, 'en'),
      iso: isoDateInTaipei(at),
    };
  }

  /** Around Taipei midnight on a spread of days, 2025–2035: just before, at and just after it. */
  const aroundMidnight: number[] = [];
  for (let month = 0; month < 11 * 12; month++) {
    const midnight = Date.UTC(2025, month, 1 + ((month * 7) % 28)) - 8 * HOUR;
    for (const d of [-HOUR, -60_000, -1, 0, 1, 60_000, HOUR]) aroundMidnight.push(midnight + d);
  }
  /**
   * Every 15 minutes over the three days around each change of the process zone's UTC offset,
   * 2025–2035: where reading Taipei's wall clock through the local zone goes wrong.
   */
  function aroundOffsetChanges(): number[] {
    const out: number[] = [];
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2036, 0, 1); day += DAY) {
      if (new Date(day).getTimezoneOffset() === new Date(day + DAY).getTimezoneOffset()) continue;
      for (let ms = day - DAY; ms < day + 2 * DAY; ms += 15 * 60_000) out.push(ms);
    }
    return out;
  }

  const zoneAtStart = process.env.TZ;
  afterEach(() => {
    if (zoneAtStart === undefined) delete process.env.TZ;
    else process.env.TZ = zoneAtStart;
  });

  // Far from Taipei on both sides, with and without daylight saving (New York, London, Chatham's
  // 45-minute steps, Lord Howe's half-hour one, St John's at -3:30), and Taipei itself.
  it.each([
    'UTC',
    'America/Los_Angeles',
    'America/New_York',
    'America/St_Johns',
    'Europe/London',
    'Pacific/Pago_Pago',
    'Pacific/Kiritimati',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'Asia/Taipei',
  ])('%s', (zone) => {
    process.env.TZ = zone;
    // The process really is in that zone now (Node rereads TZ when it is set).
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    const changes = aroundOffsetChanges();
    if (!['UTC', 'Pacific/Pago_Pago', 'Pacific/Kiritimati', 'Asia/Taipei'].includes(zone))
      expect(changes.length).toBeGreaterThan(1000);
    const stamps = [...aroundMidnight, ...changes];
    const wrong = stamps
      .map((ms, i) => ({ at: new Date(ms).toISOString(), got: actual(ms, i), want: expected(ms) }))
      .filter((r) => JSON.stringify(r.got) !== JSON.stringify(r.want));
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('say the same whichever date language is set (zh-TW dates are digits only)', () => {
    const ms = Date.UTC(2027, 8, 30, 16, 5);
    const at = [ms, ms - 1, ms + 12 * HOUR];
    setDateLocale('en');
    const inEn = at.map((x, i) => actual(x, i));
    setDateLocale('zh-TW');
    const inZh = at.map((x, i) => actual(x, i));
    setDateLocale('en');
    expect(inZh).toEqual(inEn);
    expect(inEn[0]).toEqual({
      zhDate: '2027年10月1日',
      enDate: 'Oct 1, 2027',
      zhDateTime: '2027年10月1日 00:05',
      enDateTime: 'Oct 1, 2027 00:05',
      iso: '2027-10-01',
    });
  });

  it('need neither the timezone plugin nor zh-tw locale data loaded with them', () => {
    const source = readFileSync(new URL('../../src/lib/i18n/format.ts', import.meta.url), 'utf8');
    const staticImports = [...source.matchAll(/^import [^;]*?'([^']+)';/gms)].map((m) => m[1]);
    expect(staticImports.filter((i) => /dayjs\/(locale|plugin\/timezone)/.test(i ?? ''))).toEqual([]);
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
