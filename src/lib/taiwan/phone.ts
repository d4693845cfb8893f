/** A Taiwan mobile number in national form: 09 and eight digits. */
export const MOBILE_RE = /^09\d{8}$/;

/**
 * A Taiwan landline in national form: area code 02–08 and the subscriber number, 9 or 10 digits
 * in all (02-2345-6789, 04-2234-5678, 07-123-4567, 089-123456, 0836-12345).
 */
export const LANDLINE_RE = /^0[2-8]\d{7,8}$/;

const COUNTRY_PREFIXES = ['+886', '00886', '886'];
const SEPARATORS_RE = /[\s\-().]/g;

/**
 * Puts a phone number written in any customary way into national digits: drops spaces, dashes,
 * dots and brackets, and turns the country code (+886, 886, 00886, with or without the trunk 0)
 * into the leading 0. `+886 912-345-678` → `0912345678`. Other input is returned without separators.
 */
export function normalizePhone(raw: string): string {
  const s = raw.normalize('NFKC').replace(SEPARATORS_RE, '');
  for (const prefix of COUNTRY_PREFIXES) {
    if (s.startsWith(prefix) && s.length > prefix.length + 7) {
      const rest = s.slice(prefix.length);
      return rest.startsWith('0') ? rest : `0${rest}`;
    }
  }
  return s;
}

/** The national mobile form `09XXXXXXXX` of `raw`, or null when it is not a Taiwan mobile number. */
export function toMobile(raw: string): string | null {
  const n = normalizePhone(raw);
  return MOBILE_RE.test(n) ? n : null;
}

/** Whether `raw` is a Taiwan mobile number in any customary writing. */
export const isMobile = (raw: string): boolean => toMobile(raw) !== null;

/** Whether `raw` is a Taiwan landline number in any customary writing. */
export const isLandline = (raw: string): boolean => LANDLINE_RE.test(normalizePhone(raw));

/** `0912345678` → `0912-345-678`, the way numbers are printed in Taiwan; other input unchanged. */
export function formatMobile(mobile: string): string {
  return MOBILE_RE.test(mobile) ? `${mobile.slice(0, 4)}-${mobile.slice(4, 7)}-${mobile.slice(7)}` : mobile;
}

/** `0912345678` → `+886912345678` (E.164), as SMS gateways expect. */
export function mobileToE164(mobile: string): string {
  return `+886${mobile.slice(1)}`;
}
