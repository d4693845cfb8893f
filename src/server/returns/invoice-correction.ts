import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { invoiceProvider } from '../payment/invoicing.ts';
import { ecpayConfig, ecpayEndpoints } from '../providers/ecpay/config.ts';
import { issueAllowance, listAllowances } from '../providers/invoice/ecpay-allowance.ts';
import type { EcpayInvoiceOptions } from '../providers/invoice/ecpay-b2c.ts';
import { INVOICE_ERRORS, InvoiceProviderError } from '../providers/invoice/invoice.ts';
import type { RefundComputation } from './refund-amount.ts';

const VOID_REASON = '退貨';

function invoiceOptions(deps: Deps): EcpayInvoiceOptions {
  return {
    account: ecpayConfig(deps.env).invoice,
    baseUrl: ecpayEndpoints(deps.env, new URL(deps.env.SITE_URL).origin).invoice,
    now: () => deps.clock.now(),
  };
}

/** A correction claimed this long ago and not finished (the server stopped mid-call) may be claimed again. */
const CLAIM_STALE_MS = 2 * 60_000;

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
  if (r.allowance_no || r.invoice_action === 'void') return true;
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
  const now = deps.clock.now();
  const claimed = await k
    .updateTable('returns')
    .set({ invoice_claimed_at: now })
    .where('id', '=', returnId)
    .where('allowance_no', '=', '')
    .where('invoice_action', '<>', 'void')
    .where((eb) => eb.or([eb('invoice_claimed_at', 'is', null), eb('invoice_claimed_at', '<', now - CLAIM_STALE_MS)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return settledNow(deps, returnId);
  try {
    return await corrected(deps, returnId, r, voids, now);
  } finally {
    await k
      .updateTable('returns')
      .set({ invoice_claimed_at: null })
      .where('id', '=', returnId)
      .where('invoice_claimed_at', '=', now)
      .execute();
  }
}

/** Whether another call settled the return's invoice (an allowance recorded, or the invoice voided). */
async function settledNow(deps: Deps, returnId: number): Promise<boolean> {
  const r = await deps.db.kysely
    .selectFrom('returns')
    .select(['allowance_no', 'invoice_action'])
    .where('id', '=', returnId)
    .executeTakeFirstOrThrow();
  return !!r.allowance_no || r.invoice_action === 'void';
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
async function corrected(deps: Deps, returnId: number, r: Row, voids: boolean, now: number): Promise<boolean> {
  const k = deps.db.kysely;
  if (!r.invoice_no || r.invoice_issued_at === null || !r.refund_amount) return true;
  const invoice = { invoiceNo: r.invoice_no, issuedAt: Number(r.invoice_issued_at) };
  if (voids) {
    try {
      await invoiceProvider(deps).void(invoice, VOID_REASON);
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
    const allowNo =
      found?.allowNo ??
      (
        await issueAllowance(opts, {
          invoice,
          items: [{ name: `退貨 #${returnId}`, quantity: 1, unitPrice: r.refund_amount }],
          notify: r.receiver_email ? { by: 'E', email: r.receiver_email } : { by: 'N' },
          customerName: r.receiver_name,
          reason: VOID_REASON,
        })
      ).allowNo;
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
