import type { ReactNode } from 'react';
import type { Locale } from '../../config.ts';
import type { Order } from '../../lib/api/order-types.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/messages/index.ts';
import { formatPrice } from '../../lib/i18n/price.ts';
import { returnEventOf } from '../../lib/returns/return-event.ts';
import { formatMobile } from '../../lib/taiwan/phone.ts';
import { labels } from './labels.ts';
import './orders.css';
import { DiscountRows } from '../promotions/DiscountLines.tsx';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <section className="sw-order-box">
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** Payment: method and state, the installments and bonus points once paid, the ATM account or store code with its deadline once issued. */
function PaymentInfo({ locale, order }: { locale: Locale; order: Order }) {
  const p = order.payment;
  const at = (ms: number) => formatDateTime(ms, locale);
  return (
    <Section title={t(locale, 'order.paymentTitle')}>
      <p>{labels.payment(locale, p.method)}</p>
      {p.paidAt && <p>{t(locale, 'order.paidAt', { at: at(p.paidAt) })}</p>}
      {p.installments !== null && (
        <p>
          {t(locale, 'pay.installments', {
            periods: p.installments,
            first: formatPrice(p.firstPayment ?? 0),
            each: formatPrice(p.perPayment ?? 0),
          })}
        </p>
      )}
      {p.redeemed && (
        <p>{t(locale, 'pay.redeemed', { amount: formatPrice(p.redeemed.amount), points: p.redeemed.points })}</p>
      )}
      {p.atm && (
        <p>
          {t(locale, 'order.atm', { bank: p.atm.bankCode, account: p.atm.account })}
          {p.atm.expiresAt && (
            <>
              <br />
              {t(locale, 'order.deadline', { at: at(p.atm.expiresAt) })}
            </>
          )}
        </p>
      )}
      {p.cvsCode && (
        <p>
          {t(locale, 'order.cvsCode', { code: p.cvsCode.code })}
          {p.cvsCode.expiresAt && (
            <>
              <br />
              {t(locale, 'order.deadline', { at: at(p.cvsCode.expiresAt) })}
            </>
          )}
        </p>
      )}
      {!p.atm && !p.cvsCode && p.deadline && !p.paidAt && order.state === 'awaiting_payment' && (
        <p>{t(locale, 'order.deadline', { at: at(p.deadline) })}</p>
      )}
      {p.failed && <p className="sw-field-error">{t(locale, 'order.payFailed')}</p>}
    </Section>
  );
}

function ShippingInfo({ locale, order }: { locale: Locale; order: Order }) {
  const s = order.shipping;
  return (
    <Section title={t(locale, 'order.shippingTitle')}>
      <p>{labels.shipping(locale, s.method)}</p>
      {s.method === 'home' && (
        <p>
          {s.zipcode} {s.city}
          {s.area}
          {s.addr}
        </p>
      )}
      {s.store && (
        <p>
          {s.store.brandName} {s.store.name}（{s.store.id}）
          <br />
          {s.store.address}
        </p>
      )}
      {s.trackingNo && <p>{t(locale, 'order.tracking', { carrier: s.carrier, no: s.trackingNo })}</p>}
    </Section>
  );
}

/** The parcel: chain or carrier, shipping code, pickup store and its address, where it is, the pickup deadline. */
function ParcelInfo({ locale, order }: { locale: Locale; order: Order }) {
  const p = order.shipment;
  if (!p) return null;
  return (
    <Section title={t(locale, 'order.parcelTitle')}>
      <p>
        {p.carrier}
        <br />
        {t(locale, 'order.parcelCode', { code: p.shippingCode })}
      </p>
      <p className="sw-order-parcel-status">
        <strong>{labels.parcel(locale, p.status)}</strong>
        {p.pickupDeadline && p.status === 'arrived' && (
          <>
            <br />
            {t(locale, 'order.parcelDeadline', { at: formatDateTime(p.pickupDeadline, locale) })}
          </>
        )}
      </p>
      {p.store && (
        <p>
          {t(locale, 'order.parcelStore')}：{p.store.name}（{p.store.id}）
          <br />
          {p.store.address}
        </p>
      )}
    </Section>
  );
}

