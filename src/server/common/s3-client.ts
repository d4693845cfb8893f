import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK's S3 module, loaded on first use: a shop without a bucket never pays for it. */
export type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<S3Sdk> | null = null;
export const s3Sdk = (): Promise<S3Sdk> => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

/** Where a bucket is: any S3-compatible service (AWS S3, Cloudflare R2, MinIO, Backblaze B2). */
export interface S3Place {
  bucket: string;
  /** The service's address; unset: AWS S3 of `region`. */
  endpoint?: string;
  /** `auto` suits R2; AWS needs the bucket's own region. Unset: AWS_REGION, else `us-east-1`. */
  region?: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: MinIO and most local servers need it. */
  forcePathStyle?: boolean;
}

/** The S3-compatible service the MEDIA_S3_* settings name: both buckets (photos, pages) are there. */
export interface S3ServiceEnv {
  MEDIA_S3_ENDPOINT?: string;
  MEDIA_S3_REGION?: string;
  MEDIA_S3_FORCE_PATH_STYLE?: string;
}

/** The bucket named `bucket` at the service `env` names, or null when no bucket is named (one machine). */
export function bucketAt(bucket: string | undefined, env: S3ServiceEnv): S3Place | null {
  if (!bucket) return null;
  return {
    bucket,
    ...(env.MEDIA_S3_ENDPOINT ? { endpoint: env.MEDIA_S3_ENDPOINT } : {}),
    ...(env.MEDIA_S3_REGION ? { region: env.MEDIA_S3_REGION } : {}),
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1',
  };
}

/** How long to wait for a connection, then for an answer: a bucket that hangs fails the import rather than holding it. */
const CONNECT_TIMEOUT_MS = 5_000;
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * One S3 client for a bucket, credentials from the SDK's default chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role). Checksums only where an operation requires
 * them: the SDK's default CRC32 trailers are refused by several S3-compatible services.
 */
export async function s3Client(place: S3Place): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  const client = new S3Client({
    ...(place.endpoint ? { endpoint: place.endpoint } : {}),
    region: place.region ?? (process.env.AWS_REGION || 'us-east-1'),
    forcePathStyle: place.forcePathStyle ?? false,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: ANSWER_TIMEOUT_MS },
  });
  // A request on the bucket itself (a listing) goes to `/bucket`, not `/bucket/`: S3 and MinIO take
  // both, and some S3-compatible servers (s3rver among them) sign the path without the slash, so a
  // listing signed with it would be refused there.
  if (place.forcePathStyle)
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: unknown };
        if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path))
          request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'bareBucketPath' },
    );
  return client;
}

/** A bucket's name and service, as logs and errors name it. */
export const describeBucket = (place: S3Place): string =>
  `bucket ${place.bucket}${place.endpoint ? ` at ${place.endpoint}` : ''}`;

/** The SDK's commands and one client for `place`, both made on the first call and kept. */
export function lazyS3(place: S3Place): () => Promise<{ sdk: S3Sdk; client: S3Client }> {
  let made: Promise<S3Client> | null = null;
  return async () => {
    made ??= s3Client(place);
    return { sdk: await s3Sdk(), client: await made };
  };
}
