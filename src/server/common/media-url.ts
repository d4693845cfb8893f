/** Where the shop serves its own photos itself (from MEDIA_DIR or proxied from the bucket). */
export const MEDIA_PATH = '/media';

let publicBase = '';

/** Set once the environment is read (createDeps): MEDIA_PUBLIC_BASE, or unset for the shop's own `/media/`. */
export function setMediaPublicBase(base: string | undefined): void {
  publicBase = (base ?? '').replace(/\/+$/, '');
}

/**
 * The address pages, feeds and API answers give for an image: a stored photo (`/media/<key>`) at
 * MEDIA_PUBLIC_BASE when set (the bucket's public URL or a CDN), anything else as it is. The database
 * keeps `/media/<key>`, so a new public address needs no data change, only a rebuild.
 */
export function publicMediaSrc(src: string): string {
  if (!publicBase || !src.startsWith(`${MEDIA_PATH}/`)) return src;
  return publicBase + src.slice(MEDIA_PATH.length);
}
