import { z } from 'zod';
import { canonicalPlaceName } from '../../../lib/taiwan/names.ts';
import type { EcpayAccount } from '../ecpay/config.ts';
import { brandOf, CVS_SUB_TYPES, type CvsBrand, type CvsSubType } from './cvs.ts';
import { EXTRA_DATA_MAX } from './map.ts';

/** The store the shopper chose on the map, as the order keeps a snapshot of it. */
export interface ChosenStore {
  merchantTradeNo: string;
  subType: CvsSubType;
  brand: CvsBrand;
  storeId: string;
  storeName: string;
  /** Official spelling (臺, not 台). */
  address: string;
  telephone: string;
  /** On an outlying island (CVSOutSide=1): other fees and limits apply. */
  outlying: boolean;
  extraData: string;
}

export class StoreReplyError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreReplyError';
  }
}

const text = (max: number) => z.string().trim().max(max);

// Loose: ECPay may add fields to the reply; only these are read.
const replySchema = z.looseObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  LogisticsSubType: z.enum(CVS_SUB_TYPES),
  CVSStoreID: z.string().regex(/^[0-9A-Za-z]{1,10}$/),
  CVSStoreName: text(60).min(1),
  CVSAddress: text(200).min(1),
  CVSTelephone: text(20).default(''),
  CVSOutSide: z.enum(['0', '1']).default('0'),
  ExtraData: z
    .string()
    .refine((s) => [...s].length <= EXTRA_DATA_MAX)
    .default(''),
});

/** Reads the map's form POST to ServerReplyURL; throws StoreReplyError when it is not a usable store. */
export function parseStoreReply(form: Record<string, string>, account: EcpayAccount): ChosenStore {
  const parsed = replySchema.safeParse(form);
  if (!parsed.success) throw new StoreReplyError('The store reply has missing or malformed fields.', parsed.error);
  const r = parsed.data;
  if (r.MerchantID !== account.merchantId) throw new StoreReplyError('The store reply is for another merchant.');
  return {
    merchantTradeNo: r.MerchantTradeNo,
    subType: r.LogisticsSubType,
    brand: brandOf(r.LogisticsSubType),
    storeId: r.CVSStoreID,
    storeName: r.CVSStoreName,
    address: canonicalPlaceName(r.CVSAddress),
    telephone: r.CVSTelephone,
    outlying: r.CVSOutSide === '1',
    extraData: r.ExtraData,
  };
}
