import type { Kysely } from 'kysely';
import { isOutlyingPlace } from '../../../lib/taiwan/outlying.ts';
import { CITIES } from '../../../lib/taiwan/regions.ts';
import { prng } from '../../common/prng.ts';
import type { Database } from '../../db/schema.ts';
import type { CvsBrand } from './cvs.ts';

/** A store of the map simulator (`sim_cvs_stores`). */
export interface SimStore {
  brand: CvsBrand;
  store_id: string;
  name: string;
  /** Official names (臺), for search. */
  city: string;
  district: string;
  /** As the carriers write it (台北市…), which the reply parser normalises. */
  address: string;
  telephone: string;
  outside: number;
}

const MUNICIPALITIES = new Set(['臺北市', '新北市', '桃園市', '臺中市', '臺南市', '高雄市']);
const AREA_CODES: Record<string, [string, number]> = {
  臺北市: ['02', 8],
  基隆市: ['02', 8],
  新北市: ['02', 8],
  宜蘭縣: ['03', 7],
  新竹市: ['03', 7],
  新竹縣: ['03', 7],
  桃園市: ['03', 7],
  苗栗縣: ['037', 6],
  臺中市: ['04', 8],
  彰化縣: ['04', 7],
  南投縣: ['049', 7],
  嘉義市: ['05', 7],
  嘉義縣: ['05', 7],
  雲林縣: ['05', 7],
  臺南市: ['06', 7],
  高雄市: ['07', 7],
  澎湖縣: ['06', 7],
  屏東縣: ['08', 7],
  臺東縣: ['089', 6],
  花蓮縣: ['03', 7],
  金門縣: ['082', 6],
  連江縣: ['0836', 5],
};
const STREETS = [
  '中正路',
  '中山路',
  '民生路',
  '民權路',
  '復興路',
  '光復路',
  '和平路',
  '信義路',
  '成功路',
  '自由路',
  '建國路',
  '文化路',
];
const WORDS = ['新', '興', '福', '和', '安', '勝', '華', '欣', '鑫', '美', '富', '德', '昌', '旺', '嘉', '樂'];
const BRANDS: readonly CvsBrand[] = ['UNIMART', 'FAMI', 'HILIFE', 'OKMART'];
const ID_DIGITS: Record<CvsBrand, number> = { UNIMART: 6, FAMI: 6, HILIFE: 4, OKMART: 4 };

/**
 * A few hundred made-up stores, the same on every run: every city and county, real districts,
 * the four chains in turn (more stores in the six municipalities).
 */
export function simStores(): SimStore[] {
  const rand = prng(20_261_123);
  const stores: SimStore[] = [];
  const seq: Record<CvsBrand, number> = { UNIMART: 0, FAMI: 0, HILIFE: 0, OKMART: 0 };
  const names = new Set<string>();
  for (const city of CITIES) {
    const count = MUNICIPALITIES.has(city.zh) ? 24 : 12;
    for (let i = 0; i < count; i++) {
      const brand = BRANDS[stores.length % BRANDS.length]!;
      const district = rand.pick(city.districts);
      const stem = district.zh.length > 2 ? district.zh.slice(0, -1) : district.zh;
      let name = `${stem}${rand.pick(WORDS)}門市`;
      while (names.has(`${brand}${name}`)) name = `${stem}${rand.pick(WORDS)}${rand.pick(WORDS)}門市`;
      names.add(`${brand}${name}`);
      seq[brand] += 1;
      const digits = ID_DIGITS[brand];
      const storeId = String(10 ** (digits - 1) + seq[brand] * 7).padStart(digits, '0');
      const [area, len] = AREA_CODES[city.zh] ?? ['02', 8];
      const local = String(rand.int(2 * 10 ** (len - 1), 10 ** len - 1));
      const number = len >= 7 ? `${local.slice(0, len - 4)}-${local.slice(len - 4)}` : local;
      const street = rand.pick(STREETS);
      const section = rand.chance(0.3) ? `${rand.int(1, 3)}段` : '';
      stores.push({
        brand,
        store_id: storeId,
        name,
        city: city.zh,
        district: district.zh,
        address: `${city.zh.replace('臺', '台')}${district.zh}${street}${section}${rand.int(1, 399)}號`,
        telephone: `${area}-${number}`,
        outside: isOutlyingPlace(city.zh, district.zh) ? 1 : 0,
      });
    }
  }
  return stores;
}

/** The simulator's store of `brand` with this ID, from its store list (`sim_cvs_stores`). */
export function simStoreOf(k: Kysely<Database>, brand: CvsBrand, storeId: string) {
  return k
    .selectFrom('sim_cvs_stores')
    .select(['name', 'address', 'telephone'])
    .where('brand', '=', brand)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
}
