import { PREFETCH_MAX_CONCURRENT } from '../../config.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching is skipped when the visitor saves data or the connection is slow (2g or worse). */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** A queue that runs at most `limit` jobs at once; each job resolves when its download ends. */
export function createQueue(limit: number) {
  let running = 0;
  const waiting: (() => Promise<unknown>)[] = [];
  const pump = () => {
    while (running < limit && waiting.length) {
      const job = waiting.shift()!;
      running++;
      void job().finally(() => {
        running--;
        pump();
      });
    }
  };
  return {
    push(job: () => Promise<unknown>) {
      waiting.push(job);
      pump();
    },
    get running() {
      return running;
    },
  };
}

/** Same-site page links worth fetching ahead: not the API, not files, not this page, not opted out. */
function prefetchable(a: HTMLAnchorElement): URL | null {
  if (a.hasAttribute('download') || a.target === '_blank' || a.dataset.noPrefetch !== undefined) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return null;
  if (url.pathname === location.pathname || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  return url;
}

/** Set by the runtime on a link whose page the browser is to prefetch by the page's speculation rules. */
export const PREFETCH_ATTRIBUTE = 'data-prefetch';

/**
 * The speculation rules in every page's head (BaseLayout; allowed by their hash like the page's other
 * inline scripts): the browser prefetches at once the page of each link the runtime marks. It then
 * fetches the page itself and keeps it for the navigation, where a `<link rel=prefetch>` is requested
 * and its response received on the page's main thread (a tenth of home's main-thread work at load
 * with twelve links in view; issue 43).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { selector_matches: `a[${PREFETCH_ATTRIBUTE}]` }, eagerness: 'immediate' }],
});

/** Whether this browser reads the page's speculation rules (and the page has them). */
function speculates(): boolean {
  return (
    typeof HTMLScriptElement.supports === 'function' &&
    HTMLScriptElement.supports('speculationrules') &&
    document.querySelector('script[type="speculationrules"]') !== null
  );
}

/**
 * Fetches pages that links point to when the link is hovered, focused or touched, or, for the page's
 * own content (links in <main>: its cards, tiles, articles and their references), scrolls into view
 * while the browser is idle: each page once; by speculation rules where the browser has them (it
 * fetches the page off the page's main thread and limits its own downloads), otherwise at most 5
 * downloads at once. The header's, breadcrumbs' and footer's links are fetched on intent only: fetched
 * in view they were the same half of every page's prefetches (the cart, the member page, the
 * information pages), on every page a shopper opened.
 */
export function startPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!prefetchAllowed(connection)) return;
  const queue = createQueue(PREFETCH_MAX_CONCURRENT);
  const seen = new Set<string>();
  const byRules = speculates();
  const prefetch = (a: EventTarget | null) => {
    if (!(a instanceof HTMLAnchorElement)) return;
    const url = prefetchable(a);
    if (!url || seen.has(url.pathname)) return;
    seen.add(url.pathname);
    if (byRules) {
      a.setAttribute(PREFETCH_ATTRIBUTE, '');
      return;
    }
    queue.push(
      () =>
        new Promise<void>((done) => {
          const link = document.createElement('link');
          link.rel = 'prefetch';
          link.href = url.pathname + url.search;
          link.onload = link.onerror = () => done();
          document.head.append(link);
        }),
    );
  };
  const onIntent = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a') ?? null);
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, onIntent, { passive: true, capture: true });
  }
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      requestIdle(() => prefetch(entry.target));
    }
  });
  const observeAll = () => {
    for (const a of document.querySelectorAll('main a[href]')) observer.observe(a);
  };
  requestIdle(observeAll);
  document.addEventListener('astro:page-load', () => requestIdle(observeAll));
}

function requestIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn);
  else setTimeout(fn, 1);
}
