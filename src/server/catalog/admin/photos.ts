import { createHash } from 'node:crypto';
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_SRC_WIDTH, MEDIA_WIDTHS } from '../../../lib/media.ts';
import { MEDIA_PATH } from '../../common/media-url.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { AddressRefused, fetchPhoto } from './photo-fetch.ts';
import type { ImageResolver } from './plan.ts';

/** What a product photo may be. */
export const PHOTO_LIMITS = {
  bytes: 20 * 2 ** 20,
  minSide: 200,
  maxSide: 10_000,
  formats: ['jpeg', 'png', 'webp', 'avif', 'gif'],
  fetchTimeoutMs: 15_000,
};

/** Where the site serves the shop's photos (the database keeps this address; pages may give another). */
export const MEDIA_URL = MEDIA_PATH;

type Failure = Awaited<ReturnType<ImageResolver>> & { problem: string };

const TOO_LARGE: Failure = { problem: 'image_too_large', reason: '20 MB' };

/**
 * Reads a body chunk by chunk and stops at the limit, whatever Content-Length says or leaves out: a
 * photo is never held in memory past PHOTO_LIMITS.bytes.
 */
async function readCapped(chunks: AsyncIterable<Uint8Array>, stop: () => void): Promise<Buffer | Failure> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > PHOTO_LIMITS.bytes) break;
    parts.push(chunk);
  }
  if (size <= PHOTO_LIMITS.bytes) return Buffer.concat(parts);
  // Leaving the loop cancelled the body; this also closes the connection or the file.
  stop();
  return TOO_LARGE;
}

/** One line for the owner on why the store refused: the S3 error's code or the system's, never a stack. */
function storeFailure(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return [e.code ?? e.name, status ? `HTTP ${status}` : ''].filter(Boolean).join(', ') || (e.message ?? 'unknown');
}

const within = (root: string, file: string) => {
  const rel = relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

/** Whether `file` lies inside `root`, as written and once symbolic links are followed (when it exists). */
function inside(root: string, file: string): boolean {
  if (!within(root, file)) return false;
  return !existsSync(file) || within(realpathSync(root), realpathSync(file));
}

async function readSource(
  src: string,
  photoDir: string,
  allowOrigins: readonly string[] | undefined,
): Promise<Buffer | Failure> {
  if (/^https?:\/\//i.test(src)) {
    try {
      const res = await fetchPhoto(src, {
        signal: AbortSignal.timeout(PHOTO_LIMITS.fetchTimeoutMs),
        ...(allowOrigins ? { allowOrigins } : {}),
      });
      if (res.status < 200 || res.status > 299) {
        res.close();
        return { problem: 'image_unreachable', reason: `HTTP ${res.status}` };
      }
      if ((res.contentLength ?? 0) > PHOTO_LIMITS.bytes) {
        res.close();
        return TOO_LARGE;
      }
      return await readCapped(res.body, () => res.close());
    } catch (err) {
      // One answer for every address the shop does not fetch from, one for every connection that failed.
      if (err instanceof AddressRefused) return { problem: 'image_address_refused' };
      return { problem: 'image_unreachable', reason: 'no answer' };
    }
  }
  // A site path ("/images/x.jpg") that the shop does not hold is not a file next to the CSV.
  if (src.startsWith('/') || isAbsolute(src)) return { problem: 'image_unknown' };
  const file = resolve(photoDir, src);
  try {
    // Only files inside the photo folder: "../private/secret.png" would otherwise be published.
    if (!inside(photoDir, file)) return { problem: 'image_outside', reason: photoDir };
    const stat = statSync(file);
    if (!stat.isFile()) return { problem: 'image_unreachable', reason: 'not a file' };
    if (stat.size > PHOTO_LIMITS.bytes) return TOO_LARGE;
    const stream = createReadStream(file);
    return await readCapped(stream, () => stream.destroy());
  } catch (err) {
    return { problem: 'image_unreachable', reason: (err as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
}

/**
 * Reads each photo a file names once (a path relative to the CSV file that stays inside its folder,
 * or inside `photoDir` when given, or an http(s) URL), checks its type, size and dimensions, decodes
 * it whole (a dry run too: a photo cut short fails the dry run as it would the import), and puts it in the
 * media store (MEDIA_DIR or the bucket) under `products/` by the hash of its bytes in MEDIA_WIDTHS as WebP and AVIF (never enlarged: a narrower photo is stored at its own size under
 * each name). The stored src is the WebP of MEDIA_SRC_WIDTH, with its width and height, returned only once every
 * size and format is stored: a store that fails is the row's problem (`image_store_failed`), so the import
 * is refused and no product points at a photo that is not there. With `checkOnly` (a dry run) nothing is written.
 */
export function photoResolver(
  csvPath: string,
  media: MediaStore,
  opts: {
    checkOnly?: boolean;
    photoDir?: string;
    /** Tests only (photo-fetch.ts): origins on this machine fetched anyway; refused in production. */
    allowOrigins?: readonly string[];
  } = {},
): ImageResolver {
  const baseDir = opts.photoDir ? resolve(opts.photoDir) : dirname(resolve(csvPath));
  const seen = new Map<string, ReturnType<ImageResolver>>();
  const store = async (src: string): ReturnType<ImageResolver> => {
    const bytes = await readSource(src, baseDir, opts.allowOrigins);
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
    if (opts.checkOnly) {
      // Every pixel, as the import's resizing reads them: a header can promise more than the data holds.
      try {
        await sharp(bytes, { animated: false })
          .rotate()
          .resize({ width: MEDIA_WIDTHS[0], withoutEnlargement: true })
          .raw()
          .toBuffer();
      } catch (err) {
        return { problem: 'image_broken', reason: (err as Error).message };
      }
    } else {
      for (const w of MEDIA_WIDTHS) {
        const resized = sharp(bytes, { animated: false }).rotate().resize({ width: w, withoutEnlargement: true });
        let webp: Buffer;
        let avif: Buffer;
        try {
          webp = await resized.clone().webp({ quality: 80 }).toBuffer();
          avif = await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer();
        } catch (err) {
          return { problem: 'image_broken', reason: (err as Error).message };
        }
        try {
          await media.put(name(w, 'webp'), webp, 'image/webp');
          await media.put(name(w, 'avif'), avif, 'image/avif');
        } catch (err) {
          return { problem: 'image_store_failed', reason: storeFailure(err) };
        }
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
