import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { listAllowances, voidAllowance } from '../providers/invoice/ecpay-allowance.ts';
import { invoiceOptions, underInvoiceClaim } from './invoice-claim.ts';

/** Why an allowance is voided (AllowanceInvalid's Reason, at most 20 characters). */
const CANCEL_REASON = '退款取消';

/**
 * Voids the allowance issued for a return whose refund was cancelled (B2CInvoice/AllowanceInvalid:
 * what it allowed returns to the invoice), under the return's invoice claim. An allowance whose
 * Allowance call went unanswered is found by GetAllowanceList first; a void whose answer was lost is
 * found voided there. Whether no allowance of the return stands now (false: try again later).
 */
export async function voidReturnAllowance(deps: Deps, returnId: number): Promise<boolean> {
  const done = await underInvoiceClaim(deps, returnId, () => voided(deps, returnId));
  return done ?? false;
}

async function voided(deps: Deps, returnId: number): Promise<boolean> {
  const k = deps.db.kysely;
  const r = await k
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'r.invoice_action', 'r.allowance_no', 'r.allowance_voided_at', 'r.refund_amount'])
    .select(['o.invoice_no', 'o.invoice_issued_at'])
    .where('r.id', '=', returnId)
    .executeTakeFirstOrThrow();
  // Nothing issued: no allowance asked, or an online one the buyer has not agreed to (its notice,
  // if the buyer agrees later, voids it then: allowance-notice.routes.ts).
  if (r.allowance_voided_at !== null || !['allowance', 'collegiate'].includes(r.invoice_action)) return true;
  if (r.invoice_action === 'collegiate' && !r.allowance_no) return true;
  if (!r.invoice_no || r.invoice_issued_at === null) return true;
  const invoice = { invoiceNo: r.invoice_no, issuedAt: Number(r.invoice_issued_at) };
  const opts = invoiceOptions(deps);
  try {
    let allowNo = r.allowance_no;
    if (!allowNo) {
      const taken = await k
        .selectFrom('returns')
        .select('allowance_no')
        .where('order_id', '=', r.order_id)
        .where('allowance_no', '<>', '')
        .execute();
      const mine = (await listAllowances(opts, invoice)).find(
        (a) => !a.voided && !taken.some((t) => t.allowance_no === a.allowNo) && a.amount === r.refund_amount,
      );
      if (!mine) return true;
      allowNo = mine.allowNo;
    }
    try {
      await voidAllowance(opts, { invoiceNo: invoice.invoiceNo, allowNo }, CANCEL_REASON);
    } catch (err) {
      const listed = (await listAllowances(opts, invoice)).find((a) => a.allowNo === allowNo);
      if (!listed?.voided) throw err;
    }
    const now = deps.clock.now();
    await k
      .updateTable('returns')
      .set({ allowance_no: allowNo, allowance_voided_at: now, updated_at: now })
      .where('id', '=', returnId)
      .execute();
    log.info({ event: 'return_allowance_voided', returnId }, 'allowance voided: its refund was cancelled');
    return true;
  } catch (err) {
    log.warn({ event: 'return_allowance_void_failed', returnId, err }, 'allowance void failed; tried again later');
    return false;
  }
}
