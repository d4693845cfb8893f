import { ecpayNoticeRoute } from '../providers/ecpay/notice-route.ts';
import { handleReturnNotice } from './return-parcel.ts';

/**
 * POST /api/returns/ecpay/notify: the status notices of return parcels (the ServerReplyURL of
 * ECPay's return orders), taken like the outbound parcels' notices.
 */
export const returnParcelNotices = ecpayNoticeRoute(handleReturnNotice, {
  event: 'return_notice',
  what: 'return notice',
  key: 'RtnMerchantTradeNo',
});
