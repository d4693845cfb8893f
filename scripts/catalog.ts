/**
 * The shop owner's catalog tool, on the same database as the shop (SQLITE_PATH, or DATABASE_URL):
 *   npm run catalog -- import <file.csv> [--dry-run] [--withdraw-missing [--yes]] [--photos <folder>]
 *   npm run catalog -- export [--out <file.csv>]
 *   npm run catalog -- price <sku> <NT$>
 *   npm run catalog -- stock <sku> <count> | stock --file <counts.csv>
 *   npm run catalog -- publish <handle> | withdraw <handle>
 *   npm run catalog -- log [--limit <n>]
 *   npm run catalog -- waiting   (how many restock alerts wait for each variant)
 *   npm run catalog -- reviews [--product <slug>] [--stars <n>|<n-m>] [--limit <n>]   (newest first)
 *   npm run catalog -- brands|categories import <file.csv> [--dry-run] | export [--out <file.csv>]
 *   npm run catalog -- media sync   (copies MEDIA_DIR's photos to the bucket MEDIA_S3_BUCKET; again: only what is missing)
 * Edits accept --by <name> (default: the OS user) for the change log. Texts follow LANG (zh… or en).
 * Exit status: 0 done, 1 refused (nothing changed), 2 wrong usage (an unknown flag, a bad value).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { userInfo } from 'node:os';
import { basename } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { CatalogEditError, runEdit } from '../src/server/catalog/admin/edits.ts';
import { exportCatalog } from '../src/server/catalog/admin/export-catalog.ts';
import { importCatalog } from '../src/server/catalog/admin/import-catalog.ts';
import { printImportReport } from '../src/server/catalog/admin/import-report.ts';
import { describeProblem, say, toolLocale } from '../src/server/catalog/admin/messages.ts';
import { photoResolver } from '../src/server/catalog/admin/photos.ts';
import { exportTaxonomy, importTaxonomy } from '../src/server/catalog/admin/taxonomy-csv.ts';
import { terminalSafe } from '../src/server/common/terminal-text.ts';
import { openDb } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { readEnv } from '../src/server/env.ts';
import { bucketStore } from '../src/server/media/bucket-store.ts';
import { folderStore } from '../src/server/media/folder-store.ts';
import { mediaBucketOf, mediaStoreOf } from '../src/server/media/media-of.ts';
import { syncMedia } from '../src/server/media/media-sync.ts';
import { pagesUpdateNotice } from '../src/server/ops/page-rebuild-notice.ts';
import { waitingLines } from '../src/server/restock/waiting-report.ts';
import { ReviewReportError, reviewLines } from '../src/server/reviews/review-report.ts';
import { guardConsole } from './lib/terminal.ts';

const USAGE = `usage: npm run catalog -- import <file.csv> [--dry-run] [--withdraw-missing [--yes]] [--photos <folder>]
       npm run catalog -- export [--out <file.csv>]
       npm run catalog -- price <sku> <NT$> | stock <sku> <count> | stock --file <counts.csv>
       npm run catalog -- publish <handle> | withdraw <handle> | log [--limit <n>] | waiting
       npm run catalog -- reviews [--product <slug>] [--stars <n>|<n-m>] [--limit <n>]
       npm run catalog -- brands|categories import <file.csv> [--dry-run] | export [--out <file.csv>]
       npm run catalog -- media sync
       (edits take --by <name>)`;

const OPTIONS = {
  'dry-run': { type: 'boolean', default: false },
  'withdraw-missing': { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
  photos: { type: 'string' },
  out: { type: 'string' },
  file: { type: 'string' },
  by: { type: 'string' },
  limit: { type: 'string', default: '50' },
  product: { type: 'string' },
  stars: { type: 'string' },
} as const;

/** The command line, or the usage with what was wrong (an unknown flag, a flag without its value): exit 2. */
function readArgs() {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (err) {
    console.error(`${err instanceof Error ? terminalSafe(err.message) : String(err)}\n${USAGE}`);
    process.exit(2);
  }
}
const { positionals, values } = readArgs();
const [command, ...args] = positionals;
const locale = toolLocale();
const by = values.by || userInfo().username;

// Import reports and the change log print texts from files and the database.
guardConsole();
const env = readEnv();

