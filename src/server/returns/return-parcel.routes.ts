import { type Context, Hono } from 'hono';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { EcpayNoticeError, formFields } from '../providers/ecpay/notice.ts';
import { handleReturnNotice, type ReturnNoticeAnswer } from './return-parcel.ts';

const text = (c: Context<AppEnv>, a: ReturnNoticeAnswer | { status: 503; body: string }) => {
  c.header('Cache-Control', 'no-store');
  return c.text(a.body, a.status);
};

/**
 * POST /api/returns/ecpay/notify: the status notices of return parcels (the ServerReplyURL of
 * ECPay's return orders). A form POST like the outbound parcels' notices, an exception to the
 * JSON-only rule: its CheckMacValue says who sent it.
 */
export const returnParcelNotices = new Hono<AppEnv>().post('/ecpay/notify', async (c) => {
  let form: Record<string, string> | null = null;
  if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
    try {
      form = formFields(await c.req.parseBody({ all: true }));
    } catch (err) {
      if (!(err instanceof EcpayNoticeError)) throw err;
    }
  }
  if (!form) {
    log.warn({ event: 'return_notice_refused', reason: 'form' }, 'a return notice that is not a form was refused');
    return text(c, { status: 400, body: '0|form' });
  }
  try {
    return text(c, await handleReturnNotice(c.get('deps'), form));
  } catch (err) {
    // Not `1|OK`: ECPay sends the notice again later.
    log.error(
      { event: 'return_notice_failed', rtnMerchantTradeNo: form.RtnMerchantTradeNo ?? null, err },
      'return notice not applied; ECPay sends it again',
    );
    return text(c, { status: 503, body: '0|retry' });
  }
});
