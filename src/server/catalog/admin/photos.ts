import type { ServerEnv } from '../../env.ts';
import type { ImageResolver } from './plan.ts';

/**
 * How the import finds the photos a file names. A photo already in the shop (its src is stored)
 * never reaches here; any other is refused as a row problem for now.
 */
export function photoResolver(_csvPath: string, _env: ServerEnv): ImageResolver {
  return async () => ({ problem: 'image_unknown' });
}
