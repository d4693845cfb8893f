import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CheckResult, RebuildScheduler } from '../../../scripts/lib/rebuild-scheduler.ts';
import { liveBuild, newReleaseDir, publish, sealRelease } from '../../../scripts/lib/releases.ts';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import type { Db } from '../../../src/server/db/index.ts';
import { pagesUpdateNotice } from '../../../src/server/ops/page-rebuild-notice.ts';
import { runningSchedulers, takeRebuildLease } from '../../../src/server/ops/page-rebuilds.ts';
import { editPrice } from '../../helpers/catalog-tool.ts';
import { createTestShop, type TestShop } from '../../helpers/test-app.ts';

let shop: TestShop;
let other: Db;
let root: string;
let dist: string;
let now = Date.UTC(2026, 10, 25, 2);
const CHECK_SECONDS = 30;

beforeAll(async () => {
  shop = await createTestShop({ seeded: true });
  other = shop.openAnother();
  root = mkdtempSync(join(tmpdir(), 'shop-rebuilds-'));
});
afterAll(async () => {
  await other.close();
  await shop.close();
  rmSync(root, { recursive: true, force: true });
});

/** A complete release of the catalog as it is now, put live: what scripts/build.ts ends with. */
async function publishCurrent(db: Db): Promise<void> {
  const dir = newReleaseDir(dist);
  mkdirSync(join(dir, 'client'), { recursive: true });
  await sealRelease(dir, `b${now}-${Math.random()}`, (await catalogFingerprint(db)).fingerprint);
  await publish(dist, dir);
}

let builds = 0;
const scheduler = (db: Db, build: () => Promise<void>) =>
  new RebuildScheduler({ db, dist, checkSeconds: CHECK_SECONDS, now: () => now, build, log: () => {} });
const building = (db: Db) => async () => {
  builds++;
  await publishCurrent(db);
};
const edit = (price: number) => editPrice(shop.deps.db, 'JBL-FLIP7-BLA', price, now);

beforeEach(async () => {
  dist = mkdtempSync(join(root, 'dist-'));
  builds = 0;
  now += 600_000;
  await publishCurrent(shop.deps.db);
});

describe('the built-in rebuild schedule', () => {
  it('rebuilds once after an owner edit, and not while the pages match the catalog', async () => {
    const s = scheduler(shop.deps.db, building(shop.deps.db));
    await s.start();
    await s.stop();
    expect(await s.check()).toBe('unchanged');
    expect(await s.poll()).toBe(null);
    await edit(3990);
    const before = liveBuild(dist)?.fingerprint;
    expect(await s.poll()).toBe('built');
    expect(liveBuild(dist)?.fingerprint).not.toBe(before);
    expect(await s.poll()).toBe(null);
    expect(await s.check()).toBe('unchanged');
    expect(builds).toBe(1);
  });

  it('stop waits for the check its start began: no rebuild of the schedule runs after it', async () => {
    await edit(3790);
    const s = scheduler(shop.deps.db, building(shop.deps.db));
    await s.start();
    await s.stop();
    // The first check saw the edit and rebuilt before stop returned.
    expect(builds).toBe(1);
    expect(liveBuild(dist)?.fingerprint).toBe((await catalogFingerprint(shop.deps.db)).fingerprint);
  });

  it('two checks at once in one process rebuild once: the other is busy', async () => {
    // The build lasts until the other check has answered: on a busy machine that check could otherwise
    // read the catalog after the build was live and rightly answer 'unchanged'.
    let answered = () => {};
    const otherAnswered = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const build = building(shop.deps.db);
    const s = scheduler(shop.deps.db, async () => {
      await otherAnswered;
      await build();
    });
    await edit(3690);
    const check = () =>
      s.check().then((result) => {
        if (result !== 'built') answered();
        return result;
      });
    const results = (await Promise.all([check(), check()])).sort();
    expect(results).toEqual(['built', 'busy']);
    expect(builds).toBe(1);
  });

  it('two servers on one database rebuild once between them', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slowBuild = (db: Db) => async () => {
      builds++;
      await gate;
      await publishCurrent(db);
    };
    const a = scheduler(shop.deps.db, slowBuild(shop.deps.db));
    const b = scheduler(other, slowBuild(other));
    await edit(3890);
    const checks = [a.check(), b.check()];
    // The one that did not get the lease answers while the other still builds.
    const first = await Promise.race(checks);
    expect(first).toBe('elsewhere');
    open();
    const results: CheckResult[] = (await Promise.all(checks)).sort();
    expect(results).toEqual(['built', 'elsewhere']);
    // The waiting one looks again at its next poll and finds the pages up to date.
    expect([await a.poll(), await b.poll()]).toEqual(['unchanged', 'unchanged']);
    expect(builds).toBe(1);
  });

  it('keeps the live build when a rebuild fails, and tries again at the next check, not before', async () => {
    let fail = true;
    const s = scheduler(shop.deps.db, async () => {
      builds++;
      if (fail) throw new Error('vips: read error');
      await publishCurrent(shop.deps.db);
    });
    const live = liveBuild(dist);
    await edit(3790);
    expect(await s.check()).toBe('failed');
    expect(liveBuild(dist)).toEqual(live);
    // The lease is free again: another server could take it.
    expect(await takeRebuildLease(other, 'probe', now, 1_000)).toBe(true);
    now += 2_000;
    expect(await s.check()).toBe('backoff');
    expect(await s.poll()).toBe('backoff');
    expect(builds).toBe(1);
    fail = false;
    now += CHECK_SECONDS * 1000;
    expect(await s.check()).toBe('built');
    expect(builds).toBe(2);
  });

  it('takes over the lease of a server that died while rebuilding once it has run out', async () => {
    await edit(3690);
    expect(await takeRebuildLease(other, 'died', now, 120_000)).toBe(true);
    const s = scheduler(shop.deps.db, building(shop.deps.db));
    expect(await s.check()).toBe('elsewhere');
    now += 121_000;
    expect(await s.poll()).toBe('built');
    expect(builds).toBe(1);
  });

  it('tells the owner tools which servers run the schedule, and the owner when pages will show an edit', async () => {
    const manual = 'No running shop rebuilds its pages: `npm run rebuild` puts the change on them.';
    expect(await pagesUpdateNotice(shop.deps.db, 'en', now)).toBe(manual);
    const s = scheduler(shop.deps.db, async () => {
      builds++;
      now += 7_400;
      await publishCurrent(shop.deps.db);
    });
    await s.start();
    expect((await runningSchedulers(shop.deps.db, now)).map((r) => r.instance)).toContain(s.instance);
    await edit(3590);
    expect(await s.poll()).toBe('built');
    // The poll's 2 s and the last rebuild's 7.4 s, rounded up.
    expect(await pagesUpdateNotice(shop.deps.db, 'en', now)).toBe(
      'The running shop shows it on its pages within about 10 s.',
    );
    expect(await pagesUpdateNotice(shop.deps.db, 'zh-TW', now)).toContain('約 10 秒內');
    await s.stop();
    expect((await runningSchedulers(shop.deps.db, now)).map((r) => r.instance)).not.toContain(s.instance);
    expect(await pagesUpdateNotice(shop.deps.db, 'en', now)).toBe(manual);
  });
});
