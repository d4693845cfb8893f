import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { importCatalog } from '../../../src/server/catalog/admin/import-catalog.ts';
import { photoResolver } from '../../../src/server/catalog/admin/photos.ts';
import { catalogFingerprint } from '../../../src/server/catalog/fingerprint.ts';
import { folderStore } from '../../../src/server/media/folder-store.ts';
import { importFuzzCases } from '../fuzz-cases.ts';
import { fmt } from '../report.ts';
import type { Scenario } from './context.ts';

const CASES = { full: 300, quick: 100 };
const SEED = 20_261_125;

/**
 * Hostile catalog import files (issue 28) against the suite's database, in process as the owner's
 * tool runs them: every file ends in a report (no exception), each hostile one is refused, and the
 * catalog is the same afterwards (generated files run as dry runs; refused files write nothing).
 */
export const importFuzz: Scenario = {
  name: 'import-fuzz',
  async run(ctx) {
    const cases = importFuzzCases(CASES[ctx.quick ? 'quick' : 'full'], SEED);
    const dir = mkdtempSync(join(tmpdir(), 'import-fuzz-'));
    // A secret beside the CSV's folder: a path that climbs to it must be refused.
    writeFileSync(join(dir, 'secret.png'), 'not for the shop');
    const csv = join(dir, 'files', 'products.csv');
    const before = await catalogFingerprint(ctx.shop.db);
    const seen = { refused: 0, passed: 0, threw: 0, hostileAccepted: 0 };
    const bad: string[] = [];
    try {
      for (const c of cases) {
        try {
          const report = await importCatalog(ctx.shop.db, Readable.from([c.bytes]), {
            dryRun: !c.refuse,
            withdrawMissing: c.withdrawMissing,
            by: 'load-suite',
            subject: c.name,
            now: Date.now(),
            resolveImage: photoResolver(csv, folderStore(join(dir, 'media')), { checkOnly: !c.refuse }),
          });
          if (report.problems.length) seen.refused++;
          else seen.passed++;
          if (c.refuse && (report.applied || !report.problems.length)) {
            seen.hostileAccepted++;
            if (bad.length < 3) bad.push(`${c.name} accepted`);
          }
        } catch (err) {
          seen.threw++;
          if (bad.length < 3) bad.push(`${c.name} → ${(err as Error).message.slice(0, 80)}`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const after = await catalogFingerprint(ctx.shop.db);
    const unchanged = after.fingerprint === before.fingerprint;
    ctx.report.add({
      scenario: 'Hostile import files',
      tried: `${fmt(cases.length)} catalog import files: empty, no header, UTF-16, Big5, controls, bidi, markup, formulas, photo paths out of the folder, random bytes (fast-check)`,
      target: 'every file a report (no exception); every hostile file refused; the catalog unchanged',
      figure: `${fmt(seen.refused)} refused, ${fmt(seen.passed)} passed (dry runs), ${seen.threw} threw, ${seen.hostileAccepted} hostile accepted; catalog ${unchanged ? 'unchanged' : 'CHANGED'}${bad.length ? `; e.g. ${bad.join(' ; ')}` : ''}`,
      held: seen.threw === 0 && seen.hostileAccepted === 0 && unchanged,
    });
  },
};
