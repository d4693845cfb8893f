import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../src/lib/api/client.ts';
import { createOrderSubmitter, isRetryable } from '../../src/lib/api/orders.ts';
import {
  type CheckoutDraft,
  EMPTY_DRAFT,
  fieldId,
  fieldOf,
  firstField,
  invoiceOf,
  orderBodyOf,
  parseDraft,
  quoteBodyOf,
  validateDraft,
} from '../../src/lib/checkout/draft.ts';
import { MESSAGES } from '../../src/lib/i18n/messages/all.ts';

const HOME: CheckoutDraft = {
  ...EMPTY_DRAFT,
  name: '王小明',
  phone: '0912-345-678',
  email: 'demo@soundwood.tw',
  method: 'home',
  city: '臺北市',
  area: '大安區',
  zipcode: '106',
  addr: ' 復興南路一段 1 號 ',
  payment: 'cod',
};
const ctx = { hasStore: false, payments: ['credit', 'atm', 'cod'] };

describe('checkout draft rules', () => {
  it('passes a complete home delivery order and builds the wire body', () => {
    expect(validateDraft(HOME, ctx)).toEqual({});
    expect(orderBodyOf(HOME)).toEqual({
      receiver: { name: '王小明', phone: '0912345678', email: 'demo@soundwood.tw' },
      shipping: { method: 'home', zipcode: '106', city: '臺北市', area: '大安區', addr: '復興南路一段 1 號' },
      payment: 'cod',
      invoice: { type: 'member' },
      note: '',
    });
  });

  it('puts each missing or bad field under its wire path, in page order', () => {
    const errors = validateDraft({ ...EMPTY_DRAFT, phone: '0212345678', email: 'nope', note: 'x'.repeat(201) }, ctx);
    expect(errors).toMatchObject({
      'receiver.name': 'auth.error.required',
      'receiver.phone': 'auth.error.phone',
      'receiver.email': 'auth.error.email',
      'shipping.method': 'checkout.error.method',
      payment: 'checkout.error.payment',
      note: 'checkout.error.note',
    });
    expect(firstField(errors)).toBe('receiver.name');
    expect(validateDraft({ ...HOME, city: '', area: '' }, ctx)['shipping.city']).toBe('checkout.error.city');
    expect(validateDraft({ ...HOME, area: '' }, ctx)['shipping.area']).toBe('checkout.error.area');
  });

  it('refuses a payment method the quote does not offer', () => {
    expect(validateDraft({ ...HOME, payment: 'pickup_pay' }, ctx).payment).toBe('checkout.error.payment');
  });

  it('applies the carriers’ name rule and needs a chosen store for store pickup', () => {
    const cvs = { ...HOME, method: 'cvs' as const, name: '王小明先生您好' };
    expect(validateDraft(cvs, ctx)).toMatchObject({
      'receiver.name': 'receiver.error.name',
      'shipping.store': 'checkout.error.store',
    });
    expect(validateDraft({ ...cvs, name: 'Amy Lin' }, { ...ctx, hasStore: true })).toEqual({});
    expect(orderBodyOf({ ...cvs, name: 'Amy Lin' }).shipping).toEqual({ method: 'cvs' });
  });

  it('applies the home carrier’s name rule for home delivery only (issue 38)', () => {
    for (const name of ['Mary Johnson', '司馬相如先生', 'Li', 'Amy<b>', 'Tom & Jo', 'Ann "J"', "O'Neil"])
      expect(validateDraft({ ...HOME, name }, ctx)['receiver.name'], name).toBe('receiver.error.homeName');
    expect(validateDraft({ ...HOME, name: 'Mary J' }, ctx)).toEqual({});
    expect(validateDraft({ ...HOME, method: 'shop', name: 'Mary Johnson' }, ctx)['receiver.name']).toBeUndefined();
  });

  it('checks e-invoices by the Taiwan rules and maps them to the wire', () => {
    const bad = (d: Partial<CheckoutDraft>) => validateDraft({ ...HOME, ...d }, ctx);
    expect(bad({ invoiceType: 'mobile', carrier: 'ABC1234' })['invoice.carrier']).toBe('invoice.error.mobileBarcode');
    expect(bad({ invoiceType: 'certificate', carrier: 'A1234' })['invoice.carrier']).toBe('invoice.error.citizenCert');
    expect(bad({ invoiceType: 'donation', code: '12' })['invoice.code']).toBe('invoice.error.donationCode');
    expect(bad({ invoiceType: 'company', taxId: '12345678', title: '' })).toMatchObject({
      'invoice.taxId': 'invoice.error.taxId',
      'invoice.title': 'invoice.error.companyName',
    });
    expect(bad({ invoiceType: 'mobile', carrier: '/abc+123' })).toEqual({});
    expect(invoiceOf({ ...HOME, invoiceType: 'mobile', carrier: ' /abc+123 ', taxId: '04595257' })).toEqual({
      type: 'mobile',
      carrier: '/ABC+123',
    });
    expect(invoiceOf({ ...HOME, invoiceType: 'company', taxId: '04595257', title: '聲林  音響' })).toEqual({
      type: 'company',
      taxId: '04595257',
      title: '聲林 音響',
    });
  });

  it('quotes only what is chosen', () => {
    expect(quoteBodyOf(EMPTY_DRAFT)).toEqual({});
    expect(quoteBodyOf({ ...EMPTY_DRAFT, method: 'cvs', payment: 'credit' })).toEqual({
      shipping: { method: 'cvs' },
      payment: 'credit',
    });
    expect(quoteBodyOf({ ...HOME, addr: '' }).shipping).toEqual({
      method: 'home',
      city: '臺北市',
      area: '大安區',
      zipcode: '106',
    });
  });

  it('reads a stored draft defensively', () => {
    expect(parseDraft('{not json')).toEqual(EMPTY_DRAFT);
    expect(parseDraft('[1,2]')).toEqual(EMPTY_DRAFT);
    // Each text keeps its string up to its length; too long or not a string reads as empty.
    const read = parseDraft(
      JSON.stringify({ ...HOME, name: 'x'.repeat(101), phone: 912345678, coupon: 'A'.repeat(32) }),
    );
    expect(read).toMatchObject({ name: '', phone: '', coupon: 'A'.repeat(32), email: HOME.email, payment: 'cod' });
    expect(Object.keys(read).sort()).toEqual(Object.keys(EMPTY_DRAFT).sort());
    expect(parseDraft(JSON.stringify({ ...HOME, method: 'drone', invoiceType: 42 }))).toMatchObject({
      name: '王小明',
      method: '',
      invoiceType: 'member',
    });
  });

  it('places server field errors at the page’s fields', () => {
    expect(fieldOf('invoice.taxId')).toBe('invoice.taxId');
    expect(fieldOf('shipping.zipcode')).toBe('shipping.area');
    expect(fieldOf('cart')).toBeNull();
    expect(fieldId('invoice.taxId')).toBe('co-invoice-taxId');
  });

  it('has every message it can show in both locales', () => {
    const keys = new Set(
      Object.values(validateDraft({ ...EMPTY_DRAFT, method: 'cvs', email: 'x', note: 'y'.repeat(300) }, ctx)),
    );
    for (const key of keys) {
      expect(MESSAGES['zh-TW']).toHaveProperty([key]);
      expect(MESSAGES.en).toHaveProperty([key]);
    }
  });
});

