import { createHash } from 'node:crypto';
import { COL } from './columns.ts';
import type { Problem } from './messages.ts';
import { type DraftProduct, type DraftVariant, OPTION_JOIN, SLUG } from './parse-products.ts';
import type { ImageRow, ProductRow, Snapshot, TaxonRow, VariantRow } from './snapshot.ts';

/** How a photo named in the file becomes a stored image; a failure is a row problem. */
export type ImageResolver = (
  src: string,
) => Promise<{ src: string; width: number; height: number } | { problem: Problem['code']; reason?: string }>;

export type NewTaxon = { slug: string; name_zh: string; name_en: string };
/** A brand or category: an existing id, or the slug of one the import creates. */
export type TaxonRef = { id: number } | { slug: string };

export type ProductFields = Omit<ProductRow, 'id' | 'uid' | 'brand_id' | 'category_id' | 'created_at' | 'updated_at'>;
export type VariantFields = Omit<VariantRow, 'id' | 'product_id'>;
export type ImageFields = Omit<ImageRow, 'id' | 'product_id'>;

export interface PlannedProduct {
  existing: ProductRow | undefined;
  brand: TaxonRef;
  category: TaxonRef;
  fields: ProductFields;
  /** Whether the product row, its variants or its images change. */
  changed: boolean;
  variants: { existing: VariantRow | undefined; fields: VariantFields; changed: boolean }[];
  /** Variants absent from the file: deleted, or kept at stock 0 when orders point at them. */
  removed: VariantRow[];
  zeroed: VariantRow[];
  /** The new list of images when it differs from the stored one. */
  images: ImageFields[] | null;
}

export interface Plan {
  products: PlannedProduct[];
  brands: NewTaxon[];
  categories: NewTaxon[];
  generatedSkus: { line: number; sku: string }[];
  withdraw: ProductRow[];
  problems: Problem[];
}

const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);

const shortHash = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 6);

/** A stable SKU for a variant the file gives none: the same handle and options always give the same one. */
export const generatedSku = (handle: string, values: string[]) =>
  `${handle.slice(0, 56).toUpperCase()}-${shortHash(values.join('\u0000')).toUpperCase()}`;

/** English text where the file gives none: the stored English while the Chinese is unchanged, else the Chinese. */
const english = (given: string | undefined, zh: string, storedZh: string | undefined, storedEn: string | undefined) =>
  given ? given : storedZh === zh && storedEn !== undefined ? storedEn : zh;

const joinEn = (en: string[], zh: string[]) =>
  en.some((e) => e) ? zh.map((z, i) => en[i] || z).join(OPTION_JOIN) : '';

