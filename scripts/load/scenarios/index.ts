import { checkoutLoad } from './checkout-load.ts';
import type { Scenario } from './context.ts';
import { crash } from './crash.ts';
import { fuzz } from './fuzz.ts';
import { importFuzz } from './import-fuzz.ts';
import { mailOutage } from './mail-outage.ts';
import { noticeDuringOutage, noticeStorm, notifyOutageWindow } from './notices.ts';
import { doubleSubmit, lastItem, orderFault } from './orders.ts';
import { otpBurst } from './otp.ts';
import { phoneProof } from './phone-proof.ts';
import { lastCodeUse } from './promotions.ts';
import { refundsOnce } from './refunds.ts';
import { restockBurst } from './restock.ts';
import { smsFailure } from './sms-failure.ts';
import { fuzzStoreReplies } from './store-replies.ts';
import { throughput } from './throughput.ts';

/** Every scenario, in the order the suite runs them. */
export const SCENARIOS: Scenario[] = [
  lastItem,
  doubleSubmit,
  lastCodeUse,
  restockBurst,
  noticeStorm,
  otpBurst,
  throughput,
  checkoutLoad,
  phoneProof,
  refundsOnce,
  orderFault,
  smsFailure,
  noticeDuringOutage,
  notifyOutageWindow,
  mailOutage,
  crash,
  fuzz,
  importFuzz,
  fuzzStoreReplies,
];
