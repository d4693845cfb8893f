import type { Deps } from '../context.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import type { AllowanceRequest } from '../providers/invoice/ecpay-allowance.ts';
import type { EcpayInvoiceOptions } from '../providers/invoice/ecpay-b2c.ts';

// What the e-invoice corrections of returns share: the B2C account, the claim, the allowance's lines.

/** A correction claimed this long ago and not finished (the server stopped mid-call) may be claimed again. */
const CLAIM_STALE_MS = 2 * 60_000;

/** Why an invoice is voided or an allowance issued (ECPay's Reason). */
export const RETURN_REASON = '退貨';

/**
 * Invoice actions that need no further call: `void` (the invoice voided), `collegiate` (an
 * AllowanceByCollegiate request ECPay took: its number arrives when the buyer agrees).
 */
export const SETTLED_ACTIONS = ['void', 'collegiate'];

export function invoiceOptions(deps: Deps): EcpayInvoiceOptions {
  return {
    account: ecpayConfig(deps.env).invoice,
    baseUrl: ecpayEndpoints(deps.env, new URL(deps.env.SITE_URL).origin).invoice,
    now: () => deps.clock.now(),
  };
}

/**
 * Runs `work` under the return's invoice claim: one compare-and-set of `invoice_claimed_at` (with
 * `open`: only while no allowance is recorded and the invoice is not settled), so that one call at a
 * time asks ECPay to correct the return's invoice; the claim ends with the work. Undefined when
 * another call holds it.
 */
export async function underInvoiceClaim<T>(
  deps: Deps,
  returnId: number,
  work: () => Promise<T>,
  open = false,
): Promise<T | undefined> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  let claim = k
    .updateTable('returns')
    .set({ invoice_claimed_at: now })
    .where('id', '=', returnId)
    .where((eb) => eb.or([eb('invoice_claimed_at', 'is', null), eb('invoice_claimed_at', '<', now - CLAIM_STALE_MS)]));
  if (open) claim = claim.where('allowance_no', '=', '').where('invoice_action', 'not in', SETTLED_ACTIONS);
  if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) return undefined;
  try {
    return await work();
  } finally {
    await k
      .updateTable('returns')
      .set({ invoice_claimed_at: null })
      .where('id', '=', returnId)
      .where('invoice_claimed_at', '=', now)
      .execute();
  }
}

/** The allowance of a return's refund: one line of the refunded amount, the buyer told by mail when known. */
export const allowanceRequest = (
  returnId: number,
  amount: number,
  buyer: { email: string | null; name: string },
  invoice: { invoiceNo: string; issuedAt: number },
): AllowanceRequest => ({
  invoice,
  items: [{ name: `退貨 #${returnId}`, quantity: 1, unitPrice: amount }],
  notify: buyer.email ? { by: 'E', email: buyer.email } : { by: 'N' },
  customerName: buyer.name,
  reason: RETURN_REASON,
});
