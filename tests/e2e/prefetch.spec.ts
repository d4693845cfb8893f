import { expect, test } from '@playwright/test';

interface PrefetchStatus {
  prefetchUrl: string;
  status: string;
}

// The page runtime prefetches the pages of the links in view by speculation rules, which the browser
// fetches itself (issue 43): the page's CSP must let the runtime add them, and the browser must get
// the page ready for the tap.
test('a link in view is prefetched by the browser through speculation rules, which the page allows', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const ready = new Set<string>();
  cdp.on('Preload.prefetchStatusUpdated', (e: PrefetchStatus) => {
    if (e.status === 'Ready') ready.add(new URL(e.prefetchUrl).pathname);
  });
  await cdp.send('Preload.enable');
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => ready.size, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  expect(refused).toEqual([]);
});
