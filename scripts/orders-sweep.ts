/**
 * One payment sweep, for cron or by hand (`npm run orders:sweep`): releases unpaid orders past their
 * deadline (their stock comes back once) and issues or voids the e-invoices still due. Safe to run
 * while servers sweep too.
 */
import { createDeps } from '../src/server/deps.ts';
import { readEnv } from '../src/server/env.ts';
import { invoiceWorkSettled } from '../src/server/payment/invoicing.ts';
import { sweepPayments } from '../src/server/payment/sweep.ts';

const deps = await createDeps(readEnv());
try {
  const r = await sweepPayments(deps);
  await invoiceWorkSettled();
  console.log(
    `Released ${r.released} unpaid order(s); invoices issued ${r.issued}, voided ${r.voided}, failed ${r.failed}.`,
  );
} finally {
  await deps.db.close();
}
