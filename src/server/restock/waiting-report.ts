import { terminalSafe } from '../common/terminal-text.ts';
import type { Deps } from '../context.ts';
import { waitingCounts } from './alerts.ts';

const TEXT = {
  none: { 'zh-TW': '目前沒有等待到貨通知的商品。', en: 'No restock alerts are waiting.' },
  head: { 'zh-TW': ['SKU', '等待', '庫存', '商品'], en: ['SKU', 'waiting', 'stock', 'product'] },
  total: { 'zh-TW': '共 {n} 則到貨通知等待中', en: '{n} restock alerts waiting' },
} as const;

/** The owner's table of waiting restock alerts per variant (`npm run catalog -- waiting`), most first. */
export async function waitingLines(deps: Pick<Deps, 'db'>, locale: 'zh-TW' | 'en'): Promise<string[]> {
  const rows = await waitingCounts(deps, locale);
  if (!rows.length) return [TEXT.none[locale]];
  const cells = [
    [...TEXT.head[locale]],
    ...rows.map((r) => [
      terminalSafe(r.sku),
      String(r.waiting),
      String(r.stock),
      r.option ? `${terminalSafe(r.product)} — ${terminalSafe(r.option)}` : terminalSafe(r.product),
    ]),
  ];
  const width = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!.length)));
  const lines = cells.map((c) =>
    [c[0]!.padEnd(width[0]!), c[1]!.padStart(width[1]!), c[2]!.padStart(width[2]!), c[3]].join('  '),
  );
  const total = rows.reduce((s, r) => s + r.waiting, 0);
  return [...lines, TEXT.total[locale].replace('{n}', String(total))];
}
