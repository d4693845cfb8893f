import { createReadStream } from 'node:fs';
import { type Refusal, refusalIn } from '../../common/refusals.ts';
import { terminalSafe } from '../../common/terminal-text.ts';
import type { Db } from '../../db/index.ts';
import { queueRestocked } from '../../restock/restock-queue.ts';
import { logChange, readChanges } from './change-log.ts';
import type { ToolLocale } from './messages.ts';
import { readCsv } from './read-csv.ts';

/** A refused edit (unknown SKU, a bad amount): the refusal, and its text in the tool's language as the message. */
export class CatalogEditError extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal, locale: ToolLocale) {
    super(refusalIn(refusal, locale));
    this.name = 'CatalogEditError';
    this.refusal = refusal;
  }
}

const WHOLE = /^\d{1,9}$/;

const TEXT = {
  usage: { 'zh-TW': '用法錯誤', en: 'wrong usage' },
  noSku: { 'zh-TW': '找不到 SKU', en: 'no variant has the SKU' },
  badCount: { 'zh-TW': '數量須為 0 或正整數', en: 'the count must be a whole number of 0 or more' },
  noChanges: { 'zh-TW': '沒有變更紀錄。', en: 'No changes recorded.' },
  unchanged: { 'zh-TW': '未變更', en: 'unchanged' },
} as const;

export interface EditRequest {
  command: string;
  args: string[];
  file: string | undefined;
  by: string;
  limit: number;
  locale: ToolLocale;
  now?: number;
}

/**
 * The everyday edits: price, stock (one SKU or a stocktaking file), publish, withdraw, each in a
 * transaction with its change-log line, and `log`. A product's `updated_at` moves with every edit, so
 * the catalogue fingerprint moves and the next rebuild shows it. Returns the lines to print.
 */
export async function runEdit(db: Db, r: EditRequest): Promise<string[]> {
  const t = sayIn(r.locale);
  const now = r.now ?? Date.now();
  const k = db.kysely;
  const [a, b] = r.args;
  if (r.command === 'log') {
    const rows = await readChanges(k, Math.max(1, Math.min(1000, r.limit)));
    if (!rows.length) return [t('noChanges')];
    return rows.map((c) =>
      [
        new Date(Number(c.at)).toISOString().replace('T', ' ').slice(0, 19),
        terminalSafe(c.by),
        c.action,
        terminalSafe(c.subject),
        `${terminalSafe(c.before)} → ${terminalSafe(c.after)}`,
      ].join('  '),
    );
  }
  if (r.command === 'price') {
    if (!a || !b) throw t.refuse({ code: 'edit_usage' });
    if (!WHOLE.test(b)) throw t.refuse({ code: 'price_whole', params: { value: b } });
    return [await setVariant(db, 'price', a, Number(b), r.by, now, t)];
  }
  if (r.command === 'stock') {
    if (r.file) return stocktake(db, r.file, r.by, now, t);
    if (!a || !b) throw t.refuse({ code: 'edit_usage' });
    if (!WHOLE.test(b)) throw t.refuse({ code: 'count_whole', params: { value: b } });
    return [await setVariant(db, 'stock', a, Number(b), r.by, now, t)];
  }
  if (r.command === 'publish' || r.command === 'withdraw') {
    if (!a) throw t.refuse({ code: 'edit_usage' });
    return [(await setPublication(db, a, r.command, r.by, now, r.locale)).line];
  }
  throw t.refuse({ code: 'edit_usage' });
}

/** The texts of one language, and a refusal in it. */
const sayIn = (locale: ToolLocale) =>
  Object.assign((k: keyof typeof TEXT) => TEXT[k][locale], {
    refuse: (refusal: Refusal) => new CatalogEditError(refusal, locale),
  });
type Say = ReturnType<typeof sayIn>;

/**
 * Publishes or withdraws a product by its handle, with its change-log line (`by`: who), in one
 * transaction. The command's `publish`/`withdraw` and the console's buttons both come here.
 */
export async function setPublication(
  db: Db,
  handle: string,
  action: 'publish' | 'withdraw',
  by: string,
  now: number,
  locale: ToolLocale,
): Promise<{ state: 'published' | 'withdrawn'; changed: boolean; line: string }> {
  const t = sayIn(locale);
  return db.kysely.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('products')
      .select(['id', 'withdrawn_at'])
      .where('slug', '=', handle)
      .executeTakeFirst();
    if (!p) throw t.refuse({ code: 'handle_unknown', params: { handle } });
    const before = p.withdrawn_at === null ? 'published' : 'withdrawn';
    const after = action === 'publish' ? 'published' : 'withdrawn';
    if (before === after) return { state: after, changed: false, line: `${handle}: ${after} (${t('unchanged')})` };
    await trx
      .updateTable('products')
      .set({ withdrawn_at: after === 'published' ? null : now, updated_at: now })
      .where('id', '=', p.id)
      .execute();
    await logChange(trx, { at: now, by, action, subject: handle, before, after });
    if (after === 'published') await queueRestocked(trx, now, await variantIdsOf(trx, p.id));
    return { state: after, changed: true, line: `${handle}: ${before} → ${after}` };
  });
}

/**
 * Marks a product as returnable or not (excluded from the seven-day return once opened: sealed media,
 * software, in-ear products), with its change-log line, in one transaction; `updated_at` moves, so the
 * product's page is rebuilt with its notice.
 */
