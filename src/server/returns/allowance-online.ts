import { log } from '../common/log.ts';
import type { Deps } from '../context.ts';
import { type AllowanceRequest, requestAllowanceByCollegiate } from '../providers/invoice/ecpay-allowance.ts';
import { invoiceOptions } from './invoice-claim.ts';

/** Where ECPay tells the shop that the buyer agreed to a return's online allowance. */
export const ALLOWANCE_NOTICE_PATH = '/api/returns/ecpay/allowance-notify';

/**
 * The allowance by the buyer's online agreement (INVOICE_ALLOWANCE_ONLINE, ECPay's
 * AllowanceByCollegiate): ECPay mails the buyer a link to agree, and its signed notice to this
 * return's ReturnURL (allowance-notice.routes.ts) brings the allowance's number when the buyer does.
 * Run it under the return's invoice claim. Whether ECPay took the request (false: tried again later).
 */
export async function requestOnlineAllowance(
  deps: Deps,
  returnId: number,
  request: AllowanceRequest,
): Promise<boolean> {
  const returnUrl = `${new URL(deps.env.SITE_URL).origin}${ALLOWANCE_NOTICE_PATH}?return=${returnId}`;
  try {
    await requestAllowanceByCollegiate(invoiceOptions(deps), request, returnUrl);
  } catch (err) {
    log.warn({ event: 'return_allowance_failed', returnId, err }, 'online allowance request failed; tried again later');
    return false;
  }
  await deps.db.kysely
    .updateTable('returns')
    .set({ invoice_action: 'collegiate', updated_at: deps.clock.now() })
    .where('id', '=', returnId)
    .execute();
  log.info({ event: 'return_allowance_requested', returnId }, 'online allowance sent to the buyer to agree');
  return true;
}

/**
 * Records the allowance of an AllowanceByCollegiate notice on its return: the notice's invoice must
 * be the return's order's, and the return must wait for the buyer. A repeat changes nothing. Whether
 * the notice was the return's.
 */
export async function recordAgreedAllowance(
  deps: Deps,
  returnId: number,
  notice: { invoiceNo: string; allowNo: string },
): Promise<boolean> {
  const k = deps.db.kysely;
  const r = await k
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.invoice_action', 'r.allowance_no', 'o.invoice_no'])
    .where('r.id', '=', returnId)
    .executeTakeFirst();
  if (!r || r.invoice_no !== notice.invoiceNo || r.invoice_action !== 'collegiate') return false;
  if (r.allowance_no) return r.allowance_no === notice.allowNo;
  await k
    .updateTable('returns')
    .set({ allowance_no: notice.allowNo, updated_at: deps.clock.now() })
    .where('id', '=', returnId)
    .where('allowance_no', '=', '')
    .execute();
  log.info({ event: 'return_allowance_agreed', returnId }, 'the buyer agreed to the online allowance');
  return true;
}
