import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { loc } from '../common/wire.ts';
import type { Db } from '../db/index.ts';

/** A brand or a category as listed on the wire. */
export interface WireTerm {
  id: number;
  uid: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  image_width: number;
  image_height: number;
  product_count: number;
}

/** A node of the brand → categories (or category → brands) tree. */
export interface WireNode {
  uid: string;
  slug: string;
  name: string;
  image: string;
  children: WireNode[];
}

type Side = 'brands' | 'categories';
const fk = (side: Side) => (side === 'brands' ? 'brand_id' : 'category_id');
const other = (side: Side): Side => (side === 'brands' ? 'categories' : 'brands');

/** Every brand (or category) ordered by sort then name, with its number of products. */
export async function listTerms(db: Db, side: Side, locale: Locale): Promise<WireTerm[]> {
  const key = fk(side);
  const rows = await db.kysely
    .selectFrom(side)
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('products')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef(`products.${key}`, '=', `${side}.id`)
        .as('product_count'),
    )
    .orderBy('sort')
    .orderBy(locale === 'en' ? 'name_en' : 'name_zh')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    slug: r.slug,
    name: loc(r, 'name', locale),
    description: loc(r, 'description', locale),
    image: publicMediaSrc(r.image),
    image_width: r.image_width,
    image_height: r.image_height,
    product_count: Number(r.product_count ?? 0),
  }));
}

/**
 * One brand with the categories that hold its products (or one category with its brands),
 * through the brand_categories links. Unknown uid → 404.
 */
export async function termTree(db: Db, side: Side, uid: string, locale: Locale): Promise<WireNode> {
  const root = await db.kysely.selectFrom(side).selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!root) throw new ApiError('NOT_FOUND');
  const child = other(side);
  const children = await db.kysely
    .selectFrom(child)
    .innerJoin('brand_categories as l', `l.${fk(child)}`, `${child}.id`)
    .selectAll(child)
    .where(`l.${fk(side)}`, '=', root.id)
    .orderBy(`${child}.sort`)
    .orderBy(`${child}.id`)
    .execute();
  const node = (r: { uid: string; slug: string; name_zh: string; name_en: string; image: string }): WireNode => ({
    uid: r.uid,
    slug: r.slug,
    name: loc(r, 'name', locale),
    image: publicMediaSrc(r.image),
    children: [],
  });
  return { ...node(root), children: children.map(node) };
}
