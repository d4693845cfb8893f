import { ecpayNoticeRoute } from '../providers/ecpay/notice-route.ts';
import { handleStatusNotice } from './shipment-notice.ts';

/** POST /api/shipments/ecpay/notify: ECPay's logistics status notices (ServerReplyURL). */
export const shipments = ecpayNoticeRoute(handleStatusNotice, {
  event: 'shipping_notice',
  what: 'status notice',
  key: 'MerchantTradeNo',
});
