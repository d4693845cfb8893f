import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { escapeCell } from '../../../lib/csv-cells.ts';
import type { Db } from '../../db/index.ts';
import { COL, DEFAULT_OPTION_NAME, DEFAULT_OPTION_VALUE, EXPORT_COLUMNS, optionCols } from './columns.ts';
import { OPTION_JOIN } from './parse-products.ts';
import type { ImageRow, VariantRow } from './snapshot.ts';

/** Products read per round trip to the database. */
const PAGE = 500;

type Options = { names: string[]; namesEn: string[]; values: string[]; valuesEn: string[] };

/** Splits a variant's joined option name and value back into Shopify's Option1–3 when they line up. */
function optionsOf(v: VariantRow): Options {
  if (!v.option_name_zh && !v.option_value_zh)
    return { names: [DEFAULT_OPTION_NAME], namesEn: [''], values: [DEFAULT_OPTION_VALUE], valuesEn: [''] };
  const parts = [v.option_name_zh, v.option_name_en, v.option_value_zh, v.option_value_en].map((s) =>
    s.split(OPTION_JOIN),
  );
  const n = parts[0]!.length;
  if (n <= 3 && parts.every((p) => p.length === n)) {
    const [names, namesEn, values, valuesEn] = parts as [string[], string[], string[], string[]];
    return { names, namesEn, values, valuesEn };
  }
  return {
    names: [v.option_name_zh],
    namesEn: [v.option_name_en],
    values: [v.option_value_zh],
    valuesEn: [v.option_value_en],
  };
}

/**
 * Writes the whole catalogue as a Shopify product CSV (with our own columns), product by product; a
 * text that begins like a formula is written after an apostrophe.
 */
export async function exportCatalog(db: Db, out: Writable): Promise<{ products: number; variants: number }> {
  const csv = stringify({ header: true, columns: EXPORT_COLUMNS, bom: true });
  csv.pipe(out);
  const write = async (row: Record<string, string | number>) => {
    // No cell may reach a spreadsheet as a formula (src/lib/csv-cells.ts); import reads them back unchanged.
    for (const k of Object.keys(row)) row[k] = escapeCell(row[k]!);
    if (!csv.write(row)) await once(csv, 'drain');
  };
  let products = 0;
  let variants = 0;
  let after = 0;
  for (;;) {
    const page = await db.kysely
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select([
        'b.slug as brand_slug',
        'b.name_zh as brand_zh',
        'b.name_en as brand_en',
        'c.slug as category_slug',
        'c.name_zh as category_zh',
        'c.name_en as category_en',
      ])
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(PAGE)
      .execute();
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    const ids = page.map((p) => p.id);
    const vs = (await db.kysely
      .selectFrom('variants')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('sort')
      .orderBy('id')
      .execute()) as VariantRow[];
    const imgs = (await db.kysely
      .selectFrom('product_images')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('sort')
      .orderBy('id')
      .execute()) as ImageRow[];
    for (const p of page) {
      const pv = vs.filter((v) => v.product_id === p.id);
      const pi = imgs.filter((i) => i.product_id === p.id);
      products++;
      variants += pv.length;
      const first = pv[0] ? optionsOf(pv[0]) : undefined;
      const side = Math.max(p.length_cm, p.width_cm, p.height_cm);
      for (let i = 0; i < Math.max(pv.length, pi.length, 1); i++) {
        const row: Record<string, string | number> = { [COL.handle]: p.slug };
        if (i === 0) {
          Object.assign(row, {
            [COL.title]: p.name_zh,
            [COL.body]: p.description_zh,
            [COL.vendor]: p.brand_zh,
            [COL.type]: p.category_zh,
            [COL.tags]: p.tags,
            [COL.published]: p.withdrawn_at === null ? 'TRUE' : 'FALSE',
            [COL.returnable]: Number(p.returnable) === 1 ? 'TRUE' : 'FALSE',
            'Gift Card': 'FALSE',
            [COL.seoTitle]: p.seo_title,
            [COL.seoDescription]: p.seo_description,
            [COL.status]: p.withdrawn_at === null ? 'active' : 'draft',
            [COL.titleEn]: p.name_en,
            [COL.bodyEn]: p.description_en,
            [COL.summary]: p.summary_zh,
            [COL.summaryEn]: p.summary_en,
            [COL.vendorEn]: p.brand_en,
            [COL.typeEn]: p.category_en,
            [COL.brandSlug]: p.brand_slug,
            [COL.categorySlug]: p.category_slug,
            [COL.side]: side > 0 ? side : '',
          });
          first?.names.forEach((name, n) => {
            const c = optionCols((n + 1) as 1 | 2 | 3);
            row[c.name] = name;
            row[c.nameEn] = first.namesEn[n] ?? '';
          });
        }
        const v = pv[i];
        if (v) {
          const o = optionsOf(v);
          o.values.forEach((value, n) => {
            const c = optionCols((n + 1) as 1 | 2 | 3);
            row[c.value] = value;
            row[c.valueEn] = o.valuesEn[n] ?? '';
          });
          Object.assign(row, {
            [COL.sku]: v.sku,
            [COL.grams]: p.weight_g,
            'Variant Inventory Tracker': 'shopify',
            [COL.qty]: v.stock,
            'Variant Inventory Policy': 'deny',
            'Variant Fulfillment Service': 'manual',
            [COL.price]: v.price,
            [COL.compare]: v.compare_at_price ?? '',
            'Variant Requires Shipping': 'TRUE',
            'Variant Taxable': 'TRUE',
            [COL.variantImage]: v.image,
            'Variant Weight Unit': 'g',
          });
        }
        const img = pi[i];
        if (img)
          Object.assign(row, {
            [COL.imageSrc]: img.src,
            [COL.imagePosition]: i + 1,
            [COL.imageAlt]: img.alt_zh,
            [COL.imageAltEn]: img.alt_en,
          });
        await write(row);
      }
    }
  }
  csv.end();
  await once(csv, 'end');
  return { products, variants };
}
