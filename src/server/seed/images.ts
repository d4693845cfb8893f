/**
 * Sizes of the drawn demo images under public/images/ (the art is made by scripts/generate-images.ts).
 * The shop shows each drawing as a WebP rendered from its SVG, as it shows its own photos: a browser
 * makes a whole document of every SVG image (frame, parser, style, layout, font look-ups for its text)
 * on the page's main thread, a third of a catalog page's main-thread work with the CJK font (issue 43),
 * where a WebP is decoded off it.
 */
export const IMAGE_SIZE = {
  product: { width: 800, height: 800 },
  brand: { width: 480, height: 240 },
  category: { width: 640, height: 480 },
  article: { width: 1200, height: 630 },
} as const;

export const brandImage = (slug: string) => `/images/brands/${slug}.webp`;
export const categoryImage = (slug: string) => `/images/categories/${slug}.webp`;
export const productImage = (slug: string, n: number) => `/images/products/${slug}-${n}.webp`;
export const articleImage = (slug: string) => `/images/articles/${slug}.webp`;
