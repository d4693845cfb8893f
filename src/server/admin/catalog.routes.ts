import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_IMPORT_MAX_BYTES, FEED_GAPS_LIST_MAX } from '../../config.ts';
import { readChangesPage } from '../catalog/admin/change-log.ts';
import { CatalogEditError, setPublication, setReturnable, setVariantFields } from '../catalog/admin/edits.ts';
import { exportCatalog } from '../catalog/admin/export-catalog.ts';
import { importCatalog } from '../catalog/admin/import-catalog.ts';
import { importReportLines } from '../catalog/admin/import-report.ts';
import { describeProblem } from '../catalog/admin/messages.ts';
import { photoResolver } from '../catalog/admin/photos.ts';
import type { ImageResolver } from '../catalog/admin/plan.ts';
import { feedGaps } from '../catalog/feed-gaps.ts';
import { ok, paged } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { refusalText } from '../common/refusals.ts';
import { textField } from '../common/text-rules.ts';
import { jsonBody, noQuery, queryOf } from '../common/validation.ts';
import type { ServerEnv } from '../env.ts';
import { mediaStoreOf } from '../media/media-of.ts';
import { pagesUpdateNotice } from '../ops/page-rebuild-notice.ts';
import { pageQuery } from './admin-common.ts';
import { listProductsForConsole } from './catalog-view.ts';
import { type AdminEnv, ownerOnlyRefusal, requireOwner, requireStaff, staffOf } from './staff-auth.ts';

const amount = z.number().int().min(0).max(999_999_999);
const variantBody = z
  .strictObject({ price: amount.optional(), stock: amount.optional() })
  .refine((b) => b.price !== undefined || b.stock !== undefined, { message: 'required' });
const productBody = z.strictObject({ returnable: z.boolean() });
const productsQuery = z.strictObject({
  q: z.string().max(100, { message: 'tooLong' }).optional(),
  state: z.enum(['published', 'withdrawn'], { message: 'invalid' }).optional(),
  low_stock: z.enum(['1', '0']).optional(),
  sold_out: z.enum(['1', '0']).optional(),
  ...pageQuery,
});
const flag = z.enum(['1', '0', 'true', 'false']).optional();
const importQuery = z.strictObject({
  dry_run: flag,
  withdraw_missing: flag,
  confirm_withdraw: flag,
  // The change log's subject: a name shown on one line in the console and the owner's terminal.
  filename: textField({ max: 120, visible: true }).optional(),
});
const on = (v: string | undefined) => v === '1' || v === 'true';

/** Who edits, in the catalog's change log: the staff member's name, as the command records the OS user. */
const byOf = (c: Context<AdminEnv>) => staffOf(c).name;

function editError(err: unknown): unknown {
  if (err instanceof CatalogEditError)
    return new ApiError('CATALOG_EDIT_REFUSED', { params: { reason: refusalText(err.refusal) }, cause: err });
  return err;
}

/**
 * Photos of an uploaded file: web addresses only (a photo folder on the server is the command's
 * option; a path in an uploaded file never reads the server's files).
 */
