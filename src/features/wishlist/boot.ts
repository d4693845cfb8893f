/**
 * What a visitor's page loads for the hearts and the restock form (issue 32), a few hundred bytes:
 * the hearts' code (hearts.ts) comes at once only for a member or a guest who saved something (there
 * is a state to paint), else on the first tap of a heart; the restock form's code when it is opened.
 */
import { COOKIE, WISHLIST_STORAGE_KEY } from '../../config.ts';
import { readCookieSoon } from '../../lib/runtime/cookies.ts';
import { replayEarlyTaps } from '../../lib/runtime/early-taps.ts';

const SELECTOR = '[data-wish]';
let hearts: Promise<void> | undefined;
const loadHearts = () => {
  hearts ??= import('./hearts.ts').then((m) => m.startHearts());
  return hearts;
};

/** Starts the page's hearts and restock form where Hearts.astro marked the page for them. */
export function bootWishlist(): void {
  if (!document.querySelector('[data-hearts]')) return;
  let saved = false;
  try {
    saved = Boolean(localStorage.getItem(WISHLIST_STORAGE_KEY));
  } catch {}
  // A heart tapped before this ran (data-early, lib/runtime/early-taps.ts) is replayed once its handler is there.
  const replay = () => replayEarlyTaps(document.querySelectorAll(SELECTOR));
  const start = (member: boolean) => {
    if (saved || member) void loadHearts().then(replay);
    else if (!hearts) {
      document.addEventListener('click', function first(e) {
        const b = (e.target as Element).closest?.<HTMLElement>(SELECTOR);
        if (!b) return;
        e.preventDefault();
        document.removeEventListener('click', first);
        void loadHearts().then(() => b.click());
      });
      replay();
    }
  };
  // The member's cookie without a synchronous call to the browser where it can (readCookieSoon).
  if (saved) start(false);
  else void readCookieSoon(COOKIE.accessToken).then((token) => start(token !== undefined));
  const d = document.querySelector<HTMLDetailsElement>('[data-restock]');
  const form = () => void import('./restock-form.ts').then((m) => m.startRestockForm(d!));
  if (d?.open) form();
  else d?.addEventListener('toggle', form, { once: true });
}
