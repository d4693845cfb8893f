/**
 * Taiwan conventions shared by server and browser code: phone numbers and place names here, the
 * region table (cities, districts, postal codes) in `regions.ts`, which browser code loads on demand
 * with `loadRegions()` so the table stays out of the first bundle.
 */
export { canonicalPlaceName, placeKey } from './names.ts';
export {
  formatMobile,
  isLandline,
  isMobile,
  LANDLINE_RE,
  MOBILE_RE,
  mobileToE164,
  normalizePhone,
  toMobile,
} from './phone.ts';
export type { RegionCity, RegionDistrict } from './regions.ts';

/** Loads the region table module (`CITIES`, `findCity`, `districtsOf`, `findDistrict`, `zipFor`). */
export const loadRegions = () => import('./regions.ts');
