import { describe, expect, it } from 'vitest';
import type { ReturnRequest } from '../../../src/lib/api/returns.ts';
import { MESSAGES } from '../../../src/lib/i18n/messages/all.ts';
import {
  bankErrors,
  canWithdraw,
  draftBody,
  emptyDraft,
  leftByLine,
  maskAccount,
  nextStep,
  returnPeriod,
  serverErrors,
} from '../../../src/lib/returns/return-form.ts';

const DAY = 86_400_000;
const LINES = [
  { sku: 'A', quantity: 2 },
  { sku: 'B', quantity: 1 },
];
const BANK = { code: '812', account: '1234-5678 9012', holder: ' 陳大文 ' };

function request(state: ReturnRequest['state'], lines: [string, number, number?][]): ReturnRequest {
  return {
    id: 1,
    state,
    lines: lines.map(([sku, quantity, received = 0]) => ({
      sku,
      name: sku,
      quantity,
      receivedQuantity: received,
      damagedQuantity: 0,
    })),
    reason: null,
    reasonText: '',
    rejectReason: null,
    requestedAt: 0,
    bank: null,
    returnMethod: null,
    returnParcel: null,
    refund: null,
    invoice: null,
  };
}

describe('what is left to return of each line', () => {
  it('open requests hold what they ask, received ones what arrived, withdrawn and rejected ones nothing', () => {
    expect(leftByLine(LINES, [])).toEqual({ A: 2, B: 1 });
    expect(leftByLine(LINES, [request('requested', [['A', 1]])])).toEqual({ A: 1, B: 1 });
    expect(leftByLine(LINES, [request('refunded', [['A', 2, 1]])])).toEqual({ A: 1, B: 1 });
    expect(leftByLine(LINES, [request('cancelled', [['A', 2]]), request('rejected', [['B', 1]])])).toEqual({
      A: 2,
      B: 1,
    });
    expect(leftByLine(LINES, [request('approved', [['A', 2]]), request('in_transit', [['B', 1]])])).toEqual({
      A: 0,
      B: 0,
    });
  });

  it('a request may be withdrawn until the shop has received it', () => {
    expect(['requested', 'approved', 'in_transit'].every((s) => canWithdraw({ state: s as never }))).toBe(true);
    expect(
      ['received', 'refunded', 'closed', 'rejected', 'cancelled'].some((s) => canWithdraw({ state: s as never })),
    ).toBe(false);
  });
});

describe('the return period as the page states it', () => {
  const until = 10 * DAY;
  it('open before its end, closed from it; nothing to say before delivery', () => {
    expect(returnPeriod({ days: 7, until }, 'completed', until - 1)).toBe('open');
    expect(returnPeriod({ days: 7, until }, 'picked_up', until)).toBe('closed');
    expect(returnPeriod({ days: 7, until: null }, 'shipped', 0)).toBe('not_delivered');
    expect(returnPeriod({ days: 7, until }, 'cancelled', 0)).toBe('not_delivered');
    expect(returnPeriod(null, 'delivered', 0)).toBe('not_delivered');
  });
});

