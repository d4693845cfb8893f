import type { Selectable } from 'kysely';
import { CITIES } from '../../../lib/taiwan/regions.ts';
import type { Msg } from '../../common/i18n.ts';
import type { SimCvsStoresTable } from '../../db/tables/simulators.ts';
import { SIMULATOR_PATHS } from '../ecpay/config.ts';
import { esc, hiddenInputs } from '../simulator-kit.ts';

/** Texts of the store-map simulator pages, in both languages. */
export const MAP_TEXT = {
  title: { zh: '選擇取貨門市', en: 'Choose a pickup store' },
  chain: { zh: '超商：{name}', en: 'Chain: {name}' },
  city: { zh: '縣市', en: 'City or county' },
  district: { zh: '鄉鎮市區', en: 'District' },
  allCities: { zh: '全部縣市', en: 'All cities and counties' },
  allDistricts: { zh: '全部鄉鎮市區', en: 'All districts' },
  query: { zh: '門市名稱或地址', en: 'Store name or address' },
  search: { zh: '搜尋門市', en: 'Search stores' },
  results: { zh: '搜尋結果', en: 'Results' },
  found: { zh: '找到 {count} 間門市（最多顯示 {max} 間）', en: '{count} stores found (showing up to {max})' },
  none: {
    zh: '沒有符合條件的門市，請換個縣市、鄉鎮市區或關鍵字。',
    en: 'No store matches. Try another city, district or word.',
  },
  choose: { zh: '選擇{name}', en: 'Choose {name}' },
  phone: { zh: '電話', en: 'Phone' },
  outlying: { zh: '離島門市', en: 'Outlying-island store' },
  sending: { zh: '正在將門市資料送回商店…', en: 'Sending the store back to the shop…' },
  continue: { zh: '繼續', en: 'Continue' },
  badRequest: { zh: '門市地圖的請求有誤', en: 'The store-map request is not valid' },
  badField: { zh: '欄位 {field} 不正確：{reason}', en: 'Field {field} is not valid: {reason}' },
  merchant: { zh: '特店編號與設定不符。', en: 'The merchant ID does not match the configured one.' },
  noStore: { zh: '找不到這間門市，請重新選擇。', en: 'That store was not found. Choose again.' },
  notForm: { zh: '請以表單 POST 送出。', en: 'Send it as a form POST.' },
} as const satisfies Record<string, Msg>;

type Say = (key: keyof typeof MAP_TEXT, params?: Record<string, string | number>) => string;

/** The search form: the map request rides along in hidden fields. */
export function searchForm(
  say: Say,
  request: Record<string, string>,
  filter: { city: string; district: string; q: string },
  en: boolean,
): string {
  const city = CITIES.find((x) => x.zh === filter.city);
  const cityOptions = CITIES.map(
    (x) => `<option value="${esc(x.zh)}"${x.zh === filter.city ? ' selected' : ''}>${esc(en ? x.en : x.zh)}</option>`,
  ).join('');
  const districtOptions = (city?.districts ?? [])
    .map(
      (d) =>
        `<option value="${esc(d.zh)}"${d.zh === filter.district ? ' selected' : ''}>${esc(en ? d.en : d.zh)}</option>`,
    )
    .join('');
  return `<form method="post" action="${SIMULATOR_PATHS.map}" role="search">${hiddenInputs(request)}
<label for="city">${esc(say('city'))}</label><select id="city" name="city"><option value="">${esc(say('allCities'))}</option>${cityOptions}</select>
<label for="district">${esc(say('district'))}</label><select id="district" name="district"${city ? '' : ' disabled'}><option value="">${esc(say('allDistricts'))}</option>${districtOptions}</select>
<label for="q">${esc(say('query'))}</label><input id="q" name="q" type="search" maxlength="30" value="${esc(filter.q)}">
<button type="submit">${esc(say('search'))}</button></form>`;
}

/** The result list; each store is a form that posts the choice with the request. */
export function storeList(
  say: Say,
  request: Record<string, string>,
  stores: Selectable<SimCvsStoresTable>[],
  total: number,
  max: number,
) {
  const heading = `<h2>${esc(say('results'))}</h2>`;
  if (total === 0) return `${heading}<p role="status">${esc(say('none'))}</p>`;
  const items = stores
    .map(
      (
        s,
      ) => `<li><h3>${esc(s.name)}</h3><p>${esc(s.address)}<br>${esc(say('phone'))} ${esc(s.telephone)}${s.outside ? `<br><strong>${esc(say('outlying'))}</strong>` : ''}</p>
<form method="post" action="${SIMULATOR_PATHS.map}/choose">${hiddenInputs({ ...request, store: s.store_id })}<button type="submit">${esc(say('choose', { name: s.name }))}</button></form></li>`,
    )
    .join('');
  return `${heading}<p role="status">${esc(say('found', { count: total, max }))}</p><ul class="list">${items}</ul>`;
}
