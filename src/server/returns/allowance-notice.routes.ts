import { type Context, Hono } from 'hono';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { EcpayNoticeError, formFields } from '../providers/ecpay/notice.ts';
import { parseCollegiateNotice } from '../providers/invoice/ecpay-allowance.ts';
import { InvoiceProviderError } from '../providers/invoice/invoice.ts';
import { recordAgreedAllowance } from './allowance-online.ts';
import { voidReturnAllowance } from './allowance-void.ts';

const ID_RE = /^[1-9]\d{0,9}$/;

const text = (c: Context<AppEnv>, body: string, status: 200 | 400 | 503 = 200) => {
  c.header('Cache-Control', 'no-store');
  return c.text(body, status);
};

/**
 * POST /api/returns/ecpay/allowance-notify?return={id}: ECPay's notice that the buyer agreed to a
 * return's online allowance (AllowanceByCollegiate's ReturnURL), a form signed with the invoice
 * account's MD5 CheckMacValue. The allowance's number is recorded on the return; one whose refund
 * the owner cancelled meanwhile is voided at once. Answered `1|OK` once handled.
 */
export const allowanceNotices = new Hono<AppEnv>().post('/ecpay/allowance-notify', async (c) => {
  const deps = c.get('deps');
  const returnId = c.req.query('return') ?? '';
  let form: Record<string, string> | null = null;
  if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
    try {
      form = formFields(await c.req.parseBody({ all: true }));
    } catch (err) {
      if (!(err instanceof EcpayNoticeError)) throw err;
    }
  }
  if (!form || !ID_RE.test(returnId)) return text(c, '0|form', 400);
  let notice: ReturnType<typeof parseCollegiateNotice>;
  try {
    notice = parseCollegiateNotice(form, ecpayConfig(deps.env).invoice);
  } catch (err) {
    if (!(err instanceof InvoiceProviderError)) throw err;
    log.warn({ event: 'allowance_notice_refused', returnId, code: err.code }, 'an allowance notice was refused');
    return text(c, `0|${err.code}`, 400);
  }
  if (!notice.issued) {
    log.warn({ event: 'allowance_not_agreed', returnId, rtnMsg: notice.rtnMsg }, 'online allowance not issued');
    return text(c, '1|OK');
  }
  if (!(await recordAgreedAllowance(deps, Number(returnId), notice))) {
    log.warn({ event: 'allowance_notice_unmatched', returnId }, "an allowance notice matched no return's invoice");
    return text(c, '1|OK');
  }
  const cancelled = await deps.db.kysely
    .selectFrom('refunds')
    .select('id')
    .where('return_id', '=', Number(returnId))
    .where('state', '=', 'cancelled')
    .executeTakeFirst();
  // Not `1|OK` while the void fails: ECPay sends the notice again, and the void is tried again.
  if (cancelled && !(await voidReturnAllowance(deps, Number(returnId)))) return text(c, '0|retry', 503);
  return text(c, '1|OK');
});
