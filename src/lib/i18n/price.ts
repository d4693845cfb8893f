/** Groups of three digits from the right: `1234567` → `1,234,567`. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A whole NT$ amount with thousands separators: 1234 → `NT$1,234` (the same in both locales).
 * Written out rather than through Intl.NumberFormat: creating that formatter as the page's scripts
 * start costs a phone some 80 ms of blocked main thread (the browser loads its number data), and a
 * whole amount needs only its commas.
 */
export function formatPrice(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}NT$${String(Math.abs(Math.round(amount))).replace(THOUSANDS, ',')}`;
}
