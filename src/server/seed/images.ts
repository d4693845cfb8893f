/** Sizes of the drawn demo images under public/images/ (the art is made by scripts/generate-images.ts). */
export const IMAGE_SIZE = {
  product: { width: 800, height: 800 },
  brand: { width: 480, height: 240 },
  category: { width: 640, height: 480 },
  article: { width: 1200, height: 630 },
} as const;

export const brandImage = (slug: string) => `/images/brands/${slug}.svg`;
export const categoryImage = (slug: string) => `/images/categories/${slug}.svg`;
export const productImage = (slug: string, n: number) => `/images/products/${slug}-${n}.svg`;
export const articleImage = (slug: string) => `/images/articles/${slug}.svg`;