/** The order's states and its parcel's statuses, in time order. */
function timelineOf(locale: Locale, order: Order) {
  const rows = order.timeline.map((e, i) => {
    // A return's move is told as the return's, in the page's language (its own note is the shop's).
    const moved = returnEventOf(e.note);
    const text = moved
      ? t(locale, 'returns.event', {
          request: t(locale, 'returns.request', { id: moved.id }),
          state: t(locale, `returns.state.${moved.state}`),
        })
      : `${labels.state(locale, e.state)}${e.note ? `：${e.note}` : ''}`;
    return { key: `o-${i}`, at: e.at, text };
  });
  for (const e of order.shipment?.events ?? [])
    rows.push({
      key: `p-${e.status}-${e.at}`,
      at: e.at,
      text: t(locale, 'order.parcelEvent', { status: labels.parcel(locale, e.status) }),
    });
  // Stable: at the same moment the order's own entry comes first.
  return rows.map((r, i) => ({ ...r, i })).sort((a, b) => a.at - b.at || a.i - b.i);
}

function InvoiceInfo({ locale, order }: { locale: Locale; order: Order }) {
  const i = order.invoice;
  const detail = i.type === 'company' ? `${i.taxId} ${i.title}` : i.type === 'donation' ? i.code : i.carrier;
  return (
    <Section title={t(locale, 'order.invoiceTitle')}>
      <p>
        {labels.invoice(locale, i.type)}
        {detail ? `：${detail}` : ''}
      </p>
      {i.number && (
        <p>
          {t(locale, 'order.invoiceNumber', { number: i.number })}
          {i.voided ? ` ${t(locale, 'order.invoiceVoided')}` : ''}
        </p>
      )}
    </Section>
  );
}

/** One order: state, lines and amounts, receiver, shipping, payment, e-invoice, note, timeline. */
export function OrderView({ locale, order }: { locale: Locale; order: Order }) {
  return (
    <div className="sw-order">
      <p className="sw-order-head">
        <span>{t(locale, 'member.order.number', { no: order.no })}</span>
        <span className="sw-order-state">{labels.state(locale, order.state)}</span>
        <span className="sw-muted">{formatDateTime(order.createdAt, locale)}</span>
      </p>
      <ul className="sw-order-lines" aria-label={t(locale, 'order.lines')}>
        {order.lines.map((l) => (
          <li key={l.sku}>
            {l.imageSrc ? <img src={l.imageSrc} alt="" width={64} height={64} loading="lazy" /> : <span />}
            <span>
              {l.name}
              <br />
              <span className="sw-muted">
                {l.optionName} {l.optionValue} · {formatPrice(l.unitPrice)} × {l.quantity}
              </span>
            </span>
            <span>{formatPrice(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="sw-order-totals">
        <dt>{t(locale, 'cart.subtotal')}</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>{t(locale, 'checkout.shippingFee')}</dt>
        <dd>{formatPrice(order.shippingFee)}</dd>
        <DiscountRows discounts={order.discounts} />
        <dt>{t(locale, 'checkout.total')}</dt>
        <dd>
          <strong>{formatPrice(order.total)}</strong>
        </dd>
      </dl>
      <div className="sw-order-grid">
        <Section title={t(locale, 'checkout.receiver')}>
          <p>
            {order.receiver.name}
            <br />
            {formatMobile(order.receiver.phone)}
            {order.receiver.email && (
              <>
                <br />
                {order.receiver.email}
              </>
            )}
          </p>
        </Section>
        <ShippingInfo locale={locale} order={order} />
        <ParcelInfo locale={locale} order={order} />
        <PaymentInfo locale={locale} order={order} />
        <InvoiceInfo locale={locale} order={order} />
      </div>
      {order.note && (
        <Section title={t(locale, 'checkout.note')}>
          <p className="sw-order-note">{order.note}</p>
        </Section>
      )}
      <Section title={t(locale, 'order.timeline')}>
        <ol className="sw-order-timeline">
          {timelineOf(locale, order).map((e) => (
            <li key={e.key}>
              <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at, locale)}</time> {e.text}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
