import { Hono } from 'hono';
import { log } from '../../common/log.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { EcpayNoticeError, formFields } from './notice.ts';

/** What a notice's handler answers ECPay: `1|OK` when applied, `0|…` otherwise. */
export interface NoticeAnswer {
  status: 200 | 400 | 503;
  body: string;
}

/** How a route names its notices in the log: the event's prefix, the words, the form's key field. */
interface NoticeLog {
  event: string;
  what: string;
  key: string;
}

/**
 * A route that takes one of ECPay's form-POST notices (a parcel's status, a return parcel's status),
 * an exception to the JSON-only rule: its CheckMacValue says who sent it. A body that is not a form
 * is refused with `0|form`; a handler that throws answers `0|retry` (503) so that ECPay sends the
 * notice again later. Never cached.
 */
export function ecpayNoticeRoute(
  handle: (deps: Deps, form: Record<string, string>) => Promise<NoticeAnswer>,
  names: NoticeLog,
) {
  return new Hono<AppEnv>().post('/ecpay/notify', async (c) => {
    c.header('Cache-Control', 'no-store');
    let form: Record<string, string> | null = null;
    if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
      try {
        form = formFields(await c.req.parseBody({ all: true }));
      } catch (err) {
        if (!(err instanceof EcpayNoticeError)) throw err;
      }
    }
    if (!form) {
      log.warn({ event: `${names.event}_refused`, reason: 'form' }, `a ${names.what} that is not a form was refused`);
      return c.text('0|form', 400);
    }
    try {
      const a = await handle(c.get('deps'), form);
      return c.text(a.body, a.status);
    } catch (err) {
      log.error(
        { event: `${names.event}_failed`, [names.key]: form[names.key] ?? null, err },
        `${names.what} not applied; ECPay sends it again`,
      );
      return c.text('0|retry', 503);
    }
  });
}
