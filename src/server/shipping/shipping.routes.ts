import { type Context, Hono } from 'hono';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { EcpayNoticeError, formFields } from '../providers/ecpay/notice.ts';
import { handleStatusNotice, type NoticeAnswer } from './shipment-notice.ts';

const text = (c: Context<AppEnv>, a: NoticeAnswer) => {
  c.header('Cache-Control', 'no-store');
  return c.text(a.body, a.status);
};

/**
 * POST /api/shipments/ecpay/notify: ECPay's logistics status notices (ServerReplyURL). A form POST
 * like ECPay's payment callbacks, an exception to the JSON-only rule: its CheckMacValue says who sent it.
 */
export const shipments = new Hono<AppEnv>().post('/ecpay/notify', async (c) => {
  let form: Record<string, string> | null = null;
  if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
    try {
      form = formFields(await c.req.parseBody({ all: true }));
    } catch (err) {
      if (!(err instanceof EcpayNoticeError)) throw err;
    }
  }
  if (!form) {
    log.warn({ event: 'shipping_notice_refused', reason: 'form' }, 'a status notice that is not a form was refused');
    return text(c, { status: 400, body: '0|form' });
  }
  try {
    return text(c, await handleStatusNotice(c.get('deps'), form));
  } catch (err) {
    // Not `1|OK`: ECPay sends the notice again later.
    log.error(
      { event: 'shipping_notice_failed', merchantTradeNo: form.MerchantTradeNo ?? null, err },
      'status notice not applied; ECPay sends it again',
    );
    return text(c, { status: 503, body: '0|retry' });
  }
});
