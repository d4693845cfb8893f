/**
 * Taiwan conventions shared by server and browser code: phone numbers and place names here, the
 * region table (cities, districts, postal codes) in `regions.ts`, which browser code loads on demand
 * with `loadRegions()` so the table stays out of the first bundle.
 */
export { CHARITIES, type Charity, findCharity } from './charities.ts';
export {
  INVOICE_KINDS,
  type InvoiceChoice,
  type InvoiceError,
  type InvoiceInput,
  type InvoiceKind,
  isCitizenCert,
  isDonationCode,
  isMobileBarcode,
  isTaxId,
  validateInvoice,
} from './invoice.ts';
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
export { isPickupName, type ReceiverError, receiverNameError, validatePickupReceiver } from './receiver.ts';
export type { RegionCity, RegionDistrict } from './regions.ts';

/** Loads the region table module (`CITIES`, `findCity`, `districtsOf`, `findDistrict`, `zipFor`). */
export const loadRegions = () => import('./regions.ts');
