import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MEDIA_WIDTHS } from '../../lib/media.ts';
import { MEDIA_PATH } from '../common/media-url.ts';
import type { Db } from '../db/index.ts';
import { mediaKeyOk } from './media-store.ts';

/** `/media/<key>` in a text (an image column, or a description's `<img src>`). */
const IN_TEXT = /\/media\/([A-Za-z0-9._/-]+)/g;
/** A photo the import stored: the 960 WebP the database names stands for all its sizes and formats. */
const STORED = /^(products\/[0-9a-f]{20})-960\.webp$/;

/**
 * Every media key the database names, sorted: product, variant, brand, category and article images,
 * the photos of order lines, and `/media/` images inside descriptions and articles; an imported photo
 * with every size and format it was stored in (what a restore must find in MEDIA_DIR or the bucket).
 */
export async function mediaKeysNamed(db: Db): Promise<string[]> {
  const k = db.kysely;
  const [images, variants, brands, categories, articles, lines, products] = await Promise.all([
    k.selectFrom('product_images').select('src as t').execute(),
    k.selectFrom('variants').select('image as t').execute(),
    k.selectFrom('brands').select('image as t').execute(),
    k.selectFrom('categories').select('image as t').execute(),
    k.selectFrom('articles').select(['image', 'body_zh', 'body_en']).execute(),
    k.selectFrom('order_lines').select('image_src as t').distinct().execute(),
    k.selectFrom('products').select(['description_zh', 'description_en']).execute(),
  ]);
  const texts = [
    ...[images, variants, brands, categories, lines].flatMap((rows) => rows.map((r) => r.t)),
    ...articles.flatMap((a) => [a.image, a.body_zh, a.body_en]),
    ...products.flatMap((p) => [p.description_zh, p.description_en]),
  ];
  const keys = new Set<string>();
  for (const text of texts) {
    if (!text?.includes(`${MEDIA_PATH}/`)) continue;
    for (const m of text.matchAll(IN_TEXT)) {
      const key = m[1]!;
      if (!mediaKeyOk(key)) continue;
      const stored = STORED.exec(key);
      if (!stored) keys.add(key);
      else for (const w of MEDIA_WIDTHS) for (const ext of ['webp', 'avif']) keys.add(`${stored[1]}-${w}.${ext}`);
    }
  }
  return [...keys].sort();
}

/**
 * Writes the media list of a database backup beside it (`<backup>.media.txt`): the store the photos
 * are in, then one key a line. The database names the photos only by their 960 WebP; this names every
 * object a restore needs, to copy back or check in the bucket or folder.
 */
export function writeMediaManifest(
  backupFile: string,
  keys: Iterable<string>,
  store: string,
): { file: string; keys: number } {
  const sorted = [...new Set(keys)].sort();
  const file = `${backupFile.replace(/\.(sqlite|pgdump)$/, '')}.media.txt`;
  const head = [
    `# The photos ${basename(backupFile)} names, one key a line (every size and format)`,
    `# store: ${store}`,
  ];
  writeFileSync(file, [...head, ...sorted, ''].join('\n'));
  return { file, keys: sorted.length };
}
