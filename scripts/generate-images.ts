/**
 * Draws the demo shop's SVG art into public/images/ (brands, categories, products, articles, og),
 * each drawing also rendered as the WebP the shop shows (src/server/seed/images.ts; the og image stays
 * SVG). The output is committed; re-run after changing the seed lists: `node scripts/generate-images.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { ARTICLES } from '../src/server/seed/articles.ts';
import { BRANDS } from '../src/server/seed/brands.ts';
import { CATEGORIES } from '../src/server/seed/categories.ts';
import { articleImage, brandImage, categoryImage, IMAGE_SIZE } from '../src/server/seed/images.ts';
import type { Art } from '../src/server/seed/kinds.ts';
import { demoProducts } from '../src/server/seed/products.ts';
import { OG_IMAGE } from '../src/server/seed/site-metas.ts';
import { isLight, paint, shade } from './images/draw.ts';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const FONT = 'font-family="\'Helvetica Neue\',Arial,sans-serif"';
const CATEGORY_ART: Record<string, { art: Art; body: string; tint: string }> = {
  headphones: { art: 'headphones', body: '#2a2d34', tint: '#dfe6ee' },
  earphones: { art: 'earbuds', body: '#f1efe9', tint: '#e6e1f0' },
  speakers: { art: 'bookshelf', body: '#6b4a2f', tint: '#efe6da' },
  soundbars: { art: 'soundbar', body: '#26282c', tint: '#e3e8e4' },
  turntables: { art: 'turntable', body: '#b98d5e', tint: '#f1e8dc' },
  amplifiers: { art: 'amp', body: '#c9ccd1', tint: '#e2e6ec' },
  dacs: { art: 'dac', body: '#2f6f9f', tint: '#dfeef0' },
  accessories: { art: 'cable', body: '#a32632', tint: '#f0e3e1' },
};

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label.replace(/[&<>"]/g, '')}">${body}</svg>\n`;

/** Places the 800×800 drawing at (x, y) scaled by s. */
const place = (x: number, y: number, s: number, inner: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">${inner}</g>`;

/** WebP quality of the shown images: the flat drawings stay sharp at it and weigh 1-8 KB. */
const WEBP_QUALITY = 80;
const rendering: Promise<unknown>[] = [];

function write(path: string, content: string) {
  const file = join(PUBLIC, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** The drawing `content` at `shown` (a .webp path), with its SVG source beside it. */
function draw(shown: string, content: string) {
  if (!shown.endsWith('.webp')) throw new Error(`a shown demo image is a WebP: ${shown}`);
  const source = shown.replace(/\.webp$/, '.svg');
  write(source, content);
  rendering.push(sharp(Buffer.from(content)).webp({ quality: WEBP_QUALITY }).toFile(join(PUBLIC, shown)));
}

function clean(dir: string) {
  const full = join(PUBLIC, 'images', dir);
  const drawn = (name: string) => name.endsWith('.svg') || name.endsWith('.webp');
  for (const f of readdirSync(full, { withFileTypes: true }).filter((d) => drawn(d.name))) {
    rmSync(join(full, f.name));
  }
}

function products() {
  for (const p of demoProducts()) {
    for (const img of p.images) {
      const { width: w, height: h } = IMAGE_SIZE.product;
      const bg = img.view === 1 ? '#f3f2ef' : shade(img.hex, 0.86);
      const inner = paint(img.art, img.hex, img.accent);
      const art =
        img.view === 1
          ? `<ellipse cx="400" cy="690" rx="260" ry="26" fill="#000" opacity=".07"/>${place(40, 20, 0.9, inner)}`
          : place(-120, -80, 1.3, inner);
      draw(img.src, svg(w, h, `<rect width="${w}" height="${h}" fill="${bg}"/>${art}`, img.alt_en));
    }
  }
}

function brands() {
  const { width: w, height: h } = IMAGE_SIZE.brand;
  for (const b of BRANDS) {
    const [bg, fg] = b.colors;
    const size = b.label.length > 12 ? 34 : 44;
    const text = `<text x="${w / 2}" y="${h / 2 + size / 3}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" letter-spacing="2" fill="${fg}">${b.label.replace('&', '&amp;')}</text>`;
    draw(brandImage(b.slug), svg(w, h, `<rect width="${w}" height="${h}" fill="${bg}"/>${text}`, b.name_en));
  }
}

function categories() {
  const { width: w, height: h } = IMAGE_SIZE.category;
  for (const c of CATEGORIES) {
    const a = CATEGORY_ART[c.slug] ?? { art: 'care' as Art, body: '#555555', tint: '#eeeeee' };
    const accent = isLight(a.body) ? '#333333' : '#f2f2f2';
    const body = `<rect width="${w}" height="${h}" fill="${a.tint}"/><circle cx="${w / 2}" cy="${h / 2}" r="200" fill="#fff" opacity=".45"/>${place(120, 40, 0.5, paint(a.art, a.body, accent))}`;
    draw(categoryImage(c.slug), svg(w, h, body, c.name_en));
  }
}

function banner(tint: string, art: Art, label: string) {
  const { width: w, height: h } = IMAGE_SIZE.article;
  const body = `<rect width="${w}" height="${h}" fill="${tint}"/><circle cx="860" cy="315" r="280" fill="#fff" opacity=".5"/><rect x="80" y="250" width="360" height="16" rx="8" fill="${shade(tint, -0.3)}"/><rect x="80" y="300" width="260" height="16" rx="8" fill="${shade(tint, -0.2)}"/><rect x="80" y="350" width="300" height="16" rx="8" fill="${shade(tint, -0.2)}"/>${place(560, 15, 0.75, paint(art, shade(tint, -0.6), '#d9b778'))}`;
  return svg(w, h, body, label);
}

function articles() {
  for (const a of ARTICLES) draw(articleImage(a.slug), banner(a.tint, a.art, a.title_en));
  write(OG_IMAGE, banner('#ece7df', 'turntable', 'Soundwood Audio'));
}

for (const dir of ['products', 'brands', 'categories', 'articles']) {
  mkdirSync(join(PUBLIC, 'images', dir), { recursive: true });
  clean(dir);
}
products();
brands();
categories();
articles();
await Promise.all(rendering);
console.log(`Drew the demo images into public/images/ (${rendering.length} WebP).`);