/** `media sync`: the photos of MEDIA_DIR into the bucket, before the instances switch to it. */
async function mediaSync(): Promise<number> {
  const bucket = mediaBucketOf(env);
  if (!bucket) {
    console.error(say(locale, 'media_sync_needs_bucket'));
    return 2;
  }
  const from = folderStore(env.MEDIA_DIR);
  const to = bucketStore(bucket);
  console.log(say(locale, 'media_sync_start', { from: from.describe, to: to.describe }));
  let copied = 0;
  try {
    const counts = await syncMedia(from, to, () => copied++);
    console.log(say(locale, 'media_sync_done', { ...counts }));
    return 0;
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    console.error(say(locale, 'media_sync_failed', { reason: e.code ?? e.name ?? String(e.message), copied }));
    return 1;
  }
}

if (command === 'media') {
  if (args[0] === 'sync' && args.length === 1) process.exitCode = await mediaSync();
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} else {
  const db = openDb({ sqlitePath: env.SQLITE_PATH, databaseUrl: env.DATABASE_URL });
  try {
    await migrate(db);
    if (command === 'import' && args[0]) {
      const file = args[0];
      const report = await importCatalog(db, createReadStream(file), {
        dryRun: values['dry-run'],
        withdrawMissing: values['withdraw-missing'],
        withdrawMany: values.yes,
        by,
        subject: terminalSafe(basename(file)),
        now: Date.now(),
        resolveImage: photoResolver(file, mediaStoreOf(env), {
          checkOnly: values['dry-run'],
          ...(values.photos ? { photoDir: values.photos } : {}),
        }),
      });
      printImportReport(report, locale, values['dry-run']);
      process.exitCode = report.problems.length ? 1 : 0;
      if (!report.problems.length && !values['dry-run']) console.log(await pagesUpdateNotice(db, locale, Date.now()));
    } else if (command === 'export') {
      const out = values.out ? createWriteStream(values.out) : process.stdout;
      const { products, variants } = await exportCatalog(db, out);
      if (values.out) {
        out.end();
        await finished(out);
      }
      console.error(`${products} products, ${variants} variants${values.out ? ` → ${values.out}` : ''}`);
    } else if ((command === 'brands' || command === 'categories') && args[0] === 'export') {
      const out = values.out ? createWriteStream(values.out) : process.stdout;
      const n = await exportTaxonomy(db, command, out);
      if (values.out) {
        out.end();
        await finished(out);
      }
      console.error(`${n} ${command}${values.out ? ` → ${values.out}` : ''}`);
    } else if ((command === 'brands' || command === 'categories') && args[0] === 'import' && args[1]) {
      const file = args[1];
      const report = await importTaxonomy(db, command, createReadStream(file), {
        dryRun: values['dry-run'],
        by,
        subject: terminalSafe(basename(file)),
        now: Date.now(),
        resolveImage: photoResolver(file, mediaStoreOf(env), {
          checkOnly: values['dry-run'],
          ...(values.photos ? { photoDir: values.photos } : {}),
        }),
      });
      for (const p of report.problems) console.error(describeProblem(locale, p));
      if (report.problems.length) console.error(say(locale, 'refused', { n: report.problems.length }));
      else
        console.log(
          `${command}: ${report.created.length} created, ${report.updated.length} updated, ${report.unchanged} unchanged${values['dry-run'] ? ' (dry run)' : ''}`,
        );
      process.exitCode = report.problems.length ? 1 : 0;
      if (!report.problems.length && !values['dry-run']) console.log(await pagesUpdateNotice(db, locale, Date.now()));
    } else if (command === 'reviews' && !args.length) {
      const flags = { product: values.product, stars: values.stars, limit: values.limit };
      for (const line of await reviewLines({ db }, flags, locale)) console.log(line);
    } else if (command === 'waiting') {
      for (const line of await waitingLines({ db }, locale)) console.log(line);
    } else if (command && ['price', 'stock', 'publish', 'withdraw', 'log'].includes(command)) {
      for (const line of await runEdit(db, {
        command,
        args,
        file: values.file,
        by,
        limit: Number(values.limit) || 50,
        locale,
      }))
        console.log(line);
      if (command !== 'log') console.log(await pagesUpdateNotice(db, locale, Date.now()));
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } catch (err) {
    if (err instanceof ReviewReportError) {
      console.error(err.message);
      process.exitCode = err.exitCode;
    } else {
      if (!(err instanceof CatalogEditError)) throw err;
      console.error(err.message);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}
