const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole NT$ amount with thousands separators: 1234 → `NT$1,234` (the same in both locales). */
export function formatPrice(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}NT$${thousands.format(Math.abs(Math.round(amount)))}`;
}
