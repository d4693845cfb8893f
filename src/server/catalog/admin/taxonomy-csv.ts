import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { escapeCell } from '../../../lib/csv-cells.ts';
import { stableUid } from '../../common/prng.ts';
import type { Db } from '../../db/index.ts';
import { logChange } from './change-log.ts';
import type { Problem } from './messages.ts';
import { SLUG } from './parse-products.ts';
import type { ImageResolver } from './plan.ts';
import { readCsv, readProblem } from './read-csv.ts';

export type TaxonomyKind = 'brands' | 'categories';

/** The columns of the brands and categories CSV (`parent`: categories only, a category's slug). */
export const TAXONOMY_COLUMNS = ['slug', 'name_zh', 'name_en', 'description_zh', 'description_en', 'image', 'sort'];
const columnsOf = (kind: TaxonomyKind) => (kind === 'categories' ? [...TAXONOMY_COLUMNS, 'parent'] : TAXONOMY_COLUMNS);

/** Writes every brand (or category) as CSV, in the shop's order. */
export async function exportTaxonomy(db: Db, kind: TaxonomyKind, out: Writable): Promise<number> {
  const rows = await db.kysely.selectFrom(kind).selectAll().orderBy('sort').orderBy('id').execute();
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  const csv = stringify({ header: true, columns: columnsOf(kind), bom: true });
  csv.pipe(out);
  for (const r of rows) {
    const parent = 'parent_id' in r && r.parent_id ? (slugOf.get(r.parent_id as number) ?? '') : '';
    const cells = Object.fromEntries(Object.entries({ ...r, parent }).map(([k, v]) => [k, escapeCell(v as string)]));
    if (!csv.write(cells)) await once(csv, 'drain');
  }
  csv.end();
  await once(csv, 'end');
  return rows.length;
}

export interface TaxonomyReport {
  applied: boolean;
  problems: Problem[];
  created: string[];
  updated: string[];
  unchanged: number;
}

interface Draft {
  line: number;
  slug: string;
  name_zh: string;
  name_en: string;
  description_zh: string | undefined;
  description_en: string | undefined;
  image: string | undefined;
  sort: number | undefined;
  parent: string | undefined;
}

/**
 * Imports brands (or categories) by slug: every row checked first (slug, name, sort, parent, image),
 * then all applied in one transaction or none. A column that is absent leaves that value as it is.
 */
