import type { Scenario } from './context.ts';
import { otpBurst } from './otp.ts';

/** Every scenario, in the order the suite runs them. */
export const SCENARIOS: Scenario[] = [otpBurst];
