import type { MediaStore } from './media-store.ts';
import { mediaKeyOk, mediaTypeOf } from './media-store.ts';

export interface SyncCounts {
  /** Copied to the bucket (absent there, or different). */
  copied: number;
  /** Already in the bucket with the same size and MD5. */
  skipped: number;
  /** Not a photo the shop serves (a stray file, a leftover `.tmp`): left where it is. */
  ignored: number;
}

/**
 * Copies every photo of the store `from` (the folder MEDIA_DIR) to `to` (the bucket), key for key; an
 * object already there with the same size and ETag (MD5 of the bytes) is not sent again, so running it
 * twice copies nothing the second time. Stops at the first object the bucket refuses (it throws).
 */
export async function syncMedia(
  from: MediaStore,
  to: MediaStore,
  onCopy: (key: string) => void = () => {},
): Promise<SyncCounts> {
  const counts: SyncCounts = { copied: 0, skipped: 0, ignored: 0 };
  for await (const { key, size } of from.list()) {
    if (!mediaKeyOk(key)) {
      counts.ignored++;
      continue;
    }
    const [mine, theirs] = await Promise.all([from.head(key), to.head(key)]);
    if (mine && theirs && theirs.size === size && theirs.etag === mine.etag) {
      counts.skipped++;
      continue;
    }
    const obj = await from.get(key);
    if (!obj) continue; // gone since the listing
    await to.put(key, Buffer.from(await new Response(obj.body).arrayBuffer()), mediaTypeOf(key));
    counts.copied++;
    onCopy(key);
  }
  return counts;
}
