import type { Page, Request } from '@playwright/test';

/** A page fetched ahead (`Sec-Purpose: prefetch`: the speculation rules' prefetches, `<link rel=prefetch>`). */
const ahead = (r: Request) => /^prefetch/i.test(r.headers()['sec-purpose'] ?? '');

/**
 * Waits for a page's own requests to end, not for the pages the browser fetches ahead. Playwright's
 * `networkidle` counts those too, and in a CI run one speculative prefetch was reported started and
 * never finished, so the wait never ended. Call it before the navigation; `quiet()` resolves once none
 * of the page's requests has been in flight for `ms`.
 */
export function pageRequests(page: Page): { quiet(ms?: number): Promise<void> } {
  const open = new Set<Request>();
  let changed = Date.now();
  page.on('request', (r) => {
    if (ahead(r)) return;
    open.add(r);
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (open.delete(r)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms = 500) {
      await page.waitForLoadState('load');
      while (open.size > 0 || Date.now() - changed < ms) await page.waitForTimeout(100);
    },
  };
}
