import type { Locale } from '../../config.ts';
import { ApiError } from '../common/errors.ts';
import { publicMediaSrc } from '../common/media-url.ts';
import { iso, loc, type WireImage } from '../common/wire.ts';
import type { Db } from '../db/index.ts';

export interface ArticleSummary {
  id: number;
  uid: string;
  slug: string;
  title: string;
  excerpt: string;
  image: WireImage;
  published_at: string;
}

export interface ArticleDetail extends ArticleSummary {
  body: string;
  updated_at: string;
}

type ArticleRow = {
  id: number;
  uid: string;
  slug: string;
  title_zh: string;
  title_en: string;
  excerpt_zh: string;
  excerpt_en: string;
  image: string;
  image_width: number;
  image_height: number;
  published_at: number;
};

const summaryColumns = [
  'id',
  'uid',
  'slug',
  'title_zh',
  'title_en',
  'excerpt_zh',
  'excerpt_en',
  'image',
  'image_width',
  'image_height',
  'published_at',
] as const;

function toSummary(r: ArticleRow, locale: Locale): ArticleSummary {
  const title = loc(r, 'title', locale);
  return {
    id: r.id,
    uid: r.uid,
    slug: r.slug,
    title,
    excerpt: loc(r, 'excerpt', locale),
    image: { src: publicMediaSrc(r.image), width: r.image_width, height: r.image_height, alt: title },
    published_at: iso(r.published_at),
  };
}

/** One page of articles, newest first, and the total count. */
export async function listArticles(
  db: Db,
  opts: { limit: number; offset: number },
  locale: Locale,
): Promise<{ total: number; data: ArticleSummary[] }> {
  const countRow = await db.kysely
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await db.kysely
    .selectFrom('articles')
    .select(summaryColumns)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return { total: Number(countRow?.n ?? 0), data: rows.map((r) => toSummary(r, locale)) };
}

/** An article by slug; unknown slug → 404. */
export async function articleDetail(db: Db, slug: string, locale: Locale): Promise<ArticleDetail> {
  const row = await db.kysely.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND');
  return { ...toSummary(row, locale), body: loc(row, 'body', locale), updated_at: iso(row.updated_at) };
}

/** The site metas of one locale, by URL. */
export async function listSiteMetas(db: Db, locale: Locale) {
  return db.kysely
    .selectFrom('site_metas')
    .select([
      'id',
      'uid',
      'url',
      'title',
      'description',
      'keywords',
      'og_title',
      'og_description',
      'og_keywords',
      'og_image',
      'og_type',
    ])
    .where('locale', '=', locale)
    .orderBy('id')
    .execute();
}

/** One page of the system variables of one locale, and the total count. */
export async function listSysVars(db: Db, opts: { limit: number; offset: number }, locale: Locale) {
  const countRow = await db.kysely
    .selectFrom('sys_vars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('locale', '=', locale)
    .executeTakeFirst();
  const data = await db.kysely
    .selectFrom('sys_vars')
    .select(['id', 'uid', 'code', 'name', 'data'])
    .where('locale', '=', locale)
    .orderBy('id')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return { total: Number(countRow?.n ?? 0), data };
}
