/**
 * What the owner's tools say after an edit that changes what the pages show: when the running shop
 * will show it, or that no running shop rebuilds its pages and `npm run rebuild` does.
 */
import type { Db } from '../db/index.ts';
import { readRebuildState, runningSchedulers } from './page-rebuilds.ts';

/** A first rebuild's guess, before any was timed: the demo shop's incremental build takes a few seconds. */
const FIRST_REBUILD_SECONDS = 15;
/** How long a schedule takes to notice an owner's edit (its poll, scripts/lib/rebuild-scheduler.ts). */
const NOTICE_SECONDS = 2;

const TEXT = {
  soon: {
    'zh-TW': (n: number) => `執行中的商店會在約 ${n} 秒內把這項變更顯示在頁面上。`,
    en: (n: number) => `The running shop shows it on its pages within about ${n} s.`,
  },
  manual: {
    'zh-TW': () => '目前沒有執行中的商店會自動重建頁面：請執行 `npm run rebuild` 讓頁面顯示這項變更。',
    en: () => 'No running shop rebuilds its pages: `npm run rebuild` puts the change on them.',
  },
};

export async function pagesUpdateNotice(db: Db, locale: 'zh-TW' | 'en', now: number): Promise<string> {
  const schedulers = await runningSchedulers(db, now);
  if (!schedulers.length) return TEXT.manual[locale]();
  const { lastSeconds } = await readRebuildState(db);
  const seconds = NOTICE_SECONDS + Math.ceil(lastSeconds ?? FIRST_REBUILD_SECONDS);
  return TEXT.soon[locale](seconds);
}
