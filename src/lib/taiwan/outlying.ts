import { canonicalPlaceName } from './names.ts';
import { CITIES, type RegionCity, type RegionDistrict } from './regions.ts';

/** Counties that are islands as a whole: Penghu, Kinmen and Lienchiang (Matsu). */
export const OUTLYING_COUNTIES: readonly string[] = ['澎湖縣', '金門縣', '連江縣'];

/** Island townships of main-island counties: Liuqiu (Pingtung), Green Island and Orchid Island (Taitung). */
export const OUTLYING_TOWNSHIPS: Readonly<Record<string, readonly string[]>> = {
  屏東縣: ['琉球鄉'],
  臺東縣: ['綠島鄉', '蘭嶼鄉'],
};

/** Whether the district `district` of `city` (official names) lies on an outlying island. */
export const isOutlyingPlace = (city: string, district = ''): boolean =>
  OUTLYING_COUNTIES.includes(city) || (OUTLYING_TOWNSHIPS[city]?.includes(district) ?? false);

/** The city and (when written) the district an address starts with, after an optional postal code. */
export function placeOfAddress(
  address: string,
): { city: RegionCity; district: RegionDistrict | undefined } | undefined {
  const rest = canonicalPlaceName(address).replace(/^\d{3,6}\s*/, '');
  const city = CITIES.find((c) => rest.startsWith(c.zh));
  if (!city) return undefined;
  const after = rest.slice(city.zh.length);
  const district = city.districts.filter((d) => after.startsWith(d.zh)).sort((a, b) => b.zh.length - a.zh.length)[0];
  return { city, district };
}

/**
 * Whether a Taiwan address lies on an outlying island, read from its county and township (as a
 * store's address is written: 澎湖縣馬公市…, 屏東縣琉球鄉…); null when the address does not say:
 * no known county, or a county with island townships without its township.
 */
export function isOutlyingAddress(address: string): boolean | null {
  const place = placeOfAddress(address);
  if (!place) return null;
  if (OUTLYING_TOWNSHIPS[place.city.zh] && !place.district) return null;
  return isOutlyingPlace(place.city.zh, place.district?.zh);
}