export async function importTaxonomy(
  db: Db,
  kind: TaxonomyKind,
  input: Readable,
  opts: { dryRun: boolean; by: string; subject: string; now: number; resolveImage: ImageResolver },
): Promise<TaxonomyReport> {
  const problems: Problem[] = [];
  const drafts: Draft[] = [];
  const seen = new Map<string, number>();
  const problem = (line: number, column: string, code: Problem['code'], args?: Problem['args']) =>
    problems.push({ line, column, code, ...(args ? { args } : {}) });
  try {
    for await (const row of readCsv(input, (h) => {
      for (const col of ['slug', 'name_zh']) if (!h.has(col)) problem(1, col, 'header_missing', { value: col });
    })) {
      const get = (c: string) => row.get(c)?.trim();
      const slug = get('slug') ?? '';
      if (!SLUG.test(slug)) problem(row.line, 'slug', 'slug_invalid', { value: slug });
      else if (seen.has(slug)) problem(row.line, 'slug', 'slug_duplicate', { value: slug, line: seen.get(slug)! });
      else seen.set(slug, row.line);
      const name_zh = get('name_zh') ?? '';
      if (!name_zh) problem(row.line, 'name_zh', 'name_missing');
      for (const c of ['name_zh', 'name_en'])
        if ((get(c)?.length ?? 0) > 100) problem(row.line, c, 'too_long', { max: 100 });
      const sortText = get('sort');
      if (sortText && !/^\d{1,6}$/.test(sortText)) problem(row.line, 'sort', 'count_invalid', { value: sortText });
      drafts.push({
        line: row.line,
        slug,
        name_zh,
        name_en: get('name_en') || name_zh,
        description_zh: row.get('description_zh'),
        description_en: row.get('description_en'),
        image: get('image'),
        sort: sortText ? Number(sortText) : undefined,
        parent: kind === 'categories' ? get('parent') || undefined : undefined,
      });
    }
  } catch (err) {
    problems.push(readProblem(err));
  }
  const k = db.kysely;
  const stored = await k.selectFrom(kind).selectAll().execute();
  const bySlug = new Map(stored.map((r) => [r.slug, r]));
  const sizes = new Map(stored.map((r) => [r.image, { width: r.image_width, height: r.image_height }]));
  const images = new Map<number, { src: string; width: number; height: number }>();
  for (const d of drafts) {
    if (d.parent && d.parent === d.slug) problem(d.line, 'parent', 'slug_invalid', { value: d.parent });
    else if (d.parent && !bySlug.has(d.parent) && !seen.has(d.parent))
      problem(d.line, 'parent', 'parent_unknown', { value: d.parent });
    if (!d.image) continue;
    const size = sizes.get(d.image);
    if (size) {
      images.set(d.line, { src: d.image, ...size });
      continue;
    }
    const got = await opts.resolveImage(d.image);
    if ('problem' in got) problem(d.line, 'image', got.problem, { value: d.image, reason: got.reason ?? '' });
    else images.set(d.line, got);
  }
  const report: TaxonomyReport = { applied: false, problems, created: [], updated: [], unchanged: 0 };
  problems.sort((a, b) => a.line - b.line);
  type Fields = Record<string, string | number | null>;
  const planned = drafts.map((d) => {
    const before = bySlug.get(d.slug);
    const img = images.get(d.line);
    const fields: Fields = {
      slug: d.slug,
      name_zh: d.name_zh,
      name_en: d.name_en,
      description_zh: d.description_zh ?? before?.description_zh ?? '',
      description_en: d.description_en ?? before?.description_en ?? '',
      image: d.image === undefined ? (before?.image ?? '') : (img?.src ?? ''),
      image_width: d.image === undefined ? (before?.image_width ?? 0) : (img?.width ?? 0),
      image_height: d.image === undefined ? (before?.image_height ?? 0) : (img?.height ?? 0),
      sort: d.sort ?? before?.sort ?? 0,
    };
    const changed = !before || Object.keys(fields).some((f) => (before as unknown as Fields)[f] !== fields[f]);
    const parentChanged =
      kind === 'categories' && d.parent !== undefined && (!before || parentSlug(before) !== d.parent);
    if (!before) report.created.push(d.slug);
    else if (changed || parentChanged) report.updated.push(d.slug);
    else report.unchanged++;
    return { d, before, fields, changed: changed || parentChanged };
  });
  function parentSlug(r: (typeof stored)[number]) {
    const id = 'parent_id' in r ? (r.parent_id as number | null) : null;
    return id ? stored.find((s) => s.id === id)?.slug : undefined;
  }
  if (problems.length || opts.dryRun) return report;
  await k.transaction().execute(async (trx) => {
    const ids = new Map(stored.map((r) => [r.slug, r.id]));
    for (const p of planned) {
      if (!p.changed) continue;
      if (p.before)
        await trx
          .updateTable(kind)
          .set({ ...p.fields, updated_at: opts.now })
          .where('id', '=', p.before.id)
          .execute();
      else {
        const row = await trx
          .insertInto(kind)
          .values({
            ...p.fields,
            uid: stableUid(`${kind === 'brands' ? 'brand' : 'category'}:${p.d.slug}`),
            created_at: opts.now,
            updated_at: opts.now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(p.d.slug, row.id);
      }
    }
    if (kind === 'categories')
      for (const p of planned)
        if (p.d.parent !== undefined)
          await trx
            .updateTable('categories')
            .set({ parent_id: ids.get(p.d.parent) ?? null })
            .where('slug', '=', p.d.slug)
            .execute();
    await logChange(trx, {
      at: opts.now,
      by: opts.by,
      action: 'import',
      subject: `${kind}: ${opts.subject}`,
      before: '',
      after: JSON.stringify({ created: report.created.length, updated: report.updated.length }),
    });
  });
  report.applied = true;
  return report;
}
