import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTICLES } from '../../src/server/seed/articles.ts';
import { BRANDS } from '../../src/server/seed/brands.ts';
import { CATEGORIES } from '../../src/server/seed/categories.ts';
import { articleImage, brandImage, categoryImage, IMAGE_SIZE } from '../../src/server/seed/images.ts';
import { demoProducts } from '../../src/server/seed/products.ts';

const PUBLIC = join(import.meta.dirname, '../../public');

/** Every image the demo shop shows, with the size the pages give it. */
function shown(): { src: string; width: number; height: number }[] {
  return [
    ...BRANDS.map((b) => ({ src: brandImage(b.slug), ...IMAGE_SIZE.brand })),
    ...CATEGORIES.map((c) => ({ src: categoryImage(c.slug), ...IMAGE_SIZE.category })),
    ...ARTICLES.map((a) => ({ src: articleImage(a.slug), ...IMAGE_SIZE.article })),
    ...demoProducts().flatMap((p) => p.images.map((i) => ({ src: i.src, ...IMAGE_SIZE.product }))),
  ];
}

describe('the demo shop images', () => {
  it('are WebP files at the size the pages give them, not SVG documents (issue 43)', async () => {
    const images = shown();
    expect(images.length).toBeGreaterThan(250);
    const wrong: string[] = [];
    for (const image of images) {
      const file = join(PUBLIC, image.src);
      if (!image.src.endsWith('.webp') || !existsSync(file)) {
        wrong.push(`${image.src}: not a WebP in public/`);
        continue;
      }
      const meta = await sharp(file).metadata();
      if (meta.format !== 'webp' || meta.width !== image.width || meta.height !== image.height)
        wrong.push(`${image.src}: ${meta.format} ${meta.width}×${meta.height}`);
    }
    expect(wrong).toEqual([]);
  });
});
