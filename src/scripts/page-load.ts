/**
 * Runs `init` once per page view: on `astro:page-load` when Astro's client router is active (it
 * fires on the first load and after every client-side navigation), otherwise right away.
 */
export function onPageLoad(init: () => void): void {
  if (document.querySelector('meta[name="astro-view-transitions-enabled"]')) {
    document.addEventListener('astro:page-load', init);
  } else if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init, { once: true });
  } else {
    init();
  }
}
