import { randomBytes, randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SimEcpayTradesTable } from '../../../db/tables/simulators.ts';
import { sign } from '../check-mac.ts';
import type { EcpayAccount } from '../config.ts';
import { ecpayDateTime } from '../fields.ts';
import { INFO_ISSUED } from '../notice.ts';
import { TRADE_STATUS } from '../query.ts';

export type SimTrade = Selectable<SimEcpayTradesTable>;

/** The accepted checkout form, as kept in `sim_ecpay_trades.form`. */
export type AioFields = Record<string, string>;

/** Fees the simulator reports (PaymentTypeChargeFee), shaped like ECPay's price list. */
export const FEES = { creditRate: 0.0275, atm: 10, cvs: 26 } as const;
/** Test cards shown on the cashier page. */
export const CARDS = { success: '4311952222222222', declined: '4000221111111112' } as const;
/** RtnCode of a declined card. */
export const DECLINED = { code: '10100058', msg: '付款失敗' } as const;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A new simulator trade: random token for its pages, a TradeNo like ECPay's (time + 4 digits). */
export function newTrade(fields: AioFields, now: number) {
  return {
    token: randomBytes(12).toString('hex'),
    merchant_id: fields.MerchantID!,
    merchant_trade_no: fields.MerchantTradeNo!,
    trade_no: `${ecpayDateTime(now).replace(/\D/g, '').slice(2)}${digits(4)}`,
    amount: Number(fields.TotalAmount),
    form: JSON.stringify(fields),
    status: 'new',
    created_at: now,
  };
}

export const formOf = (trade: SimTrade): AioFields => JSON.parse(trade.form) as AioFields;

function base(trade: SimTrade, form: AioFields, rtn: { code: string; msg: string }, paymentType: string) {
  return {
    MerchantID: trade.merchant_id,
    MerchantTradeNo: trade.merchant_trade_no,
    StoreID: form.StoreID ?? '',
    RtnCode: rtn.code,
    RtnMsg: rtn.msg,
    TradeNo: trade.trade_no,
    TradeAmt: String(trade.amount),
    PaymentType: paymentType,
    TradeDate: ecpayDateTime(trade.created_at),
    CustomField1: form.CustomField1 ?? '',
    CustomField2: form.CustomField2 ?? '',
    CustomField3: form.CustomField3 ?? '',
    CustomField4: form.CustomField4 ?? '',
  };
}

/** The signed ReturnURL / OrderResultURL notice of a finished payment (paid or declined). */
export function paymentNotice(
  trade: SimTrade,
  account: EcpayAccount,
  result: { paid: boolean; paymentType: string; at: number },
  /** NeedExtraPaidInfo=Y: the card's extra fields (credit.ts extraPaidInfo). */
  extra: Record<string, string> = {},
): Record<string, string> {
  const fee = result.paymentType.startsWith('ATM')
    ? FEES.atm
    : result.paymentType.startsWith('CVS')
      ? FEES.cvs
      : Math.round(trade.amount * FEES.creditRate);
  const rtn = result.paid ? { code: '1', msg: '交易成功' } : DECLINED;
  return sign(
    {
      ...base(trade, formOf(trade), rtn, result.paymentType),
      PaymentDate: result.paid ? ecpayDateTime(result.at) : '',
      PaymentTypeChargeFee: result.paid ? String(fee) : '0',
      SimulatePaid: '0',
      ...extra,
    },
    account,
    'sha256',
  );
}

/**
 * The signed ReturnURL notice of a paid card trade the simulator did not record: what tests and the
 * load suite send the shop for an order they placed themselves. `over` changes fields before signing.
 */
export function paidCardNotice(
  account: EcpayAccount,
  trade: { merchantTradeNo: string; tradeNo: string; amount: number; at: number },
  over: Record<string, string> = {},
): Record<string, string> {
  const at = ecpayDateTime(trade.at);
  return sign(
    {
      MerchantID: account.merchantId,
      MerchantTradeNo: trade.merchantTradeNo,
      StoreID: '',
      RtnCode: '1',
      RtnMsg: '交易成功',
      TradeNo: trade.tradeNo,
      TradeAmt: String(trade.amount),
      PaymentType: 'Credit_CreditCard',
      TradeDate: at,
      PaymentDate: at,
      PaymentTypeChargeFee: '10',
      SimulatePaid: '0',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
      ...over,
    },
    account,
    'sha256',
  );
}

/** An ATM virtual account or a store payment code for `trade`, with its expiry from the form's settings. */
export function issueNumber(kind: 'ATM' | 'CVS', form: AioFields, now: number) {
  if (kind === 'ATM') {
    const days = Number(form.ExpireDate) || 3;
    return {
      payment_type: 'ATM_TAISHIN',
      bank_code: '812',
      v_account: `9103${digits(12)}`,
      expire_date: ecpayDateTime(now + days * 86_400_000).slice(0, 10),
    };
  }
  const minutes = Number(form.StoreExpireDate) || 10_080;
  return {
    payment_type: 'CVS_CVS',
    payment_no: `LLL${digits(11)}`,
    expire_date: ecpayDateTime(now + minutes * 60_000),
  };
}

/** The signed PaymentInfoURL notice of an issued ATM account or store code. */
export function infoNotice(trade: SimTrade, account: EcpayAccount): Record<string, string> {
  const atm = trade.payment_type.startsWith('ATM');
  const rtn = atm
    ? { code: String(INFO_ISSUED.ATM), msg: 'Get VirtualAccount Succeeded' }
    : { code: String(INFO_ISSUED.CVS), msg: 'Get CVS Code Succeeded' };
  const extra: Record<string, string> = atm
    ? { BankCode: trade.bank_code, vAccount: trade.v_account, ExpireDate: trade.expire_date }
    : { PaymentNo: trade.payment_no, ExpireDate: trade.expire_date, Barcode1: '', Barcode2: '', Barcode3: '' };
  return sign({ ...base(trade, formOf(trade), rtn, trade.payment_type), ...extra }, account, 'sha256');
}

/**
 * The signed answer of QueryTradeInfo/V5 from the simulator's own record: TradeStatus 1 once paid,
 * 0 while waiting (card page open, ATM account or store code issued), 10200095 for a failed trade,
 * 10200047 when no trade has that MerchantTradeNo.
 */
export function queryAnswer(
  trade: SimTrade | undefined,
  account: EcpayAccount,
  merchantTradeNo: string,
  /** NeedExtraPaidInfo=Y: the card's extra fields (credit.ts extraPaidInfo). */
  extra: Record<string, string> = {},
): Record<string, string> {
  if (!trade)
    return sign(
      {
        MerchantID: account.merchantId,
        MerchantTradeNo: merchantTradeNo,
        TradeStatus: TRADE_STATUS.notFound,
        TradeAmt: '0',
      },
      account,
      'sha256',
    );
  const form = formOf(trade);
  const paid = trade.status === 'paid';
  const status = paid ? TRADE_STATUS.paid : trade.status === 'failed' ? TRADE_STATUS.failed : TRADE_STATUS.unpaid;
  const {
    RtnCode: _code,
    RtnMsg: _msg,
    ...fields
  } = base(trade, form, { code: '', msg: '' }, trade.payment_type || form.ChoosePayment || '');
  return sign(
    {
      ...fields,
      PaymentDate: paid && trade.paid_at !== null ? ecpayDateTime(trade.paid_at) : '',
      HandlingCharge: '0',
      PaymentTypeChargeFee: '0',
      TradeStatus: status,
      ItemName: form.ItemName ?? '',
      ...extra,
    },
    account,
    'sha256',
  );
}
