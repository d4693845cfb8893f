/**
 * Behaviour of the site header, in one small module: menus close on outside click and Escape, the
 * theme toggle, the language switch (each replays a tap that came before it started: lib/runtime/early-taps.ts)
 * and the cart count. Runs on every page, so it imports nothing heavy; the date
 * library loads only when the language changes.
 */
import Cookies from 'js-cookie';
import {
  CART_COOKIE,
  CART_COUNT_EVENT,
  CART_COUNT_STORAGE_KEY,
  COOKIE,
  LANGUAGE_RELOAD_DELAY_MS,
  LOCALE_COOKIE_DAYS,
  type Locale,
} from '../config.ts';
import { readCookieSoon } from '../lib/runtime/cookies.ts';
import { replayEarlyTaps } from '../lib/runtime/early-taps.ts';
import { DARK_CLASS, THEME_STORAGE_KEY } from '../lib/theme.ts';
import { onPageLoad } from './page-load.ts';

const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')];

/** Document-wide listeners, added once: they outlive client-side page swaps. */
function initMenus(): void {
  document.addEventListener('click', (e) => {
    for (const d of openMenus()) if (!d.contains(e.target as Node)) d.open = false;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const d of openMenus()) {
      d.open = false;
      d.querySelector('summary')?.focus();
    }
  });
}

function initThemeToggle(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-theme-toggle]');
  if (!button) return;
  const root = document.documentElement;
  const sync = () => button.setAttribute('aria-pressed', String(root.classList.contains(DARK_CLASS)));
  sync();
  button.addEventListener('click', () => {
    const dark = !root.classList.contains(DARK_CLASS);
    root.classList.toggle(DARK_CLASS, dark);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, dark ? 'dark' : 'light');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    sync();
  });
  replayEarlyTaps([button]);
}

/** Stores the locale choice: cookie i18n_redirected, 365 days, path /, SameSite=Lax. */
export function rememberLocale(locale: Locale): void {
  Cookies.set(COOKIE.locale, locale, {
    expires: LOCALE_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

function initLangSwitch(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-lang-switch]');
  if (!link) return;
  link.addEventListener('click', (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    const locale = link.dataset.langSwitch as Locale;
    rememberLocale(locale);
    void import('../lib/i18n/date-language.ts').then((m) => m.setDateLocale(locale)).catch(() => undefined);
    const target = `${link.pathname}${location.search}${location.hash}`;
    setTimeout(() => location.assign(target), LANGUAGE_RELOAD_DELAY_MS);
  });
  replayEarlyTaps([link]);
}

/** The count the cart store caches (lib/runtime/cart-count.ts): a whole number, 0 for anything else. */
function cachedCartCount(): number {
  try {
    const n = Number(localStorage.getItem(CART_COUNT_STORAGE_KEY));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/**
 * The header's cart count: the count the cart store caches. On page load it shows only while this
 * browser has a cart (a member's token or a guest's cart token); afterwards it follows the store in
 * this tab and the storage event of the others (which can arrive before their cookie does).
 */
function showCartCount(count: number): void {
  const badge = document.querySelector<HTMLElement>('[data-cart-count]');
  const label = document.querySelector<HTMLElement>('[data-cart-count-label]');
  if (!badge) return;
  badge.textContent = count > 99 ? '99+' : String(count);
  badge.hidden = count === 0;
  if (label) label.textContent = count ? (label.dataset.template ?? '').replace('{count}', String(count)) : '';
}

initMenus();
addEventListener(CART_COUNT_EVENT, () => showCartCount(cachedCartCount()));
addEventListener('storage', (e) => {
  if (e.key === CART_COUNT_STORAGE_KEY || e.key === null) showCartCount(cachedCartCount());
});
onPageLoad(() => {
  initThemeToggle();
  initLangSwitch();
  void Promise.all([readCookieSoon(COOKIE.accessToken), readCookieSoon(CART_COOKIE)]).then(([token, cart]) =>
    showCartCount(token || cart ? cachedCartCount() : 0),
  );
});
