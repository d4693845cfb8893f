import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { ecpayConfig } from '../ecpay/config.ts';
import { ecpayDateTime } from '../ecpay/fields.ts';
import { decryptData, encryptData } from './ecpay-crypto.ts';

/** The JSON envelope of the e-invoice simulator's routes, as ECPay's B2C API reads and answers it. */

/** ECPay refuses requests whose RqHeader.Timestamp is further than this from its clock. */
const TIMESTAMP_WINDOW_S = 600;
/** The Revision every B2C request carries (ECPay answers TransCode ≠ 1 without it). */
const REVISION = '3.0.0';

const envelope = z.object({
  MerchantID: z.string(),
  RqHeader: z.looseObject({ Timestamp: z.number().int(), Revision: z.string().optional() }),
  Data: z.string().min(1),
});

/** The envelope ECPay answers: TransCode for the envelope, RtnCode inside the encrypted Data. */
export function answer(c: Context<AppEnv>, transCode: number, transMsg: string, data?: Record<string, unknown>) {
  const account = ecpayConfig(c.get('deps').env).invoice;
  return c.json({
    PlatformID: '',
    MerchantID: account.merchantId,
    RpHeader: { Timestamp: Math.floor(c.get('deps').clock.now() / 1000) },
    TransCode: transCode,
    TransMsg: transMsg,
    Data: data ? encryptData(data, account) : '',
  });
}

/** Reads and decrypts a request; a failure is answered in the envelope (TransCode ≠ 1). */
export async function open(c: Context<AppEnv>): Promise<Record<string, unknown> | Response> {
  const account = ecpayConfig(c.get('deps').env).invoice;
  const body = envelope.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return answer(c, 9_000_001, 'The request envelope is malformed.');
  if (body.data.RqHeader.Revision !== REVISION) return answer(c, 9_000_005, `RqHeader.Revision must be ${REVISION}.`);
  if (body.data.MerchantID !== account.merchantId) return answer(c, 9_000_002, 'Unknown MerchantID.');
  const skew = Math.abs(c.get('deps').clock.now() / 1000 - body.data.RqHeader.Timestamp);
  if (skew > TIMESTAMP_WINDOW_S) return answer(c, 9_000_003, 'Timestamp is out of range.');
  try {
    const data = decryptData(body.data.Data, account);
    if (typeof data === 'object' && data && (data as { MerchantID?: unknown }).MerchantID === account.merchantId)
      return data as Record<string, unknown>;
  } catch {
    // Answered below like any other undecryptable Data.
  }
  return answer(c, 9_000_004, 'Data does not decrypt with this merchant’s HashKey and HashIV.');
}

export const rtn = (code: number, msg: string, extra: Record<string, unknown> = {}) => ({
  RtnCode: code,
  RtnMsg: msg,
  ...extra,
});
export const ecpayInvoiceDate = (ms: number) => ecpayDateTime(ms).replaceAll('/', '-');
