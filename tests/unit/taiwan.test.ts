import { describe, expect, it } from 'vitest';
import {
  canonicalPlaceName,
  formatMobile,
  isLandline,
  isMobile,
  loadRegions,
  mobileToE164,
  normalizePhone,
  toMobile,
} from '../../src/lib/taiwan/index.ts';
import { CITIES, districtsOf, findCity, findDistrict, zipFor } from '../../src/lib/taiwan/regions.ts';

describe('mobile numbers', () => {
  it.each(['0912345678', '0987654321', '0900000000'])('accepts %s', (n) => {
    expect(isMobile(n)).toBe(true);
    expect(toMobile(n)).toBe(n);
  });

  it.each([
    '',
    '091234567',
    '09123456789',
    '0812345678',
    '1912345678',
    '09-1234-567a',
    'abcdefghij',
    '+886212345678',
    '+1 912 345 678',
    '0223456789',
  ])('rejects %j', (n) => {
    expect(isMobile(n)).toBe(false);
    expect(toMobile(n)).toBeNull();
  });

  it.each([
    ['+886912345678', '0912345678'],
    ['+886 912 345 678', '0912345678'],
    ['+886-912-345-678', '0912345678'],
    ['+886 0912 345 678', '0912345678'],
    ['886912345678', '0912345678'],
    ['00886912345678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['0912 345 678', '0912345678'],
    ['(0912) 345.678', '0912345678'],
    ['０９１２３４５６７８', '0912345678'],
  ])('normalizes %j to %s', (raw, want) => {
    expect(toMobile(raw)).toBe(want);
  });

  it('formats for display and for gateways', () => {
    expect(formatMobile('0912345678')).toBe('0912-345-678');
    expect(formatMobile('12345')).toBe('12345');
    expect(mobileToE164('0912345678')).toBe('+886912345678');
  });
});

describe('landline numbers', () => {
  it.each(['02-2345-6789', '(02) 2345 6789', '+886 2 2345 6789', '04-2234-5678', '07-123-4567', '089-123456'])(
    'accepts %j',
    (n) => {
      expect(isLandline(n)).toBe(true);
    },
  );

  it.each(['0912345678', '02-234', '12-2345-6789', '02-2345-67890', ''])('rejects %j', (n) => {
    expect(isLandline(n)).toBe(false);
  });

  it('normalizes the country code to the trunk 0', () => {
    expect(normalizePhone('+886 2 2345 6789')).toBe('0223456789');
  });
});

describe('region table', () => {
  it('has the 22 cities in customary order, Lienchiang included', () => {
    expect(CITIES).toHaveLength(22);
    expect(CITIES.map((c) => c.zh)).toEqual([
      '臺北市',
      '基隆市',
      '新北市',
      '宜蘭縣',
      '新竹市',
      '新竹縣',
      '桃園市',
      '苗栗縣',
      '臺中市',
      '彰化縣',
      '南投縣',
      '嘉義市',
      '嘉義縣',
      '雲林縣',
      '臺南市',
      '高雄市',
      '澎湖縣',
      '屏東縣',
      '臺東縣',
      '花蓮縣',
      '金門縣',
      '連江縣',
    ]);
    const lienchiang = findCity('連江縣');
    expect(lienchiang).toMatchObject({ code: 'LIE', en: 'Lienchiang County' });
    expect(lienchiang?.districts.map((d) => d.zh)).toEqual(['南竿鄉', '北竿鄉', '莒光鄉', '東引鄉']);
  });

  it('gives every city districts with 3-digit zips and unique names, 371 in all', () => {
    let total = 0;
    for (const city of CITIES) {
      expect(city.code).toMatch(/^[A-Z]{3}$/);
      expect(city.districts.length).toBeGreaterThan(0);
      expect(new Set(city.districts.map((d) => d.zh)).size).toBe(city.districts.length);
      for (const d of city.districts) {
        expect(d.zip).toMatch(/^\d{3}$/);
        expect(d.en).toMatch(/^[A-Za-z' ]+$/);
      }
      total += city.districts.length;
    }
    expect(total).toBe(371);
    expect(new Set(CITIES.map((c) => c.code)).size).toBe(22);
  });

  it('finds the zip by city and district, written with 臺 or 台', () => {
    expect(zipFor('臺北市', '大安區')).toBe('106');
    expect(zipFor('台北市', '大安區')).toBe('106');
    expect(zipFor('臺中市', '大安區')).toBe('439');
    expect(zipFor('台中市', '大安區')).toBe('439');
    expect(zipFor('臺東縣', '臺東市')).toBe('950');
    expect(zipFor('台東縣', '台東市')).toBe('950');
    expect(zipFor('雲林縣', '台西鄉')).toBe('636');
    expect(zipFor('屏東縣', '霧台鄉')).toBe('902');
    expect(zipFor('連江縣', '南竿鄉')).toBe('209');
    expect(zipFor('新竹市', '香山區')).toBe('300');
    expect(zipFor(' 高雄市 ', '那瑪夏區')).toBe('849');
  });

  it('finds cities and districts by English name and city code too', () => {
    expect(zipFor('Taipei City', "Da'an District")).toBe('106');
    expect(zipFor('taipei city', 'Da’an district')).toBe('106');
    expect(zipFor('TPE', 'Datong District')).toBe('103');
    expect(findCity('Hsinchu County')?.zh).toBe('新竹縣');
    expect(findDistrict('台北市', 'Wanhua District')?.zh).toBe('萬華區');
  });

  it('answers empty when either the city or the district is missing or unknown', () => {
    expect(zipFor('', '大安區')).toBe('');
    expect(zipFor('臺北市', '')).toBe('');
    expect(zipFor(undefined, undefined)).toBe('');
    expect(zipFor(null, '大安區')).toBe('');
    expect(zipFor('臺北市', null)).toBe('');
    expect(zipFor('火星市', '大安區')).toBe('');
    expect(zipFor('臺北市', '不存在區')).toBe('');
    expect(zipFor('臺北市', '香山區')).toBe('');
  });

  it('lists the districts of a city, empty for an unknown one', () => {
    expect(districtsOf('台北市')).toHaveLength(12);
    expect(districtsOf('新北市')).toHaveLength(29);
    expect(districtsOf('nowhere')).toEqual([]);
    expect(districtsOf(undefined)).toEqual([]);
  });

  it('stores one form of 臺 and loads lazily through the index', async () => {
    expect(canonicalPlaceName(' 台南市 ')).toBe('臺南市');
    const mod = await loadRegions();
    expect(mod.CITIES).toBe(CITIES);
  });
});
