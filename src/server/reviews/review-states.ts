import type { ServerEnv } from '../env.ts';

/** published: on the pages; pending: waits for the shop (pre-moderation); hidden: the shop took it down. */
export const REVIEW_STATES = ['published', 'pending', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

type ModerationEnv = Pick<ServerEnv, 'REVIEWS_MODERATION'>;

/** A new review's state: published at once (post-moderation, the default) or pending (pre). */
export const firstState = (env: ModerationEnv): ReviewState =>
  env.REVIEWS_MODERATION === 'pre' ? 'pending' : 'published';

/** After its writer edits it: under pre-moderation a published review waits for the shop again. */
export const stateAfterEdit = (env: ModerationEnv, state: string): string =>
  env.REVIEWS_MODERATION === 'pre' && state === 'published' ? 'pending' : state;