/** Resolves every drafted product against the stored catalogue and works out what changes. */
export async function planImport(
  drafts: Iterable<DraftProduct>,
  snap: Snapshot,
  opts: { now: number; withdrawMissing: boolean; resolveImage: ImageResolver },
): Promise<Plan> {
  const problems: Problem[] = [];
  const plan: Plan = { products: [], brands: [], categories: [], generatedSkus: [], withdraw: [], problems };
  const brands = taxa(snap.brands, plan.brands);
  const categories = taxa(snap.categories, plan.categories);
  const inFile = new Set<string>();
  const problem = (line: number, column: string, code: Problem['code'], args?: Problem['args']) =>
    problems.push({ line, column, code, ...(args ? { args } : {}) });

  for (const d of drafts) {
    inFile.add(d.handle);
    const existing = snap.products.get(d.handle);
    const brand = brands.find(d.brandSlug, d.vendor, d.vendorEn) ?? (existing ? { id: existing.brand_id } : undefined);
    if (!brand) problem(d.line, COL.vendor, 'brand_missing');
    const category =
      categories.find(d.categorySlug, d.category, d.categoryEn) ??
      (existing ? { id: existing.category_id } : undefined);
    if (!category) problem(d.line, COL.type, 'category_missing');

    // Photos: the stored one when the file names a photo already in the shop, else read and converted.
    const stored = new Map<string, string>();
    const images: ImageFields[] = [];
    const storedImages = existing ? (snap.imagesByProduct.get(existing.id) ?? []) : [];
    const ordered = d.images
      .map((img, i) => ({ img, i }))
      .sort((a, b) => (a.img.position ?? 1e9) - (b.img.position ?? 1e9) || a.i - b.i);
    for (const { img } of ordered) {
      let target = stored.get(img.src);
      let size = target ? snap.imageSizes.get(target) : snap.imageSizes.get(img.src);
      if (!target && size) target = img.src;
      if (!target) {
        const got = await opts.resolveImage(img.src);
        if ('problem' in got) {
          problem(img.line, COL.imageSrc, got.problem, { value: img.src, reason: got.reason ?? '' });
          continue;
        }
        target = got.src;
        size = got;
        snap.imageSizes.set(got.src, { width: got.width, height: got.height });
      }
      stored.set(img.src, target);
      const before = storedImages.find((s) => s.src === target);
      images.push({
        src: target,
        width: size?.width ?? 0,
        height: size?.height ?? 0,
        alt_zh: img.alt,
        alt_en: english(img.altEn, img.alt, before?.alt_zh, before?.alt_en),
        sort: images.length,
      });
    }

    const storedVariants = existing ? (snap.variantsByProduct.get(existing.id) ?? []) : [];
    const optionName = d.optionNames.join(OPTION_JOIN);
    const variants: PlannedProduct['variants'] = [];
    d.variants.forEach((v: DraftVariant, sort) => {
      const value = v.values.join(OPTION_JOIN);
      let sku = v.sku;
      if (!sku) {
        // The stored variant with the same options keeps its SKU; only a generated one is reported.
        const generated = generatedSku(d.handle, v.values);
        sku = storedVariants.find((s) => s.option_value_zh === value)?.sku ?? generated;
        if (sku === generated) plan.generatedSkus.push({ line: v.line, sku });
      }
      const before = snap.variantsBySku.get(sku);
      if (before && before.product_id !== existing?.id) {
        const owner = snap.productById.get(before.product_id)?.slug ?? '';
        problem(v.line, COL.sku, 'sku_taken', { value: sku, handle: owner });
      }
      const mine = before && before.product_id === existing?.id ? before : undefined;
      let image = mine?.image ?? '';
      if (v.image !== undefined) {
        const target = stored.get(v.image) ?? (images.some((i) => i.src === v.image) ? v.image : undefined);
        if (target) image = target;
        else problem(v.line, COL.variantImage, 'variant_image_unknown', { value: v.image });
      }
      const fields: VariantFields = {
        sku,
        option_name_zh: optionName,
        option_name_en: english(
          joinEn(d.optionNamesEn, d.optionNames),
          optionName,
          mine?.option_name_zh,
          mine?.option_name_en,
        ),
        option_value_zh: value,
        option_value_en: english(joinEn(v.valuesEn, v.values), value, mine?.option_value_zh, mine?.option_value_en),
        price: v.price,
        compare_at_price: v.compare === undefined ? (mine?.compare_at_price ?? null) : v.compare,
        stock: v.stock ?? mine?.stock ?? 0,
        sort,
        image,
      };
      variants.push({ existing: mine, fields, changed: !mine || differs(mine, fields) });
    });
    const kept = new Set(variants.map((v) => v.existing?.id));
    const absent = storedVariants.filter((v) => !kept.has(v.id));
    const removed = absent.filter((v) => !snap.ordered.has(v.id));
    const zeroed = absent.filter((v) => snap.ordered.has(v.id) && v.stock !== 0);
    const remaining = [
      ...variants.map((v) => v.fields),
      ...absent.filter((v) => snap.ordered.has(v.id)).map((v) => ({ ...v, stock: 0 })),
    ];

    const cheapest = remaining.reduce<VariantFields | undefined>(
      (a, b) => (!a || b.price < a.price ? b : a),
      undefined,
    );
    const grams = d.variants.map((v) => v.grams).filter((g): g is number => g !== undefined);
    const sides = existing ? [existing.length_cm, existing.width_cm, existing.height_cm] : [0, 0, 0];
    const side =
      d.side === undefined || d.side === Math.max(...sides)
        ? sides
        : [d.side, Math.min(sides[1]!, d.side), Math.min(sides[2]!, d.side)];
    const fields: ProductFields = {
      slug: d.handle,
      name_zh: d.title,
      name_en: english(d.titleEn, d.title, existing?.name_zh, existing?.name_en),
      summary_zh: d.summary ?? existing?.summary_zh ?? '',
      summary_en: d.summaryEn ?? existing?.summary_en ?? d.summary ?? '',
      description_zh: d.body ?? existing?.description_zh ?? '',
      description_en: english(
        d.bodyEn,
        d.body ?? existing?.description_zh ?? '',
        existing?.description_zh,
        existing?.description_en,
      ),
      specs: existing?.specs ?? '[]',
      price: cheapest?.price ?? 0,
      compare_at_price: cheapest?.compare_at_price ?? null,
      stock: remaining.reduce((sum, v) => sum + v.stock, 0),
      withdrawn_at:
        d.published === undefined
          ? (existing?.withdrawn_at ?? null)
          : d.published
            ? null
            : (existing?.withdrawn_at ?? opts.now),
      weight_g: grams.length ? Math.max(...grams) : (existing?.weight_g ?? 0),
      length_cm: side[0]!,
      width_cm: side[1]!,
      height_cm: side[2]!,
      tags: d.tags ?? existing?.tags ?? '',
      seo_title: d.seoTitle ?? existing?.seo_title ?? '',
      seo_description: d.seoDescription ?? existing?.seo_description ?? '',
      returnable: d.returnable === undefined ? (existing?.returnable ?? 1) : d.returnable ? 1 : 0,
    };
    const imagesChanged =
      d.images.length > 0 &&
      (images.length !== storedImages.length || images.some((img, i) => differs(storedImages[i]!, img)));
    const brandChanged = existing && brand && ('slug' in brand || brand.id !== existing.brand_id);
    const categoryChanged = existing && category && ('slug' in category || category.id !== existing.category_id);
    plan.products.push({
      existing,
      brand: brand ?? { id: 0 },
      category: category ?? { id: 0 },
      fields,
      variants,
      removed,
      zeroed,
      images: imagesChanged ? images : null,
      changed:
        !existing ||
        differs(existing, fields) ||
        !!brandChanged ||
        !!categoryChanged ||
        imagesChanged ||
        removed.length > 0 ||
        zeroed.length > 0 ||
        variants.some((v) => v.changed),
    });
  }
  if (opts.withdrawMissing)
    for (const p of snap.products.values()) if (!inFile.has(p.slug) && p.withdrawn_at === null) plan.withdraw.push(p);
  return plan;
}

