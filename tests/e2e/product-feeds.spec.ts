import { expect, test } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseXml } from '../helpers/xml.ts';

// The feeds as Google and Meta fetch them from the built site (issue 32).
test('the Google and Meta feeds are served, and an item’s link opens its product with that variant chosen', async ({
  page,
  request,
  baseURL,
}) => {
  const items: Record<string, Record<string, string>[]> = {};
  for (const path of ['/feeds/google.xml', '/en/feeds/google.xml']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers()['cache-control']).toBe('no-cache');
    const rss = parseXml(await res.text());
    items[path] = rss.children[0]!.children.filter((e) => e.name === 'item').map((i) =>
      Object.fromEntries(i.children.map((a) => [a.name.slice(2), a.text])),
    );
    expect(items[path]!.length, path).toBeGreaterThan(50);
  }
  // The same variants in both languages.
  expect(items['/en/feeds/google.xml']!.map((i) => i.id).sort()).toEqual(
    items['/feeds/google.xml']!.map((i) => i.id).sort(),
  );
  const csv = await request.get('/feeds/meta.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const rows: string[][] = parseCsv(await csv.text());
  expect(rows.length - 1).toBe(items['/feeds/google.xml']!.length);

  // A product's second variant: its link opens the product page with that option chosen.
  const groups = new Map<string, Record<string, string>[]>();
  for (const i of items['/en/feeds/google.xml']!)
    groups.set(i.item_group_id!, [...(groups.get(i.item_group_id!) ?? []), i]);
  const second = [...groups.values()].find((g) => g.length > 1)![1]!;
  const link = new URL(second.link!);
  await page.goto(`${baseURL}${link.pathname}${link.search}`);
  await expect(page.locator(`button[data-sku="${second.id}"]`)).toHaveAttribute('aria-pressed', 'true');
});
