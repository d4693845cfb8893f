import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ReturnsPanel } from '../../../src/features/orders/ReturnsPanel.tsx';
import type { Order } from '../../../src/lib/api/order-types.ts';
import { formatDateTime } from '../../../src/lib/i18n/format.ts';
import { t } from '../../../src/lib/i18n/messages/index.ts';
import { $returns, resetReturnsForTests } from '../../../src/stores/returns.ts';

const DAY = 86_400_000;
const order = {
  no: '20261120-R7K2P9Q',
  state: 'completed',
  lines: [{ sku: 'A', name: 'Headphones', optionValue: '', quantity: 1 }],
  payment: { method: 'credit' },
} as unknown as Order;

/** The panel as the page shows it once the order's returns are read (the store set as loadReturns leaves it). */
function render(until: number, locale: 'zh-TW' | 'en') {
  $returns.set({ ...$returns.get(), no: order.no, window: { days: 7, until }, loading: false });
  return renderToStaticMarkup(createElement(ReturnsPanel, { locale, order }));
}

afterEach(resetReturnsForTests);

describe('ReturnsPanel', () => {
  it('inside the period: its end and the Return items button', () => {
    const until = Date.now() + DAY;
    for (const locale of ['zh-TW', 'en'] as const) {
      const out = render(until, locale);
      expect(out).toContain(t(locale, 'returns.period', { days: 7, until: formatDateTime(until, locale) }));
      expect(out).toContain(`>${t(locale, 'returns.open')}</button>`);
    }
  });

  it('after the period: why it is closed and the way to the contact page, no form', () => {
    const until = Date.now() - DAY;
    for (const locale of ['zh-TW', 'en'] as const) {
      const out = render(until, locale);
      expect(out).toContain(t(locale, 'returns.closed', { days: 7, until: formatDateTime(until, locale) }));
      expect(out).toContain(`href="${locale === 'en' ? '/en' : ''}/contact`);
      expect(out).toContain(t(locale, 'returns.contact'));
      expect(out).not.toContain('<button');
    }
  });
});
