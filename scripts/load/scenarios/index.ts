import type { Scenario } from './context.ts';
import { fuzz } from './fuzz.ts';
import { noticeDuringOutage, noticeStorm } from './notices.ts';
import { otpBurst } from './otp.ts';
import { smsFailure } from './sms-failure.ts';
import { throughput } from './throughput.ts';

/** Every scenario, in the order the suite runs them. */
export const SCENARIOS: Scenario[] = [otpBurst, noticeStorm, noticeDuringOutage, throughput, smsFailure, fuzz];
