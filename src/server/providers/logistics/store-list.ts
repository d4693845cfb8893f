import { z } from 'zod';
import { sign } from '../ecpay/check-mac.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import type { CvsBrand } from './cvs.ts';

/**
 * ECPay's store list (`/Helper/GetStoreList`, developers.ecpay.com.tw ?p=49055): a signed form POST
 * with MerchantID and CvsType, answered in JSON with every store of the chain (ECPay refreshes it
 * daily at 20:00). The shop looks a chosen store up in it instead of taking the map reply's word.
 */

/** A store as ECPay lists it. */
export interface ListedStore {
  storeId: string;
  name: string;
  address: string;
  telephone: string;
}

/** The list could not be had or read: whether the store exists is unknown. */
export class StoreListError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreListError';
  }
}

const TIMEOUT_MS = 20_000;

const answerSchema = z.object({
  RtnCode: z.coerce.number(),
  RtnMsg: z.string().optional(),
  StoreList: z
    .array(
      z.object({
        CvsType: z.string(),
        StoreInfo: z.array(
          z.object({
            StoreId: z.string(),
            StoreName: z.string(),
            StoreAddr: z.string(),
            StorePhone: z.string().nullish(),
          }),
        ),
      }),
    )
    .default([]),
});

/** The stores of `brand` by store ID, from the logistics server at `baseUrl`. Throws StoreListError. */
export async function fetchStoreList(
  opts: { account: EcpayAccount; baseUrl: string },
  brand: CvsBrand,
): Promise<Map<string, ListedStore>> {
  const fields = sign({ MerchantID: opts.account.merchantId, CvsType: brand }, opts.account, 'md5');
  let text: string;
  try {
    const res = await fetch(`${opts.baseUrl}/Helper/GetStoreList`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 100)}`);
  } catch (cause) {
    throw new StoreListError("ECPay's store list did not answer.", cause);
  }
  let answer: z.infer<typeof answerSchema>;
  try {
    answer = answerSchema.parse(JSON.parse(text));
  } catch (cause) {
    throw new StoreListError("ECPay's store list cannot be read.", cause);
  }
  if (answer.RtnCode !== 1)
    throw new StoreListError(`ECPay refused the store list: ${answer.RtnMsg ?? answer.RtnCode}`);
  const stores = new Map<string, ListedStore>();
  for (const group of answer.StoreList.filter((g) => g.CvsType === brand))
    for (const s of group.StoreInfo)
      stores.set(s.StoreId, {
        storeId: s.StoreId,
        name: s.StoreName,
        address: s.StoreAddr,
        telephone: s.StorePhone ?? '',
      });
  return stores;
}
