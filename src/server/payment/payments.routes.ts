import { type Context, Hono } from 'hono';
import { ok } from '../common/envelope.ts';
import { ApiError } from '../common/errors.ts';
import { log } from '../common/log.ts';
import type { AppEnv } from '../context.ts';
import { ecpayConfig } from '../providers/ecpay/config.ts';
import { EcpayNoticeError, formFields, parsePaymentNotice } from '../providers/ecpay/notice.ts';
import { resultPath, startPayment } from './attempt.ts';
import { handlePaymentInfo } from './info.ts';
import { findAttempt, type NoticeKind, recordNotice, rejectNotice } from './notices.ts';
import { handlePaymentNotice, type NoticeAnswer } from './notify.ts';
import { ownedOrder } from './owned-order.ts';

const FORM_TYPE_RE = /^application\/x-www-form-urlencoded\b/i;
/** Characters kept of a body that is not a form. */
const RAW_KEPT = 2_000;

/**
 * ECPay's form POST as text fields. These three routes are the exceptions to the JSON-only rule:
 * ECPay posts forms, and their CheckMacValue, not a session, says who sent them.
 */
async function ecpayForm(c: Context<AppEnv>, kind: NoticeKind): Promise<Record<string, string> | null> {
  let form: Record<string, string> | null = null;
  if (FORM_TYPE_RE.test(c.req.header('content-type') ?? '')) {
    try {
      form = formFields(await c.req.parseBody({ all: true }));
    } catch (err) {
      if (!(err instanceof EcpayNoticeError)) throw err;
    }
  }
  // Not a form ECPay would send: kept too, as received (cut short), and refused.
  if (!form) await rejectNotice(c.get('deps'), kind, { raw: (await c.req.text()).slice(0, RAW_KEPT) }, 'form');
  return form;
}

const text = (c: Context<AppEnv>, a: NoticeAnswer) => {
  c.header('Cache-Control', 'no-store');
  return c.text(a.body, a.status);
};

/** ECPay's callbacks (issue 9): the server notice, the payment info and the browser's return. */
export const payments = new Hono<AppEnv>()
  .post('/ecpay/notify', async (c) => {
    const form = await ecpayForm(c, 'notify');
    if (!form) return text(c, { status: 400, body: '0|form' });
    try {
      return text(c, await handlePaymentNotice(c.get('deps'), form));
    } catch (err) {
      // Not `1|OK`: ECPay sends the notice again later.
      if (!(err instanceof ApiError))
        log.error(
          { event: 'payment_notice_failed', merchantTradeNo: form.MerchantTradeNo ?? null, err },
          'payment notice not applied; ECPay sends it again',
        );
      return text(c, { status: 503, body: '0|retry' });
    }
  })
  .post('/ecpay/info', async (c) => {
    const form = await ecpayForm(c, 'info');
    if (!form) return text(c, { status: 400, body: '0|form' });
    try {
      return text(c, await handlePaymentInfo(c.get('deps'), form));
    } catch (err) {
      log.error(
        { event: 'payment_info_failed', merchantTradeNo: form.MerchantTradeNo ?? null, err },
        'payment info not applied; ECPay sends it again',
      );
      return text(c, { status: 503, body: '0|retry' });
    }
  })
  .post('/ecpay/return', async (c) => {
    const deps = c.get('deps');
    const form = await ecpayForm(c, 'return');
    if (!form) throw new ApiError('BAD_REQUEST');
    try {
      parsePaymentNotice(form, ecpayConfig(deps.env).payment);
    } catch (err) {
      if (!(err instanceof EcpayNoticeError)) throw err;
      await rejectNotice(deps, 'return', form, err.fault);
      throw new ApiError('BAD_REQUEST', { cause: err });
    }
    const found = await findAttempt(deps.db.kysely, form.MerchantTradeNo ?? '');
    if (!found) {
      await rejectNotice(deps, 'return', form, 'unknown-trade');
      throw new ApiError('ORDER_NOT_FOUND');
    }
    await recordNotice(deps.db.kysely, {
      kind: 'return',
      form,
      verified: true,
      outcome: 'returned',
      now: deps.clock.now(),
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(resultPath(found.no, found.locale), 303);
  });

/** POST /api/orders/{no}/payment: a new attempt of the owner's unpaid order, as the cashier form. */
export const orderPayment = new Hono<AppEnv>().post('/:no/payment', async (c) => {
  const order = await ownedOrder(c, c.req.param('no'));
  c.header('Cache-Control', 'no-store');
  return ok(c, await startPayment(c.get('deps'), order, c.get('locale')));
});