function differs<T extends object>(stored: T, next: Partial<T>): boolean {
  for (const k of Object.keys(next) as (keyof T)[]) if (stored[k] !== next[k]) return true;
  return false;
}

/** Finds brands (or categories) by slug or name, and queues the ones to create. */
function taxa(rows: TaxonRow[], created: NewTaxon[]) {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const byName = new Map<string, TaxonRow>();
  for (const r of rows) for (const n of [r.name_zh, r.name_en]) byName.set(n.toLowerCase(), r);
  const pending = new Map<string, NewTaxon>();
  return {
    find(slug: string | undefined, name: string | undefined, nameEn: string | undefined): TaxonRef | undefined {
      if (slug && !SLUG.test(slug)) return undefined;
      const hit = slug
        ? bySlug.get(slug)
        : (byName.get(name?.toLowerCase() ?? '') ?? byName.get(nameEn?.toLowerCase() ?? ''));
      if (hit) return { id: hit.id };
      if (!slug && !name) return undefined;
      const key = slug ?? `name:${name!.toLowerCase()}`;
      const queued = pending.get(key);
      if (queued) return { slug: queued.slug };
      let fresh = slug ?? (slugify(nameEn ?? name!) || `x-${shortHash(name!)}`);
      for (let n = 2; !slug && (bySlug.has(fresh) || created.some((c) => c.slug === fresh)); n++)
        fresh = `${fresh.replace(/-\d+$/, '')}-${n}`;
      const taxon = { slug: fresh, name_zh: name ?? slug!, name_en: nameEn ?? name ?? slug! };
      pending.set(key, taxon);
      created.push(taxon);
      return { slug: fresh };
    },
  };
}
