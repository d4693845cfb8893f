import { describeBucket, lazyS3, type S3Place } from '../common/s3-client.ts';
import { type MediaStore, mediaTypeOf } from './media-store.ts';

/**
 * Whether the SDK's error says the key is not there: GetObject names it (NoSuchKey, while a missing
 * bucket is NoSuchBucket and throws); HeadObject has no body to name anything, only its 404.
 */
const noKey = (err: unknown) => (err as { name?: string }).name === 'NoSuchKey';
const headNotFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

const unquote = (etag: string | undefined) => (etag ?? '').replace(/"/g, '');

/** The photos in an S3-compatible bucket, each under its key. */
export function bucketStore(place: S3Place): MediaStore {
  const Bucket = place.bucket;
  const s3 = lazyS3(place);
  return {
    describe: describeBucket(place),
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? mediaTypeOf(key),
        };
      } catch (err) {
        if (noKey(err)) return null;
        throw err;
      }
    },
    async head(key) {
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? mediaTypeOf(key),
          etag: unquote(out.ETag),
        };
      } catch (err) {
        if (headNotFound(err)) return null;
        throw err;
      }
    },
    async *list(prefix = '') {
      const { sdk, client } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ...(ContinuationToken ? { ContinuationToken } : {}) }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