describe('the form checked in the page', () => {
  it('the whole order: every line with all that is left; no bank account for a card order', () => {
    expect(draftBody(emptyDraft(), { A: 2, B: 0 }, false, 'en')).toEqual({
      body: { lines: [{ sku: 'A', quantity: 2 }] },
    });
  });

  it('some lines: the quantities typed, the reason and its text, the bank account without spaces or dashes', () => {
    const draft = {
      ...emptyDraft(),
      scope: 'some' as const,
      quantities: { A: 1 },
      reason: 'defective' as const,
      reasonText: '  no sound  ',
      bank: BANK,
    };
    expect(draftBody(draft, { A: 2, B: 1 }, true, 'zh-TW')).toEqual({
      body: {
        lines: [{ sku: 'A', quantity: 1 }],
        reason: 'defective',
        reasonText: 'no sound',
        bank: { code: '812', account: '123456789012', holder: '陳大文' },
      },
    });
  });

  it('refuses with errors by field in the page’s language: nothing chosen, more than is left, a bad account', () => {
    const none = draftBody({ ...emptyDraft(), scope: 'some' }, { A: 2 }, false, 'en');
    expect(none).toEqual({ errors: { lines: 'Choose at least one item to return.' } });
    const over = draftBody({ ...emptyDraft(), scope: 'some', quantities: { A: 3 } }, { A: 2 }, false, 'zh-TW');
    expect(over).toEqual({ errors: { 'lines.A': '請輸入 0 到 2 的數字。' } });
    const bad = draftBody({ ...emptyDraft(), bank: { code: '81', account: '123', holder: ' ' } }, { A: 1 }, true, 'en');
    expect(bad).toEqual({
      errors: {
        'bank.code': 'The bank code is 3 digits.',
        'bank.account': 'The account number is 10 to 16 digits.',
        'bank.holder': "Enter the account holder's name, 1 to 50 characters.",
      },
    });
  });

  it('checks the account as the server does: 10 to 16 digits, a holder of at most 50 characters', () => {
    expect(bankErrors({ code: '700', account: '0123456789', holder: 'A' }, 'en')).toEqual({});
    expect(Object.keys(bankErrors({ code: '700', account: '1'.repeat(17), holder: 'A' }, 'en'))).toEqual([
      'bank.account',
    ]);
    expect(Object.keys(bankErrors({ code: '700', account: '1'.repeat(16), holder: '字'.repeat(51) }, 'en'))).toEqual([
      'bank.holder',
    ]);
  });

  it('puts the server’s field errors beside the fields: a line by its place in the body sent', () => {
    const sent = [
      { sku: 'A', quantity: 1 },
      { sku: 'B', quantity: 1 },
    ];
    expect(serverErrors({ 'lines.1.quantity': 'At most 0', 'bank.account': 'bad' }, sent)).toEqual({
      'lines.B': 'At most 0',
      'bank.account': 'bad',
    });
  });

  it('masks an account to its last 4 digits', () => {
    expect(maskAccount('123456789012')).toBe('********9012');
    expect(maskAccount('123')).toBe('***');
  });
});

describe('what the shopper is told to do next', () => {
  it('an approved return parcel: the code at the chain’s counter or to the driver; else send it or bring it', () => {
    const parcel = (instructions: string, code = 'R123') => ({
      ...request('approved', []),
      returnParcel: { carrier: '7-ELEVEN', code, status: 'created', statusText: 'Booked', instructions },
    });
    expect(nextStep(parcel(''), 'en')).toContain('7-ELEVEN');
    expect(nextStep(parcel(''), 'en')).toContain('R123');
    expect(nextStep(parcel('Key R123 into the ibon kiosk'), 'en')).toBe('Key R123 into the ibon kiosk');
    expect(nextStep(parcel('', ''), 'en')).toBe('Booked');
    expect(nextStep({ ...request('approved', []), returnMethod: 'shop' }, 'en')).toMatch(/^Approved. Bring/);
    expect(nextStep({ ...request('approved', []), returnMethod: 'shopper' }, 'en')).toMatch(/send them back/);
    expect(nextStep({ ...request('rejected', []), rejectReason: 'opened' }, 'en')).toBe('Not accepted: opened');
  });

  it('has words in both languages for every state', () => {
    for (const state of ['requested', 'in_transit', 'received', 'refunded', 'closed', 'cancelled'] as const)
      for (const locale of ['zh-TW', 'en'] as const)
        expect(nextStep(request(state, []), locale)).not.toMatch(/^returns\./);
  });

  it('every returns string exists in both locales', () => {
    const keys = (l: 'zh-TW' | 'en') => Object.keys(MESSAGES[l]).filter((k) => k.startsWith('returns.'));
    expect(keys('en').sort()).toEqual(keys('zh-TW').sort());
  });
});
