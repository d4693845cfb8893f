/**
 * Official data writes 臺, people and carriers often write 台 (台北市, 台東縣). Place names are
 * stored in the official form: full-width forms folded, trimmed, 台 → 臺.
 */
export function canonicalPlaceName(raw: string): string {
  return raw.normalize('NFKC').trim().replaceAll('台', '臺');
}

/**
 * The key a place name is looked up by: the canonical form, lower-cased, runs of spaces made one and
 * typographic apostrophes made plain, so `台北市`, `臺北市`, ` taipei  city ` and `Da’an District` all match.
 */
export function placeKey(raw: string): string {
  return canonicalPlaceName(raw)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[‘’`´]/g, "'");
}
