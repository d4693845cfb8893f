import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resultParams } from '../../src/features/checkout/ResultView.tsx';
import { listParams } from '../../src/features/member/OrdersList.tsx';
import { OrderView } from '../../src/features/orders/OrderView.tsx';
import type { Order } from '../../src/lib/api/order-types.ts';
import { formatDateTime } from '../../src/lib/i18n/format.ts';
import { t } from '../../src/lib/i18n/messages/index.ts';
import { returnEventOf } from '../../src/lib/returns/return-event.ts';

/** A payment with no installments or bonus points. */
const NO_EXTRA = { installments: null, firstPayment: null, perPayment: null, redeemed: null };

const AT = Date.UTC(2026, 10, 23, 2, 30);

/** An order as GET /api/orders/{no} answers it (after the client's camelCase). */
function order(patch: Partial<Order> = {}): Order {
  return {
    no: '20261123-X7K2P9Q',
    state: 'awaiting_payment',
    createdAt: AT,
    subtotal: 4990,
    shippingFee: 60,
    discounts: [],
    discountTotal: 0,
    total: 5050,
    count: 1,
    lines: [
      {
        sku: 'ATH-M50X-BK',
        productSlug: 'ath-m50x',
        brandSlug: 'audio-technica',
        name: 'Audio-Technica ATH-M50x',
        optionName: '顏色',
        optionValue: '黑色',
        imageSrc: '/images/m50x.webp',
        unitPrice: 4990,
        compareAtPrice: null,
        quantity: 1,
        lineTotal: 4990,
        discount: 0,
      },
    ],
    receiver: { name: '王小明', phone: '0912345678', email: 'demo@soundwood.tw' },
    shipping: {
      method: 'cvs',
      zipcode: '',
      city: '',
      area: '',
      addr: '',
      store: {
        brand: 'FAMI',
        brandName: '全家',
        id: '006598',
        name: '全家台北信義店',
        address: '台北市信義區松仁路 100 號',
        outside: false,
      },
      carrier: '',
      trackingNo: '',
    },
    shipment: null,
    payment: {
      method: 'atm',
      paidAt: null,
      deadline: AT + 3 * 86_400_000,
      atm: null,
      cvsCode: null,
      failed: false,
      ...NO_EXTRA,
    },
    invoice: {
      type: 'company',
      carrier: '',
      code: '',
      taxId: '04595257',
      title: '聲林音響股份有限公司',
      number: null,
      randomCode: null,
      issuedAt: null,
      voided: false,
    },
    note: '',
    timeline: [{ state: 'awaiting_payment', at: AT, note: '' }],
    canCancel: true,
    cancelNeedsShop: false,
    canPay: true,
    ...patch,
  };
}

const html = (o: Order, locale: 'zh-TW' | 'en' = 'zh-TW') =>
  renderToStaticMarkup(createElement(OrderView, { locale, order: o }));

