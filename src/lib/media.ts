/**
 * The shop's own photos (stored by the catalog import in MEDIA_DIR or the bucket, at /media/ or at
 * MEDIA_PUBLIC_BASE): each in
 * three widths, as WebP and AVIF, named `<hash>-<width>.<ext>`. A photo narrower than a width is
 * stored at its own size under that width's name, so every name exists.
 */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
/** The width whose WebP is an image's `src` (product pages show it at up to 800 px). */
export const MEDIA_SRC_WIDTH = 960;

// At the shop's own /media/ or at the public base (https://cdn.example.com/photos/products/…).
const STORED = /^((?:\/media|https?:\/\/[^\s"'<>?#]+)\/products\/[0-9a-f]{20})-960\.webp$/;

/** The srcset of a stored photo in `ext`, or null for any other image (the demo's drawings). */
export function mediaSrcset(src: string, ext: 'webp' | 'avif'): string | null {
  const m = STORED.exec(src);
  if (!m) return null;
  return MEDIA_WIDTHS.map((w) => `${m[1]}-${w}.${ext} ${w}w`).join(', ');
}

/** `srcset` and AVIF `<source>` attributes for an image's `src`, empty for images that have none. */
export function mediaAttrs(src: string, sizes: string): { srcset: string; avif: string; sizes: string } | null {
  const srcset = mediaSrcset(src, 'webp');
  const avif = mediaSrcset(src, 'avif');
  return srcset && avif ? { srcset, avif, sizes } : null;
}