export async function setReturnable(
  db: Db,
  handle: string,
  returnable: boolean,
  by: string,
  now: number,
  locale: ToolLocale,
): Promise<{ returnable: boolean; changed: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('products')
      .select(['id', 'returnable'])
      .where('slug', '=', handle)
      .executeTakeFirst();
    if (!p) throw new CatalogEditError({ code: 'handle_unknown', params: { handle } }, locale);
    const before = Number(p.returnable) === 1;
    if (before === returnable) return { returnable, changed: false };
    await trx
      .updateTable('products')
      .set({ returnable: returnable ? 1 : 0, updated_at: now })
      .where('id', '=', p.id)
      .execute();
    const word = (v: boolean) => (v ? 'returnable' : 'not returnable');
    await logChange(trx, {
      at: now,
      by,
      action: 'returnable',
      subject: handle,
      before: word(before),
      after: word(returnable),
    });
    return { returnable, changed: true };
  });
}

/**
 * Sets a variant's price and/or stock (the console's in-place edit) in one transaction, each field as
 * the command's `price`/`stock` sets it, with its change-log line. Returns the lines and the values.
 */
export async function setVariantFields(
  db: Db,
  sku: string,
  values: { price?: number | undefined; stock?: number | undefined },
  by: string,
  now: number,
  locale: ToolLocale,
): Promise<{ sku: string; price: number; stock: number; changes: string[] }> {
  const t = sayIn(locale);
  if (values.price !== undefined && !WHOLE.test(String(values.price)))
    throw t.refuse({ code: 'price_whole', params: { value: String(values.price) } });
  if (values.stock !== undefined && !WHOLE.test(String(values.stock)))
    throw t.refuse({ code: 'count_whole', params: { value: String(values.stock) } });
  return db.kysely.transaction().execute(async (trx) => {
    const changes: string[] = [];
    if (values.price !== undefined) changes.push(await setVariantIn(trx, 'price', sku, values.price, by, now, t));
    if (values.stock !== undefined) changes.push(await setVariantIn(trx, 'stock', sku, values.stock, by, now, t));
    const v = await trx.selectFrom('variants').select(['price', 'stock']).where('sku', '=', sku).executeTakeFirst();
    if (!v) throw t.refuse({ code: 'sku_unknown', params: { sku } });
    return { sku, price: Number(v.price), stock: Number(v.stock), changes };
  });
}

/** Sets one variant's price or stock, keeps the product's lowest price and total stock in step, logs it. */
async function setVariant(
  db: Db,
  field: 'price' | 'stock',
  sku: string,
  value: number,
  by: string,
  now: number,
  t: Say,
) {
  return db.kysely.transaction().execute((trx) => setVariantIn(trx, field, sku, value, by, now, t));
}

async function setVariantIn(
  trx: Db['kysely'],
  field: 'price' | 'stock',
  sku: string,
  value: number,
  by: string,
  now: number,
  t: Say,
): Promise<string> {
  const v = await trx
    .selectFrom('variants')
    .select(['id', 'product_id', 'price', 'stock'])
    .where('sku', '=', sku)
    .executeTakeFirst();
  if (!v) throw t.refuse({ code: 'sku_unknown', params: { sku } });
  const before = v[field];
  if (before === value) return `${sku}: ${field} ${value} (${t('unchanged')})`;
  await trx
    .updateTable('variants')
    .set({ [field]: value })
    .where('id', '=', v.id)
    .execute();
  const all = await trx
    .selectFrom('variants')
    .select(['price', 'compare_at_price', 'stock'])
    .where('product_id', '=', v.product_id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const cheapest = all.reduce((x, y) => (y.price < x.price ? y : x));
  await trx
    .updateTable('products')
    .set({
      price: cheapest.price,
      compare_at_price: cheapest.compare_at_price,
      stock: all.reduce((s, x) => s + x.stock, 0),
      updated_at: now,
    })
    .where('id', '=', v.product_id)
    .execute();
  await logChange(trx, { at: now, by, action: field, subject: sku, before: String(before), after: String(value) });
  if (field === 'stock' && value > 0) await queueRestocked(trx, now, [v.id]);
  return `${sku}: ${field} ${before} → ${value}`;
}

const variantIdsOf = async (trx: Db['kysely'], productId: number) =>
  (await trx.selectFrom('variants').select('id').where('product_id', '=', productId).execute()).map((r) => r.id);

/** Stocktaking: a CSV of sku,count (a header row naming them); every line checked before any is written. */
async function stocktake(db: Db, file: string, by: string, now: number, t: Say): Promise<string[]> {
  const counts: { line: number; sku: string; count: number }[] = [];
  const problems: string[] = [];
  for await (const row of readCsv(createReadStream(file), () => {})) {
    const sku = row.get('sku')?.trim() ?? '';
    const count = row.get('count')?.trim() ?? '';
    if (!sku) problems.push(`line ${row.line}: sku: ${t('usage')}`);
    else if (!WHOLE.test(count)) problems.push(`line ${row.line}: count: ${t('badCount')}: ${count}`);
    else counts.push({ line: row.line, sku, count: Number(count) });
  }
  const known = new Set<string>();
  for (let i = 0; i < counts.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('variants')
      .select('sku')
      .where(
        'sku',
        'in',
        counts.slice(i, i + 500).map((c) => c.sku),
      )
      .execute();
    for (const r of rows) known.add(r.sku);
  }
  for (const c of counts) if (!known.has(c.sku)) problems.push(`line ${c.line}: sku: ${t('noSku')}: ${c.sku}`);
  if (problems.length) throw t.refuse({ code: 'stock_file', params: { list: problems.join('\n') } });
  return db.kysely.transaction().execute(async (trx) => {
    const lines: string[] = [];
    for (const c of counts) lines.push(await setVariantIn(trx, 'stock', c.sku, c.count, by, now, t));
    return lines;
  });
}
