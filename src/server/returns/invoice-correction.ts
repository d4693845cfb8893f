import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { invoiceProvider } from '../payment/invoicing.ts';
import { issueAllowance, listAllowances } from '../providers/invoice/ecpay-allowance.ts';
import { INVOICE_ERRORS, InvoiceProviderError } from '../providers/invoice/invoice.ts';
import { requestOnlineAllowance } from './allowance-online.ts';
import {
  allowanceRequest,
  invoiceOptions,
  RETURN_REASON,
  SETTLED_ACTIONS,
  underInvoiceClaim,
} from './invoice-claim.ts';
import type { RefundComputation } from './refund-amount.ts';

/**
 * When the correction runs: `before-money` (the owner's refund click, before the refund is sent)
 * issues only an allowance, which can be voided if the refund is then cancelled; a void of the
 * whole invoice cannot be undone and waits for `after-money`.
 */
export type CorrectionStage = 'before-money' | 'after-money';

/**
 * Corrects the e-invoice of a refunded return (issue 40), once: the whole order back while the
 * invoice's period is open voids it (B2CInvoice/Invalid), once the refund is sent; otherwise, and
 * for a partial return, an allowance for the refund (B2CInvoice/Allowance), its IA_Allow_No stored.
 * One call at a time per return: the correction is claimed first (a second click or server finds
 * it taken and leaves it to the first). Before issuing, the allowances ECPay holds on the invoice
 * are listed (GetAllowanceList): one of this refund's amount that no return of the order recorded
 * is this return's, from a call whose answer was lost, and is taken instead of a second. Returns
 * whether the invoice is settled (or needs nothing); false leaves it to the next try (the owner's
 * refund action again).
 */
export async function correctInvoice(
  deps: Deps,
  returnId: number,
  stage: CorrectionStage = 'after-money',
): Promise<boolean> {
  const k = deps.db.kysely;
  const r = await k
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.order_id',
      'r.computation',
      'r.refund_amount',
      'r.invoice_action',
      'r.allowance_no',
      'o.invoice_no',
      'o.invoice_issued_at',
      'o.invoice_voided_at',
      'o.receiver_email',
      'o.receiver_name',
    ])
    .where('r.id', '=', returnId)
    .executeTakeFirstOrThrow();
  if (r.allowance_no || SETTLED_ACTIONS.includes(r.invoice_action)) return true;
  if (!r.invoice_no || r.invoice_issued_at === null || r.invoice_voided_at !== null || !r.refund_amount) return true;
  const computation = JSON.parse(r.computation) as RefundComputation;
  const others = await k
    .selectFrom('returns')
    .select('id')
    .where('order_id', '=', r.order_id)
    .where('allowance_no', '<>', '')
    .execute();
  const voids = computation.whole && !others.length && r.invoice_action !== 'allowance';
  if (voids && stage === 'before-money') return false;
  const done = await underInvoiceClaim(deps, returnId, () => corrected(deps, returnId, r, voids), true);
  return done ?? settledNow(deps, returnId);
}

/** Whether another call settled the return's invoice (an allowance recorded, or the invoice voided). */
async function settledNow(deps: Deps, returnId: number): Promise<boolean> {
  const r = await deps.db.kysely
    .selectFrom('returns')
    .select(['allowance_no', 'invoice_action'])
    .where('id', '=', returnId)
    .executeTakeFirstOrThrow();
  return !!r.allowance_no || SETTLED_ACTIONS.includes(r.invoice_action);
}

interface Row {
  order_id: number;
  refund_amount: number | null;
  invoice_action: string;
  invoice_no: string | null;
  invoice_issued_at: number | null;
  receiver_email: string | null;
  receiver_name: string;
}

/** The correction itself, under the return's claim. */
async function corrected(deps: Deps, returnId: number, r: Row, voids: boolean): Promise<boolean> {
  const k = deps.db.kysely;
  const now = deps.clock.now();
  if (!r.invoice_no || r.invoice_issued_at === null || !r.refund_amount) return true;
  // A refund the owner cancelled gives nothing back: its invoice stays as it is.
  const cancelled = await k
    .selectFrom('refunds')
    .select('id')
    .where('return_id', '=', returnId)
    .where('state', '=', 'cancelled')
    .executeTakeFirst();
  if (cancelled) return true;
  const invoice = { invoiceNo: r.invoice_no, issuedAt: Number(r.invoice_issued_at) };
  if (voids) {
    try {
      await invoiceProvider(deps).void(invoice, RETURN_REASON);
      await k.transaction().execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ invoice_voided_at: now, updated_at: now })
          .where('id', '=', r.order_id)
          .execute();
        await trx
          .updateTable('returns')
          .set({ invoice_action: 'void', updated_at: now })
          .where('id', '=', returnId)
          .execute();
      });
      return true;
    } catch (err) {
      const closed = err instanceof InvoiceProviderError && err.code === INVOICE_ERRORS.periodClosed;
      if (!closed) {
        log.warn({ event: 'return_invoice_void_failed', returnId, err }, 'invoice void failed; tried again later');
        return false;
      }
    }
  }
  const request = allowanceRequest(
    returnId,
    r.refund_amount,
    { email: r.receiver_email, name: r.receiver_name },
    invoice,
  );
  if (deps.env.INVOICE_ALLOWANCE_ONLINE === '1' && r.receiver_email)
    return requestOnlineAllowance(deps, returnId, { ...request, notify: { by: 'E', email: r.receiver_email } });
  // Intention first: a lost answer is then found by the list on the next try, never issued twice.
  await k
    .updateTable('returns')
    .set({ invoice_action: 'allowance', updated_at: now })
    .where('id', '=', returnId)
    .execute();
  const opts = invoiceOptions(deps);
  try {
    const recorded = await k
      .selectFrom('returns')
      .select('allowance_no')
      .where('order_id', '=', r.order_id)
      .where('allowance_no', '<>', '')
      .execute();
    const taken = new Set(recorded.map((x) => x.allowance_no));
    const found = (await listAllowances(opts, invoice)).find(
      (a) => !a.voided && !taken.has(a.allowNo) && a.amount === r.refund_amount,
    );
    const allowNo = found?.allowNo ?? (await issueAllowance(opts, request)).allowNo;
    await k
      .updateTable('returns')
      .set({ allowance_no: allowNo, updated_at: deps.clock.now() })
      .where('id', '=', returnId)
      .execute();
    log.info({ event: 'return_allowance', returnId, found: !!found }, 'invoice allowance recorded');
    return true;
  } catch (err) {
    log.warn({ event: 'return_allowance_failed', returnId, err }, 'invoice allowance failed; tried again later');
    return false;
  }
}
