import { describe, expect, it } from 'vitest';
import { chooseRefundAction } from '../../src/server/providers/ecpay/refund-action.ts';

const trade = (
  status: 'authorised' | 'closing' | 'closed' | 'cancelled' | 'unauthorised',
  closedAmount = 0,
  installment = false,
) => ({
  status,
  amount: 1000,
  closedAmount,
  installment,
});

describe('chooseRefundAction', () => {
  it('gives up a whole authorisation (N) and refuses a part of it until the trade is closed', () => {
    expect(chooseRefundAction(trade('authorised'), 1000)).toEqual({ action: 'N', amount: 1000 });
    expect(chooseRefundAction(trade('authorised'), 400)).toEqual({ refusal: 'partial-before-close', refundable: 1000 });
  });

  it('refunds a closing or closed trade (R), in parts, at most what stands closed', () => {
    expect(chooseRefundAction(trade('closed', 1000), 400)).toEqual({ action: 'R', amount: 400 });
    expect(chooseRefundAction(trade('closing', 600), 600)).toEqual({ action: 'R', amount: 600 });
    expect(chooseRefundAction(trade('closed', 600), 601)).toEqual({ refusal: 'over-remaining', refundable: 600 });
    expect(chooseRefundAction(trade('closed', 0), 1)).toEqual({ refusal: 'over-remaining', refundable: 0 });
  });

  it('refunds an instalment sale only whole', () => {
    expect(chooseRefundAction(trade('closed', 1000, true), 400)).toEqual({
      refusal: 'installment-whole',
      refundable: 1000,
    });
    expect(chooseRefundAction(trade('closed', 1000, true), 1000)).toEqual({ action: 'R', amount: 1000 });
  });

  it('refuses a cancelled or unauthorised trade and an amount that is not a positive whole NT$', () => {
    expect(chooseRefundAction(trade('cancelled'), 1000)).toEqual({ refusal: 'not-refundable', refundable: 0 });
    expect(chooseRefundAction(trade('unauthorised'), 1000)).toEqual({ refusal: 'not-refundable', refundable: 0 });
    expect(chooseRefundAction(trade('closed', 1000), 0)).toMatchObject({ refusal: 'bad-amount' });
    expect(chooseRefundAction(trade('closed', 1000), 10.5)).toMatchObject({ refusal: 'bad-amount' });
  });
});
