/**
 * Cells that a spreadsheet would run as a formula (OWASP's CSV injection): those beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return. Export writes them after an apostrophe, which
 * spreadsheets read as "text"; import takes that apostrophe off again, so the shop's own export
 * comes back unchanged. The Meta product feed (/feeds/meta.csv) writes its cells the same way.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What a SKU may not begin with: it is a feed's id, and the import refuses it (`sku_formula`). */
export const FORMULA_SKU = /^[=+\-@]/;
const ESCAPED = /^'[=+\-@\t\r]/;

export const escapeCell = (v: string | number): string | number =>
  typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v;

export const unescapeCell = (v: string): string => (ESCAPED.test(v) ? v.slice(1) : v);