describe('order submitter', () => {
  const body = orderBodyOf(HOME);
  const network = () => new ApiClientError('fetch failed', { status: 0 });

  it('keeps the Idempotency-Key after a network error and forgets it after success', async () => {
    const keys: string[] = [];
    let fail = true;
    const submitter = createOrderSubmitter(async (_b, key) => {
      keys.push(key);
      if (fail) {
        fail = false;
        throw network();
      }
      return { no: 'SW1' } as never;
    });
    await expect(submitter.submit(body)).rejects.toThrow('fetch failed');
    await submitter.submit(body);
    await submitter.submit(body);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a fresh key after a definite refusal or when the body changes', async () => {
    const keys: string[] = [];
    const submitter = createOrderSubmitter(async (_b, key) => {
      keys.push(key);
      throw new ApiClientError('out of stock', { status: 409, code: 'OUT_OF_STOCK' });
    });
    await expect(submitter.submit(body)).rejects.toThrow();
    await expect(submitter.submit(body)).rejects.toThrow();
    expect(keys[1]).not.toBe(keys[0]);
    const k1 = submitter.keyFor(body);
    expect(submitter.keyFor(body)).toBe(k1);
    expect(submitter.keyFor({ ...body, note: 'leave at the door' })).not.toBe(k1);
  });

  it('tells the errors worth retrying with the same key', () => {
    expect(isRetryable(network())).toBe(true);
    expect(isRetryable(new ApiClientError('x', { status: 503 }))).toBe(true);
    expect(isRetryable(new ApiClientError('x', { status: 409, code: 'ORDER_IN_PROGRESS' }))).toBe(true);
    expect(isRetryable(new ApiClientError('x', { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' }))).toBe(false);
    expect(isRetryable(new ApiClientError('x', { status: 400 }))).toBe(false);
  });
});

describe('installments in the draft', () => {
  const card: CheckoutDraft = { ...HOME, payment: 'credit', installments: '12' };

  it('keeps a period read back from storage, and drops one that is not ECPay’s', () => {
    expect(parseDraft(JSON.stringify(card)).installments).toBe('12');
    expect(parseDraft(JSON.stringify({ ...card, installments: '5' })).installments).toBe('');
  });

  it('sends installments with a card payment only', () => {
    expect(orderBodyOf(card).installments).toBe(12);
    expect(orderBodyOf({ ...card, payment: 'atm' }).installments).toBeUndefined();
    expect(orderBodyOf({ ...card, installments: '' }).installments).toBeUndefined();
  });

  it('refuses a period the quote does not offer', () => {
    expect(validateDraft(card, { ...ctx, installments: [3, 6, 12] }).installments).toBeUndefined();
    expect(validateDraft(card, { ...ctx, installments: [3, 6] }).installments).toBe('checkout.error.installments');
  });
});
