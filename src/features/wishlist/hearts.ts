/**
 * The wishlist hearts of product pages and cards (issue 32), started after the first paint with the
 * page's other scripts. The heart's box is in the prerendered markup (no layout shift); this paints
 * its state and answers taps. A member's list is on the server (one GET for the page's products); a
 * guest's is kept in this browser (stores/wishlist-guest.ts) and merged at login (stores/wishlist.ts). A heart
 * stands for its product: on the product page it saves the chosen option, on a card the first one
 * in stock. Plain DOM, no framework: a few hundred bytes.
 */
import { COOKIE, WISHLIST_MAX, WISHLIST_STORAGE_KEY } from '../../config.ts';

// The guest's list, as stores/wishlist-guest.ts reads and writes it: written again here so that this script
// does not share a file with the session's code (stores/wishlist.ts), which every visitor would load.
type GuestWish = { sku: string; p: string };
function readGuestList(): GuestWish[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((w) => typeof w?.sku === 'string' && typeof w?.p === 'string') : [];
  } catch {
    return [];
  }
}
function writeGuestList(list: GuestWish[]): void {
  try {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list.slice(-WISHLIST_MAX)));
  } catch {
    // Storage full or off: the tap is not kept.
  }
}

const SELECTOR = '[data-wish]';
const BASE = `${import.meta.env.PUBLIC_API_BASE ?? ''}/api`;
/** Saved SKUs by product slug. */
let saved = new Map<string, string[]>();

const token = () => {
  const m = new RegExp(`(?:^|; )${COOKIE.accessToken}=([^;]+)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : '';
};

async function call(method: string, path: string): Promise<{ result: unknown }> {
  const t = token();
  const r = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'accept-language': document.documentElement.lang, ...(t ? { authorization: `Bearer ${t}` } : {}) },
  });
  if (!r.ok) throw new Error(String(r.status));
  return r.json();
}

const group = (list: GuestWish[]) => {
  const m = new Map<string, string[]>();
  for (const w of list) m.set(w.p, [...(m.get(w.p) ?? []), w.sku]);
  return m;
};

function paint(): void {
  for (const b of document.querySelectorAll<HTMLElement>(SELECTOR)) {
    b.setAttribute('aria-pressed', String(saved.has(b.dataset.wish!)));
    b.dataset.painted = '';
  }
}

/** Products whose member state is known (asked once a page; a listing's new cards ask for theirs). */
const known = new Set<string>();

async function load(): Promise<void> {
  if (!token()) {
    saved = group(readGuestList());
    return;
  }
  const slugs = [...new Set([...document.querySelectorAll<HTMLElement>(SELECTOR)].map((b) => b.dataset.wish!))]
    .filter((slug) => !known.has(slug))
    .slice(0, 100);
  if (!slugs.length) return;
  for (const slug of slugs) known.add(slug);
  const r = (await call('GET', `/wishlist?page_size=100&products=${slugs.map(encodeURIComponent).join(',')}`)) as {
    result: { data: { sku: string; product: { slug: string } }[] };
  };
  for (const [slug, skus] of group(r.result.data.map((i) => ({ sku: i.sku, p: i.product.slug }))))
    saved.set(slug, skus);
}

const refresh = () =>
  load()
    .catch(() => undefined)
    .then(paint);

/** The SKU a tap saves: the product page's chosen option, or the card's product's first option in stock. */
async function skuFor(b: HTMLElement): Promise<string | undefined> {
  if (b.hasAttribute('data-wish-here')) {
    const box = document.querySelector('[data-buy-box]');
    const chosen = box?.querySelector('.option[aria-pressed="true"]') ?? box?.querySelector('.option');
    if (chosen) return (chosen as HTMLElement).dataset.sku;
  }
  const r = (await call('GET', `/products/${encodeURIComponent(b.dataset.wish!)}`)) as {
    result: { variants: { sku: string; in_stock: boolean }[] };
  };
  return (r.result.variants.find((v) => v.in_stock) ?? r.result.variants[0])?.sku;
}

async function toggle(b: HTMLElement): Promise<void> {
  const slug = b.dataset.wish!;
  const member = Boolean(token());
  const had = saved.get(slug);
  if (had) {
    saved.delete(slug);
    paint();
    if (member) for (const sku of had) await call('DELETE', `/wishlist/${encodeURIComponent(sku)}`);
    else writeGuestList(readGuestList().filter((w) => w.p !== slug));
    return;
  }
  const sku = await skuFor(b);
  if (!sku) return;
  saved.set(slug, [sku]);
  paint();
  if (member) await call('PUT', `/wishlist/${encodeURIComponent(sku)}`);
  else writeGuestList([...readGuestList().filter((w) => w.sku !== sku), { sku, p: slug }]);
}

let started = false;
/** Paints the page's hearts and answers their taps, also of cards a listing or search draws later. */
export function startHearts(): void {
  void refresh();
  if (started) return;
  started = true;
  document.addEventListener('click', (e) => {
    const b = (e.target as Element).closest?.<HTMLElement>(SELECTOR);
    if (!b) return;
    e.preventDefault();
    toggle(b).catch(refresh);
  });
  // Cards drawn again (a filter, a search) get their state.
  new MutationObserver(() => {
    if (document.querySelector(`${SELECTOR}:not([data-painted])`)) void refresh();
  }).observe(document.body, { childList: true, subtree: true });
}
