import type { Readable } from 'node:stream';
import { CATALOG_WITHDRAW_MAX_SHARE } from '../../../config.ts';
import type { Db } from '../../db/index.ts';
import { type Applied, applyPlan, countPlan } from './apply.ts';
import { logChange } from './change-log.ts';
import { COL, normalizeHeader, READ_COLUMNS } from './columns.ts';
import type { Problem } from './messages.ts';
import { ProductCollector } from './parse-products.ts';
import { type ImageResolver, type NewTaxon, planImport } from './plan.ts';
import { readCsv, readProblem } from './read-csv.ts';
import { loadSnapshot } from './snapshot.ts';

export interface ImportOptions {
  dryRun: boolean;
  withdrawMissing: boolean;
  /** Lets --withdraw-missing withdraw more than CATALOG_WITHDRAW_MAX_SHARE of the products on sale (--yes). */
  withdrawMany?: boolean;
  /** Who runs it, for the change log. */
  by: string;
  /** The file's name, for the change log. */
  subject: string;
  now: number;
  resolveImage: ImageResolver;
}

export interface ImportReport {
  /** True when the file was written (never on a dry run or when a row is refused). */
  applied: boolean;
  problems: Problem[];
  unknownColumns: string[];
  generatedSkus: { line: number; sku: string }[];
  brandsCreated: NewTaxon[];
  categoriesCreated: NewTaxon[];
  withdrawn: string[];
  counts: Applied;
}

/** A photo in the file that no image resolver was given for. */
export const noPhotos: ImageResolver = async () => ({ problem: 'image_unknown' });

/**
 * Imports a Shopify product CSV: streams and checks every row, resolves it against the stored
 * catalogue, then applies the whole file in one transaction, or nothing when any row is refused.
 */
export async function importCatalog(db: Db, input: Readable, opts: ImportOptions): Promise<ImportReport> {
  const collector = new ProductCollector();
  let unknownColumns: string[] = [];
  const problems: Problem[] = [];
  let header = false;
  try {
    for await (const row of readCsv(input, (h) => {
      header = true;
      unknownColumns = h.names.filter((n) => n && !READ_COLUMNS.has(normalizeHeader(n)));
      for (const col of [COL.handle, COL.title])
        if (!h.has(col)) problems.push({ line: 1, column: col, code: 'header_missing', args: { value: col } });
    })) {
      if (problems.length) break;
      collector.add(row);
    }
  } catch (err) {
    problems.push(readProblem(err));
  }
  // An empty file has no header at all: it names no product, and must never read as "withdraw them all".
  if (!header && !problems.length)
    for (const col of [COL.handle, COL.title])
      problems.push({ line: 1, column: col, code: 'header_missing', args: { value: col } });
  problems.push(...collector.problems);
  const snapshot = await loadSnapshot(db.kysely);
  const plan = await planImport(collector.products.values(), snapshot, {
    now: opts.now,
    withdrawMissing: opts.withdrawMissing,
    resolveImage: opts.resolveImage,
  });
  problems.push(...plan.problems);
  const onSale = [...snapshot.products.values()].filter((p) => p.withdrawn_at === null).length;
  if (header && plan.withdraw.length > onSale * CATALOG_WITHDRAW_MAX_SHARE && !opts.withdrawMany)
    problems.push({ line: 0, column: '', code: 'withdraw_too_many', args: { n: plan.withdraw.length, total: onSale } });
  problems.sort((a, b) => a.line - b.line);
  const counts = countPlan(plan);
  const report: ImportReport = {
    applied: false,
    problems,
    unknownColumns,
    generatedSkus: plan.generatedSkus,
    brandsCreated: plan.brands,
    categoriesCreated: plan.categories,
    withdrawn: plan.withdraw.map((p) => p.slug),
    counts,
  };
  if (problems.length || opts.dryRun) return report;
  await db.kysely.transaction().execute(async (trx) => {
    await applyPlan(trx, plan, opts.now);
    await logChange(trx, {
      at: opts.now,
      by: opts.by,
      action: 'import',
      subject: opts.subject,
      before: '',
      after: JSON.stringify({ ...counts, withdrawn: report.withdrawn.length }),
    });
  });
  report.applied = true;
  return report;
}
