import { bucketAt, type S3Place } from '../common/s3-client.ts';
import type { ServerEnv } from '../env.ts';
import { bucketStore } from './bucket-store.ts';
import { folderStore } from './folder-store.ts';
import type { MediaStore } from './media-store.ts';

type MediaEnv = Pick<
  ServerEnv,
  'MEDIA_DIR' | 'MEDIA_S3_BUCKET' | 'MEDIA_S3_ENDPOINT' | 'MEDIA_S3_REGION' | 'MEDIA_S3_FORCE_PATH_STYLE'
>;

/** The bucket MEDIA_S3_* name, or null when MEDIA_S3_BUCKET is unset. */
export const mediaBucketOf = (env: MediaEnv): S3Place | null => bucketAt(env.MEDIA_S3_BUCKET, env);

const stores = new WeakMap<MediaEnv, MediaStore>();

/** The photos' store the environment names: the bucket when MEDIA_S3_BUCKET is set, else the folder MEDIA_DIR. */
export function mediaStoreOf(env: MediaEnv): MediaStore {
  let store = stores.get(env);
  if (!store) {
    const bucket = mediaBucketOf(env);
    store = bucket ? bucketStore(bucket) : folderStore(env.MEDIA_DIR);
    stores.set(env, store);
  }
  return store;
}
