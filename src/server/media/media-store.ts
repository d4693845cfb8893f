import { extname } from 'node:path';

/** What a store knows of one object. */
export interface MediaInfo {
  size: number;
  contentType: string;
  /** The MD5 of the bytes in hex (what S3 answers as the ETag of an object put in one piece). */
  etag: string;
}

/** One object to read: its bytes as a stream, never whole in memory. */
export interface MediaObject {
  size: number;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * Where the shop's own photos live, by key (`products/<hash>-960.webp`): the local folder MEDIA_DIR
 * (folder-store.ts) or an S3-compatible bucket (bucket-store.ts). Every method throws when the store
 * cannot be reached; a missing key is `null` (get, head) or nothing to do (delete).
 */
export interface MediaStore {
  /** `folder` or `bucket`, and where, for messages. */
  readonly describe: string;
  /** Stores the bytes whole under the key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<MediaObject | null>;
  head(key: string): Promise<MediaInfo | null>;
  /** Every key under the prefix with its size, in key order. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  delete(key: string): Promise<void>;
}

/** Content types of the photos the shop stores and serves. */
export const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/**
 * A key the shop may read or write: `/`-separated names without control characters or backslashes,
 * no empty, `.` or `..` step (nothing climbs out of the folder), and a photo's extension.
 */
export function mediaKeyOk(key: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!key || /[\u0000-\u001f\u007f\\]/.test(key)) return false;
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..')) return false;
  return extname(key).toLowerCase() in MEDIA_TYPES;
}

/** The content type of a key by its extension. */
export const mediaTypeOf = (key: string): string =>
  MEDIA_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
