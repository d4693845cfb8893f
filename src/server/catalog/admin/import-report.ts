import type { ImportReport } from './import-catalog.ts';
import { describeProblem, type Surface, say, type ToolLocale } from './messages.ts';

/** The import's report as lines for the owner's terminal (or the console, as `surface` says). */
export function importReportLines(
  r: ImportReport,
  locale: ToolLocale,
  dryRun: boolean,
  surface: Surface = 'terminal',
): string[] {
  const lines: string[] = [];
  if (r.unknownColumns.length) lines.push(say(locale, 'unknown_columns', { list: r.unknownColumns.join(', ') }));
  if (r.problems.length) {
    for (const p of r.problems) lines.push(describeProblem(locale, p, surface));
    lines.push(say(locale, 'refused', { n: r.problems.length }));
    return lines;
  }
  for (const g of r.generatedSkus) lines.push(say(locale, 'sku_generated', g));
  for (const b of r.brandsCreated) lines.push(say(locale, 'brand_created', { slug: b.slug, name: b.name_zh }));
  for (const c of r.categoriesCreated) lines.push(say(locale, 'category_created', { slug: c.slug, name: c.name_zh }));
  if (r.withdrawn.length) lines.push(say(locale, 'withdrawn', { list: r.withdrawn.join(', ') }));
  const c = r.counts;
  lines.push(
    say(locale, 'counts', {
      pc: c.productsCreated,
      pu: c.productsUpdated,
      pn: c.productsUnchanged,
      vc: c.variantsCreated,
      vu: c.variantsUpdated,
      vr: c.variantsRemoved,
      vz: c.variantsZeroed,
    }),
  );
  lines.push(say(locale, dryRun ? 'dry_ok' : 'applied'));
  return lines;
}

export function printImportReport(r: ImportReport, locale: ToolLocale, dryRun: boolean): void {
  const lines = importReportLines(r, locale, dryRun);
  (r.problems.length ? console.error : console.log)(lines.join('\n'));
}
