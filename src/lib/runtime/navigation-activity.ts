import { report } from './ui-reports.ts';

/** A click that will load another page of this site in this tab. */
function isPageNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || a.target === '_blank' || a.hasAttribute('download')) return false;
  const url = new URL(a.href, location.href);
  return url.origin === location.origin && (url.pathname !== location.pathname || url.search !== location.search);
}

/** Page navigation is reported as tracked work (the loading bar shows it): full loads from link clicks, and Astro's client-side router. */
export function trackNavigation(): void {
  let navigating = false;
  const begin = () => {
    if (navigating) return;
    navigating = true;
    report({ kind: 'activity', event: 'start' });
  };
  const end = () => {
    if (!navigating) return;
    navigating = false;
    report({ kind: 'activity', event: 'success' });
  };
  // Bubble phase, so a router or island that handles the click itself has already said so.
  document.addEventListener('click', (event) => {
    if (isPageNavigation(event)) begin();
  });
  document.addEventListener('astro:before-preparation', begin);
  document.addEventListener('astro:after-swap', end);
  // Back from the page cache: nothing is loading any more.
  addEventListener('pageshow', (event) => {
    if (event.persisted) {
      navigating = false;
      report({ kind: 'activity', event: 'reset' });
    }
  });
}
