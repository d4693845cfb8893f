import { createHash } from 'node:crypto';

/** The hash a page's twins are known by: the twin thread makes it of the text it compresses (twin-worker.ts). */
export const sha1 = (body: Uint8Array): string => createHash('sha1').update(body).digest('base64url');
