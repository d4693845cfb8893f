import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_SRC_WIDTH, MEDIA_WIDTHS } from '../../../lib/media.ts';
import type { ImageResolver } from './plan.ts';

/** What a product photo may be. */
export const PHOTO_LIMITS = {
  bytes: 20 * 2 ** 20,
  minSide: 200,
  maxSide: 10_000,
  formats: ['jpeg', 'png', 'webp', 'avif', 'gif'],
  fetchTimeoutMs: 15_000,
};

/** Where the site serves the media folder. */
export const MEDIA_URL = '/media';

type Failure = Awaited<ReturnType<ImageResolver>> & { problem: string };

async function readSource(src: string, baseDir: string): Promise<Buffer | Failure> {
  if (/^https?:\/\//i.test(src)) {
    try {
      const res = await fetch(src, { signal: AbortSignal.timeout(PHOTO_LIMITS.fetchTimeoutMs) });
      if (!res.ok) return { problem: 'image_unreachable', reason: `HTTP ${res.status}` };
      if (Number(res.headers.get('content-length') ?? 0) > PHOTO_LIMITS.bytes)
        return { problem: 'image_too_large', reason: '20 MB' };
      const body = Buffer.from(await res.arrayBuffer());
      return body.length > PHOTO_LIMITS.bytes ? { problem: 'image_too_large', reason: '20 MB' } : body;
    } catch (err) {
      return { problem: 'image_unreachable', reason: (err as Error).message };
    }
  }
  // A site path ("/images/x.jpg") that the shop does not hold is not a file next to the CSV.
  if (src.startsWith('/') || isAbsolute(src)) return { problem: 'image_unknown' };
  const file = resolve(baseDir, src);
  try {
    if (statSync(file).size > PHOTO_LIMITS.bytes) return { problem: 'image_too_large', reason: '20 MB' };
    return readFileSync(file);
  } catch (err) {
    return { problem: 'image_unreachable', reason: (err as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
}

/** Writes a file whole or not at all, so a stopped import never leaves half a photo. */
function writeOnce(path: string, data: Buffer) {
  if (existsSync(path)) return;
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * Reads each photo a file names once (a path relative to the CSV file, or an http(s) URL), checks
 * its type, size and dimensions, and stores it under `mediaDir/products/` by the hash of its bytes in
 * MEDIA_WIDTHS as WebP and AVIF (never enlarged: a narrower photo is stored at its own size under
 * each name). The stored src is the WebP of MEDIA_SRC_WIDTH, with its width and height. With `checkOnly` (a dry run) nothing is written.
 */
export function photoResolver(csvPath: string, mediaDir: string, opts: { checkOnly?: boolean } = {}): ImageResolver {
  const baseDir = dirname(resolve(csvPath));
  const seen = new Map<string, ReturnType<ImageResolver>>();
  const store = async (src: string): ReturnType<ImageResolver> => {
    const bytes = await readSource(src, baseDir);
    if (!Buffer.isBuffer(bytes)) return bytes;
    let meta: Metadata;
    try {
      meta = await sharp(bytes).metadata();
    } catch {
      return { problem: 'image_type' };
    }
    if (!meta.format || !PHOTO_LIMITS.formats.includes(meta.format)) return { problem: 'image_type' };
    // EXIF orientations 5 to 8 turn the picture a quarter: its sides swap once rotated upright.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (Math.min(width, height) < PHOTO_LIMITS.minSide)
      return { problem: 'image_too_small', reason: `${PHOTO_LIMITS.minSide} × ${PHOTO_LIMITS.minSide} px` };
    if (Math.max(width, height) > PHOTO_LIMITS.maxSide)
      return { problem: 'image_too_large', reason: `${PHOTO_LIMITS.maxSide} px` };
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
    const srcWidth = Math.min(MEDIA_SRC_WIDTH, width);
    const name = (w: number, ext: string) => `products/${hash}-${w}.${ext}`;
    const outHeight = Math.round((height * srcWidth) / width);
    if (!opts.checkOnly) {
      mkdirSync(join(mediaDir, 'products'), { recursive: true });
      try {
        for (const w of MEDIA_WIDTHS) {
          const resized = sharp(bytes, { animated: false }).rotate().resize({ width: w, withoutEnlargement: true });
          writeOnce(join(mediaDir, name(w, 'webp')), await resized.clone().webp({ quality: 80 }).toBuffer());
          writeOnce(join(mediaDir, name(w, 'avif')), await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer());
        }
      } catch (err) {
        return { problem: 'image_unreachable', reason: (err as Error).message };
      }
    }
    return { src: `${MEDIA_URL}/${name(MEDIA_SRC_WIDTH, 'webp')}`, width: srcWidth, height: outHeight };
  };
  return (src) => {
    let pending = seen.get(src);
    if (!pending) {
      pending = store(src);
      seen.set(src, pending);
    }
    return pending;
  };
}
