import { z } from 'zod';
import { canonicalPlaceName } from '../../../lib/taiwan/names.ts';
import { textField } from '../../common/text-rules.ts';
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
  extraData: string;
}

/**
 * Why a reply is not a usable store: `malformed` (a field missing or not of its form, another
 * merchant's reply) or `text` (a name, address or telephone that breaks the API's text rules:
 * control characters, direction overrides, broken characters, nothing visible, too long).
 */
export type StoreReplyProblem = 'malformed' | 'text';

export class StoreReplyError extends Error {
  readonly problem: StoreReplyProblem;
  constructor(message: string, problem: StoreReplyProblem = 'malformed', cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreReplyError';
    this.problem = problem;
  }
}

/** Longest store name, address and telephone kept (ECPay's reply is within these). */
export const STORE_TEXT_MAX = { name: 60, address: 200, telephone: 20 } as const;
const text = (max: number, min = 1) => textField({ min, max, visible: min > 0 });
const TEXT_FIELDS = ['CVSStoreName', 'CVSAddress', 'CVSTelephone'];
/** The text rules' refusals (text-rules.ts): a field present but not acceptable text. */
const TEXT_REFUSALS = ['textUnsafe', 'noVisible', 'tooLong'];

// Loose: ECPay may add fields to the reply; only these are read. CVSOutSide is not among them: the
// reply comes through the shopper's browser unsigned, so whether a store is on an outlying island is
// read from what the shop can check (the chain's store list and the address it lists).
const replySchema = z.looseObject({
  MerchantID: z.string(),
  MerchantTradeNo: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  LogisticsSubType: z.enum(CVS_SUB_TYPES),
  CVSStoreID: z.string().regex(/^[0-9A-Za-z]{1,10}$/),
  CVSStoreName: text(STORE_TEXT_MAX.name),
  CVSAddress: text(STORE_TEXT_MAX.address),
  CVSTelephone: text(STORE_TEXT_MAX.telephone, 0).default(''),
  ExtraData: z
    .string()
    .refine((s) => [...s].length <= EXTRA_DATA_MAX)
    .default(''),
});

/**
 * Reads the map's form POST to ServerReplyURL; throws StoreReplyError when it is not a usable store.
 * What it returns is still the shopper's word: keep the store's facts from checkStore (cvs-store-facts.ts).
 */
export function parseStoreReply(form: Record<string, string>, account: EcpayAccount): ChosenStore {
  const parsed = replySchema.safeParse(form);
  if (!parsed.success) {
    const texts = parsed.error.issues.every(
      (i) => TEXT_FIELDS.includes(String(i.path[0])) && TEXT_REFUSALS.includes(i.message),
    );
    throw texts
      ? new StoreReplyError('The store reply has texts that break the text rules.', 'text', parsed.error)
      : new StoreReplyError('The store reply has missing or malformed fields.', 'malformed', parsed.error);
  }
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
    extraData: r.ExtraData,
  };
}