function uploadPhotos(env: ServerEnv, checkOnly: boolean): ImageResolver {
  const resolver = photoResolver(join(env.MEDIA_DIR, 'console-upload.csv'), mediaStoreOf(env), { checkOnly });
  return (src) => (/^https?:\/\//i.test(src.trim()) ? resolver(src) : Promise.resolve({ problem: 'image_unknown' }));
}

/** The catalog (docs/admin-api.md, Catalog): the same services as `npm run catalog`. */
export const adminCatalog = new Hono<AdminEnv>();

adminCatalog.get('/products', requireStaff, async (c) => {
  const q = queryOf(c, productsQuery);
  return ok(
    c,
    await listProductsForConsole(c.get('deps'), {
      q: q.q,
      state: q.state,
      lowStock: q.low_stock === '1',
      soldOut: q.sold_out === '1',
      page: q.page,
      limit: q.limit,
    }),
  );
});

/** Products on sale that the product feeds leave out for want of a photo (feed-gaps.ts). */
adminCatalog.get('/catalog/feed-gaps', noQuery, requireStaff, async (c) =>
  ok(c, await feedGaps(c.get('deps').db, FEED_GAPS_LIST_MAX)),
);

adminCatalog.patch('/variants/:sku', noQuery, requireStaff, async (c) => {
  const body = await jsonBody(c, variantBody);
  if (body.price !== undefined && staffOf(c).role !== 'owner') throw await ownerOnlyRefusal(c, 'prices');
  const deps = c.get('deps');
  const sku = c.req.param('sku');
  const found = await deps.db.kysely.selectFrom('variants').select('id').where('sku', '=', sku).executeTakeFirst();
  if (!found) throw new ApiError('NOT_FOUND');
  const now = deps.clock.now();
  try {
    const done = await setVariantFields(deps.db, sku, body, byOf(c), now, c.get('locale'));
    return ok(c, { ...done, pages_notice: await pagesUpdateNotice(deps.db, c.get('locale'), now) });
  } catch (err) {
    throw editError(err);
  }
});

for (const action of ['publish', 'withdraw'] as const)
  adminCatalog.post(`/products/:handle/${action}`, noQuery, requireOwner('catalog'), async (c) => {
    const deps = c.get('deps');
    const handle = c.req.param('handle');
    const found = await deps.db.kysely
      .selectFrom('products')
      .select('id')
      .where('slug', '=', handle)
      .executeTakeFirst();
    if (!found) throw new ApiError('NOT_FOUND');
    const now = deps.clock.now();
    try {
      const r = await setPublication(deps.db, handle, action, byOf(c), now, c.get('locale'));
      return ok(c, {
        handle,
        state: r.state,
        changed: r.changed,
        pages_notice: await pagesUpdateNotice(deps.db, c.get('locale'), now),
      });
    } catch (err) {
      throw editError(err);
    }
  });

adminCatalog.patch('/products/:handle', noQuery, requireOwner('catalog'), async (c) => {
  const body = await jsonBody(c, productBody);
  const deps = c.get('deps');
  const handle = c.req.param('handle');
  const found = await deps.db.kysely.selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirst();
  if (!found) throw new ApiError('NOT_FOUND');
  const now = deps.clock.now();
  try {
    const r = await setReturnable(deps.db, handle, body.returnable, byOf(c), now, c.get('locale'));
    return ok(c, { handle, ...r, pages_notice: await pagesUpdateNotice(deps.db, c.get('locale'), now) });
  } catch (err) {
    throw editError(err);
  }
});

adminCatalog.post('/catalog/import', requireOwner('catalog'), async (c) => {
  const q = queryOf(c, importQuery);
  const deps = c.get('deps');
  const locale = c.get('locale');
  const dryRun = on(q.dry_run);
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > ADMIN_IMPORT_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
  const body = c.req.raw.body;
  if (!body) throw new ApiError('BAD_REQUEST');
  const now = deps.clock.now();
  const report = await importCatalog(deps.db, Readable.fromWeb(body as unknown as NodeReadableStream), {
    dryRun,
    withdrawMissing: on(q.withdraw_missing),
    withdrawMany: on(q.confirm_withdraw),
    by: byOf(c),
    subject: q.filename || 'console upload',
    now,
    resolveImage: uploadPhotos(deps.env, dryRun),
  });
  return ok(c, {
    dry_run: dryRun,
    applied: report.applied,
    problems: report.problems.map((p) => ({ ...p, message: describeProblem(locale, p, 'console') })),
    unknown_columns: report.unknownColumns,
    generated_skus: report.generatedSkus,
    brands_created: report.brandsCreated,
    categories_created: report.categoriesCreated,
    withdrawn: report.withdrawn,
    counts: report.counts,
    lines: importReportLines(report, locale, dryRun, 'console'),
    ...(report.applied ? { pages_notice: await pagesUpdateNotice(deps.db, locale, now) } : {}),
  });
});

adminCatalog.get('/catalog/export', noQuery, requireOwner('catalog'), async (c) => {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  await exportCatalog(c.get('deps').db, sink);
  const day = new Date(c.get('deps').clock.now()).toISOString().slice(0, 10);
  return c.body(Buffer.concat(chunks).toString('utf8'), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="catalog-${day}.csv"`,
  });
});

adminCatalog.get('/catalog/changes', requireStaff, async (c) => {
  const q = queryOf(c, z.strictObject(pageQuery));
  const { total, rows } = await readChangesPage(c.get('deps').db.kysely, q.page, q.limit);
  return ok(
    c,
    paged(
      rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at) })),
      total,
      q.page,
      q.limit,
    ),
  );
});