describe('OrderView', () => {
  it('shows the parcel in both locales: chain, shipping code, store, where it is, the pickup deadline, on the timeline', () => {
    const deadline = AT + 7 * 86_400_000;
    const o = order({
      state: 'shipped',
      shipment: {
        carrier: '7-ELEVEN 交貨便',
        logisticsId: '1234567890',
        shippingCode: '12345678 9012',
        store: { id: '131386', name: '信義松仁門市', address: '臺北市信義區松仁路 100 號' },
        status: 'arrived',
        statusText: '',
        pickupDeadline: deadline,
        events: [
          { status: 'created', at: AT + 1 },
          { status: 'shipped', at: AT + 2 },
          { status: 'arrived', at: AT + 3 },
        ],
      },
    });
    for (const locale of ['zh-TW', 'en'] as const) {
      const out = html(o, locale);
      for (const text of [
        t(locale, 'order.parcelTitle'),
        '7-ELEVEN 交貨便',
        t(locale, 'order.parcelCode', { code: '12345678 9012' }),
        '信義松仁門市（131386）',
        '臺北市信義區松仁路 100 號',
        t(locale, 'order.parcel.arrived'),
        t(locale, 'order.parcelDeadline', { at: formatDateTime(deadline, locale) }),
        t(locale, 'order.parcelEvent', { status: t(locale, 'order.parcel.shipped') }),
      ])
        expect(out).toContain(text);
    }
    expect(html(order())).not.toContain(t('zh-TW', 'order.parcelTitle'));
  });

  it('shows the lines, amounts, receiver, store snapshot, invoice choice and the timeline', () => {
    const out = html(order());
    for (const text of [
      'Audio-Technica ATH-M50x',
      'NT$5,050',
      '0912-345-678',
      '全家台北信義店',
      '台北市信義區松仁路 100 號',
      '04595257 聲林音響股份有限公司',
      t('zh-TW', 'order.state.awaiting_payment'),
      t('zh-TW', 'order.deadline', { at: formatDateTime(AT + 3 * 86_400_000, 'zh-TW') }),
    ])
      expect(out).toContain(text);
    expect(out).not.toContain(t('zh-TW', 'order.invoiceNumber', { number: '' }).trim());
  });

  it('tells a return’s moves on the timeline as the return’s, in both locales, never the stored note', () => {
    const o = order({
      state: 'completed',
      timeline: [
        { state: 'completed', at: AT, note: '' },
        { state: 'completed', at: AT + 1, note: 'return:12:requested' },
        { state: 'completed', at: AT + 1, note: 'return:12:approved parcel' },
        { state: 'completed', at: AT + 2, note: 'return:12:in_transit 3006 包裹配送中' },
      ],
    });
    for (const locale of ['zh-TW', 'en'] as const) {
      const out = html(o, locale);
      const request = t(locale, 'returns.request', { id: 12 });
      for (const state of ['requested', 'approved', 'in_transit'] as const)
        expect(out).toContain(t(locale, 'returns.event', { request, state: t(locale, `returns.state.${state}`) }));
      expect(out).not.toContain('return:12');
      expect(out).not.toContain('parcel');
    }
  });

  it('reads a return’s move from a timeline note, and nothing from any other note', () => {
    expect(returnEventOf('return:7:approved shop')).toEqual({ id: 7, state: 'approved', note: 'shop' });
    expect(returnEventOf('return:7:closed')).toEqual({ id: 7, state: 'closed', note: '' });
    for (const note of ['', '2611271621163226', 'return:7:lost', 'return:x:closed', 'a return:7:closed'])
      expect(returnEventOf(note)).toBeNull();
  });

  it('shows the ATM account, the store code and their deadlines once issued, and the invoice number', () => {
    const exp = AT + 86_400_000;
    const out = html(
      order({
        payment: {
          method: 'atm',
          paidAt: null,
          deadline: exp,
          atm: { bankCode: '812', account: '9103522175887271', expiresAt: exp },
          cvsCode: null,
          failed: false,
          ...NO_EXTRA,
        },
        invoice: { ...order().invoice, number: 'AB12345678', randomCode: '1234', issuedAt: AT },
      }),
      'en',
    );
    expect(out).toContain(t('en', 'order.atm', { bank: '812', account: '9103522175887271' }));
    expect(out).toContain(t('en', 'order.deadline', { at: formatDateTime(exp, 'en') }));
    expect(out).toContain(t('en', 'order.invoiceNumber', { number: 'AB12345678' }));
    const code = html(
      order({
        payment: {
          method: 'cvs_code',
          paidAt: null,
          deadline: exp,
          atm: null,
          cvsCode: { code: 'LLL24112300123', expiresAt: exp },
          failed: false,
          ...NO_EXTRA,
        },
      }),
    );
    expect(code).toContain(t('zh-TW', 'order.cvsCode', { code: 'LLL24112300123' }));
  });

  it('shows home delivery with its address and the tracking number once shipped', () => {
    const out = html(
      order({
        state: 'shipped',
        shipping: {
          method: 'home',
          zipcode: '106',
          city: '臺北市',
          area: '大安區',
          addr: '復興南路一段 1 號',
          store: null,
          carrier: '黑貓宅急便',
          trackingNo: '9012-3456-7890',
        },
        payment: { method: 'cod', paidAt: null, deadline: null, atm: null, cvsCode: null, failed: false, ...NO_EXTRA },
      }),
    );
    expect(out).toContain('106 臺北市大安區復興南路一段 1 號');
    expect(out).toContain(t('zh-TW', 'order.tracking', { carrier: '黑貓宅急便', no: '9012-3456-7890' }));
    expect(out).not.toContain(t('zh-TW', 'order.deadline', { at: '' }).trim());
  });
});

describe('order page addresses', () => {
  it('reads the list’s page and state filter from its URL, ignoring what is not one', () => {
    expect(listParams('?page=3&state=shipped')).toEqual({ page: 3, state: 'shipped' });
    expect(listParams('?page=0&state=lost')).toEqual({ page: 1, state: '' });
    expect(listParams('?page=2.5')).toEqual({ page: 1, state: '' });
  });

  it('reads the result page’s order number and guest key, refusing malformed ones', () => {
    expect(resultParams('?no=20261123-X7K2P9Q&key=UhR7-gHuCJNcoXRt6wkJCg')).toEqual({
      no: '20261123-X7K2P9Q',
      key: 'UhR7-gHuCJNcoXRt6wkJCg',
    });
    expect(resultParams('?no=20261123-X7K2P9Q&key=%3Cscript%3E')).toEqual({ no: '20261123-X7K2P9Q' });
    expect(resultParams('?no=../../etc')).toBeNull();
    expect(resultParams('')).toBeNull();
  });
});
