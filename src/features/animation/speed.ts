import { ANIMATION_DEFAULT_SPEED } from '../../config.ts';

/** The message of spec section 8 for a speed that is not above 0. */
export const SPEED_ERROR = 'Speed must be greater than 0';

/** The playback speed to use: the default when none is given; not above 0 (or NaN) throws. */
export function checkSpeed(speed: number = ANIMATION_DEFAULT_SPEED): number {
  if (!(speed > 0)) throw new Error(SPEED_ERROR);
  return speed;
}
