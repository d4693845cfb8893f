import type { Locale } from '../../config.ts';
import { type Msg, pick } from '../common/i18n.ts';
import type { ExpressSubType } from '../providers/logistics/express.ts';
import type { ParcelStatus } from '../providers/logistics/status.ts';

/** The chain or carrier of each sub-type, as shoppers know them. */
export const CARRIER_NAMES: Record<ExpressSubType, Msg> = {
  UNIMARTC2C: { zh: '7-ELEVEN 交貨便', en: '7-Eleven' },
  FAMIC2C: { zh: '全家店到店', en: 'FamilyMart' },
  HILIFEC2C: { zh: '萊爾富店到店', en: 'Hi-Life' },
  OKMARTC2C: { zh: 'OK 超商店到店', en: 'OK Mart' },
  TCAT: { zh: '黑貓宅急便', en: 'T-CAT' },
  POST: { zh: '中華郵政', en: 'Chunghwa Post' },
};

/** A parcel's status in words. */
export const STATUS_TEXT: Record<ParcelStatus, Msg> = {
  created: { zh: '已建立物流單，等待寄出', en: 'Label created, waiting to be sent' },
  shipped: { zh: '已寄出，運送中', en: 'On its way' },
  arrived: { zh: '已送達取件門市', en: 'Arrived at the pickup store' },
  picked_up: { zh: '已取件', en: 'Picked up' },
  delivered: { zh: '已送達', en: 'Delivered' },
  unclaimed: { zh: '逾期未取，退回中', en: 'Not picked up; on its way back' },
};

export const carrierName = (subType: string, locale: Locale): string =>
  pick(CARRIER_NAMES[subType as ExpressSubType] ?? { zh: subType, en: subType }, locale);

export const statusText = (status: string, locale: Locale): string =>
  pick(STATUS_TEXT[status as ParcelStatus] ?? STATUS_TEXT.created, locale);
