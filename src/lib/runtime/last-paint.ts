/**
 * The last paint of a page's island, painted again before the island has loaded.
 *
 * A purchase page's island draws what only the shop API knows (the cart's lines), so on a slow phone
 * it appears after React and the API have answered, seconds after the page's frame. What the
 * island showed the last time is what the shopper most likely sees again: once the island has
 * settled, its markup is kept in localStorage with who it belongs to (a hash of the shopper's token,
 * never the token) and the version it shows (the cart's count, which every change of the cart
 * writes for the header). The next load paints that markup from an inline script before the
 * first frame, inert and hidden from assistive technology (no focus, not read out); the island replaces it in the same frame as its own
 * first settled render. Another shopper, another language, another version or an old paint is
 * never shown.
 */

/** localStorage key of a page's last paint. */
export const lastPaintKey = (name: string): string => `lastPaint:${name}`;
/** The class of the painted copy (its CSS hides the island's loading line while it is there). */
export const LAST_PAINT_CLASS = 'last-paint';
/** A paint older than this is not shown (prices and stock may have moved since). */
export const LAST_PAINT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface LastPaint {
  owner: string;
  locale: string;
  version: string;
  at: number;
  html: string;
}

/**
 * Whose page this is: an FNV-1a hash of the first of `cookieNames` present in `cookie` (the member's
 * token, else the guest's cart token); '' for nobody. Self-contained: it also runs inline.
 */
export function paintOwner(cookie: string, cookieNames: readonly string[]): string {
  const parts = cookie.split('; ');
  for (const name of cookieNames) {
    const found = parts.find((p) => p.startsWith(`${name}=`));
    if (!found) continue;
    const value = decodeURIComponent(found.slice(name.length + 1));
    let h = 0x811c9dc5;
    for (let i = 0; i < value.length; i++) {
      h ^= value.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return `${name}:${h.toString(16)}`;
  }
  return '';
}

/**
 * Runs inline where the island's copy belongs: inserts the kept paint after the running script when
 * it is this shopper's, in this language, of this version and recent. Self-contained (no imports).
 */
function paintInline(
  key: string,
  locale: string,
  versionKey: string,
  cookieNames: string[],
  maxAgeMs: number,
  className: string,
  owner: (cookie: string, names: string[]) => string,
): void {
  try {
    const script = document.currentScript;
    const raw = localStorage.getItem(key);
    if (!script || !raw) return;
    const p = JSON.parse(raw) as LastPaint;
    const who = owner(document.cookie, cookieNames);
    if (!who || p.owner !== who || p.locale !== locale) return;
    if (p.version !== localStorage.getItem(versionKey) || !(Date.now() - p.at < maxAgeMs)) return;
    const copy = document.createElement('div');
    copy.className = className;
    copy.setAttribute('inert', '');
    copy.setAttribute('aria-hidden', 'true');
    copy.innerHTML = p.html;
    script.after(copy);
  } catch {
    // No storage or an unreadable paint: the island draws the page as it does without one.
  }
}

/** The inline script that paints `name`'s last paint (the version is read from `versionKey`). */
export function lastPaintScript(name: string, locale: string, versionKey: string, cookieNames: string[]): string {
  const args = [lastPaintKey(name), locale, versionKey, cookieNames, LAST_PAINT_MAX_AGE_MS, LAST_PAINT_CLASS]
    .map((a) => JSON.stringify(a))
    .join(',');
  return `(${paintInline.toString()})(${args},${paintOwner.toString()})`;
}

/** What this tab kept last, per paint: a render that changed nothing writes nothing. */
const kept = new Map<string, string>();

/** Keeps `html` as `name`'s last paint for this shopper (nothing without a shopper or storage). */
export function keepPaint(name: string, locale: string, version: string, cookieNames: string[], html: string): void {
  try {
    const owner = paintOwner(document.cookie, cookieNames);
    const same = `${owner}\n${locale}\n${version}\n${html}`;
    if (!owner || kept.get(name) === same) return;
    const paint: LastPaint = { owner, locale, version, at: Date.now(), html };
    localStorage.setItem(lastPaintKey(name), JSON.stringify(paint));
    kept.set(name, same);
  } catch {
    // Full or no storage: the next load waits for the island, as without a paint.
  }
}

/** Whether the page opened with a last paint, and removes it (the island's own render takes its place). */
export function takeLastPaint(): boolean {
  if (typeof document === 'undefined') return false;
  const copy = document.querySelector(`.${LAST_PAINT_CLASS}`);
  copy?.remove();
  return copy !== null;
}

/** Whether a last paint is on the page now. */
export function hasLastPaint(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`.${LAST_PAINT_CLASS}`) !== null;
}
