/** ECPay: payments (AIO cashier) and the settings shared with logistics and e-invoice. */
export { AIO_PATHS, type AioAttempt, type AioForm, type AioMethod, buildAioForm } from './aio.ts';
export { checkMacValue, dotnetUrlEncode, type HashPair, sign, verifyCheckMac } from './check-mac.ts';
export {
  assertEcpayServingConfig,
  type EcpayAccount,
  type EcpayConfig,
  ecpayConfig,
  ecpayEndpoints,
} from './config.ts';
export {
  type CloseRecord,
  type CreditAction,
  type CreditActionDone,
  type CreditTrade,
  type CreditTradeStatus,
  doCreditAction,
  EcpayCreditError,
  queryCreditTrade,
} from './credit.ts';
export { ecpayDateTime, newMerchantTradeNo, parseEcpayDateTime } from './fields.ts';
export {
  EcpayNoticeError,
  formFields,
  NOTICE_ACK,
  type PaymentInfoNotice,
  type PaymentNotice,
  parsePaymentInfo,
  parsePaymentNotice,
} from './notice.ts';
export { chooseRefundAction, type RefundChoice, type RefundRefusal } from './refund-action.ts';
