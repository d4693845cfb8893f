import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { returnEventOf } from '../../lib/returns/return-event.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { paymentLabel, price, returnNoteLabel, returnStateLabel, shippingLabel, stateLabel, when } from './display.ts';
import { translator } from './i18n.ts';
import { OrderActions } from './OrderActions.tsx';
import type { AuditRow } from './order-types.ts';
import { adminPath } from './paths.ts';
import { Notice, Section, Table } from './ui.tsx';

/** The order as GET /api/admin/orders/{no} answers it (camelCased), the parts the page shows. */
interface Order {
  no: string;
  state: string;
  createdAt: number;
  subtotal: number;
  shippingFee: number;
  discountTotal: number;
  total: number;
  lines: {
    sku: string;
    name: string;
    optionName: string;
    optionValue: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
  }[];
  receiver: { name: string; phone: string; email: string };
  shipping: {
    method: string;
    zipcode: string;
    city: string;
    area: string;
    addr: string;
    store: { id: string; name: string; address: string } | null;
    carrier: string;
    trackingNo: string;
  };
  shipment: {
    carrier: string;
    logisticsId: string;
    shippingCode: string;
    statusText: string;
    pickupDeadline: number | null;
    events: { status: string; at: number }[];
  } | null;
  payment: {
    method: string;
    paidAt: number | null;
    installments: number | null;
    firstPayment: number | null;
    perPayment: number | null;
    redeemed: { points: number; amount: number } | null;
  };
  invoice: { type: string; number: string | null; issuedAt: number | null; voided: boolean };
  timeline: { state: string; at: number; note: string }[];
  invoiceActionNeeded: string | null;
  needsRefund: boolean;
  heldNotices: { outcome: string; rtnCode: string; rtnMsg: string; at: number }[];
  paymentAttempts: { merchantTradeNo: string; method: string; amount: number; createdAt: number; state: string }[];
  paymentNotices: { kind: string; rtnCode: string; rtnMsg: string; outcome: string; createdAt: number }[];
  actions: string[];
  audit: AuditRow[];
}

function Body({ locale, no }: { locale: Locale; no: string }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    adminApi
      .get<Order>(`/api/admin/orders/${encodeURIComponent(no)}`)
      .then(setOrder)
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [no, t]);
  useEffect(load, [load]);
  if (error) return <Notice error={error} />;
  if (!order) return <p role="status">{t('admin.loading')}</p>;
  const o = order;
  const s = o.shipping;
  return (
    <>
      <p>
        {stateLabel(locale, o.state)} · {when(o.createdAt, locale)} · {price(o.total)}
      </p>
      {o.needsRefund && <p className="sw-admin-flag">{t('admin.flag.refund')}</p>}
      {o.invoiceActionNeeded && (
        <p className="sw-admin-flag">{t('admin.flag.invoice', { message: o.invoiceActionNeeded })}</p>
      )}
      <Section title={t('admin.order.actions')}>
        <OrderActions locale={locale} no={o.no} actions={o.actions} onDone={load} />
      </Section>
      <Section title={t('admin.order.lines')}>
        <Table label={t('admin.order.lines')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.col.product')}</th>
              <th scope="col">{t('admin.col.sku')}</th>
              <th scope="col">{t('admin.col.price')}</th>
              <th scope="col">{t('admin.col.quantity')}</th>
              <th scope="col">{t('admin.col.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.sku}>
                <td>
                  {l.name}
                  {l.optionValue ? ` · ${l.optionName} ${l.optionValue}` : ''}
                </td>
                <td>{l.sku}</td>
                <td>{price(l.unitPrice)}</td>
                <td>{l.quantity}</td>
                <td>{price(l.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p>
          {t('admin.order.subtotal', {
            amount: price(o.subtotal),
            fee: price(o.shippingFee),
            discount: price(o.discountTotal),
            total: price(o.total),
          })}
        </p>
      </Section>
      <Section title={t('admin.order.receiver')}>
        <p>
          {o.receiver.name} · {o.receiver.phone}
          {o.receiver.email ? ` · ${o.receiver.email}` : ''}
        </p>
      </Section>
      <Section title={t('admin.order.shipping')}>
        <p>{shippingLabel(locale, s.method)}</p>
        {s.store ? (
          <p>{t('admin.order.store', { name: s.store.name, id: s.store.id, address: s.store.address })}</p>
        ) : s.addr ? (
          <p>{`${s.zipcode} ${s.city}${s.area}${s.addr}`}</p>
        ) : null}
        {s.carrier && <p>{`${s.carrier} ${s.trackingNo}`}</p>}
      </Section>
      <Section title={t('admin.order.parcel')}>
        {o.shipment ? (
          <>
            <p>
              {t('admin.order.parcelCode', {
                carrier: o.shipment.carrier,
                code: o.shipment.shippingCode,
                id: o.shipment.logisticsId,
                status: o.shipment.statusText,
              })}
            </p>
            <ul className="sw-admin-list">
              {o.shipment.events.map((e) => (
                <li key={`${e.status}-${e.at}`}>
                  {when(e.at, locale)} · {e.status}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('admin.order.parcelNone')}</p>
        )}
        {o.heldNotices.length > 0 && (
          <>
            <h3>{t('admin.order.heldNotices')}</h3>
            <ul className="sw-admin-list">
              {o.heldNotices.map((n) => (
                <li key={`${n.at}-${n.rtnCode}`}>
                  {when(n.at, locale)} · {n.rtnCode} {n.rtnMsg} ({n.outcome})
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section title={t('admin.order.payment')}>
        <p>
          {paymentLabel(locale, o.payment.method)}
          {o.payment.installments
            ? ` · ${t('admin.order.installments', {
                periods: o.payment.installments,
                first: price(o.payment.firstPayment ?? 0),
                each: price(o.payment.perPayment ?? 0),
              })}`
            : ''}
          {o.payment.redeemed
            ? ` · ${t('admin.order.redeemed', { amount: price(o.payment.redeemed.amount), points: o.payment.redeemed.points })}`
            : ''}
          {o.payment.paidAt ? ` · ${t('admin.order.paidAt', { at: when(o.payment.paidAt, locale) })}` : ''}
        </p>
        <h3>{t('admin.order.attempts')}</h3>
        {o.paymentAttempts.length ? (
          <ul className="sw-admin-list">
            {o.paymentAttempts.map((a) => (
              <li key={a.merchantTradeNo}>
                {when(a.createdAt, locale)} · {a.merchantTradeNo} · {paymentLabel(locale, a.method)} · {price(a.amount)}{' '}
                · {a.state}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('admin.none')}</p>
        )}
        <h3>{t('admin.order.notices')}</h3>
        {o.paymentNotices.length ? (
          <ul className="sw-admin-list">
            {o.paymentNotices.map((n) => (
              <li key={`${n.createdAt}-${n.kind}-${n.rtnCode}`}>
                {when(n.createdAt, locale)} · {n.kind} · {n.rtnCode} {n.rtnMsg} · {n.outcome}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('admin.none')}</p>
        )}
      </Section>
      <Section title={t('admin.order.invoice')}>
        <p>
          {o.invoice.number
            ? t('admin.order.invoiceNumber', { number: o.invoice.number, at: when(o.invoice.issuedAt, locale) })
            : t('admin.order.invoiceNone')}
          {o.invoice.voided ? ` · ${t('admin.order.invoiceVoided')}` : ''}
        </p>
      </Section>
      <Section title={t('admin.order.timeline')}>
        <ol className="sw-admin-list">
          {o.timeline.map((e, i) => {
            // A return's move: the return, linked, and its state (then the move's own note).
            const moved = returnEventOf(e.note);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
              <li key={i}>
                {when(e.at, locale)} ·{' '}
                {moved ? (
                  <>
                    <a href={adminPath(locale, 'return', `?id=${moved.id}`)}>
                      {t('admin.return.title', { id: moved.id })}
                    </a>{' '}
                    · {returnStateLabel(locale, moved.state)}
                    {moved.note ? ` · ${returnNoteLabel(locale, moved.state, moved.note)}` : ''}
                  </>
                ) : (
                  <>
                    {stateLabel(locale, e.state)}
                    {e.note ? ` · ${e.note}` : ''}
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </Section>
      <Section title={t('admin.order.audit')}>
        {o.audit.length ? (
          <Table label={t('admin.order.audit')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.col.at')}</th>
                <th scope="col">{t('admin.col.who')}</th>
                <th scope="col">{t('admin.col.what')}</th>
                <th scope="col">{t('admin.col.result')}</th>
                <th scope="col">{t('admin.col.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {o.audit.map((a) => (
                <tr key={a.id}>
                  <td>{when(a.at, locale)}</td>
                  <td>{a.who}</td>
                  <td>
                    {a.action}
                    {a.detail ? ` · ${a.detail}` : ''}
                  </td>
                  <td>{a.ok ? t('admin.yes') : t('admin.no')}</td>
                  <td>{a.ip}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p>{t('admin.none')}</p>
        )}
      </Section>
    </>
  );
}

/** One order (`/admin/order?no=…`): everything about it and what its state allows. */
export default function AdminOrder({ locale }: { locale: Locale }) {
  const t = translator(locale);
  // Read after hydration: the prerendered shell knows no order number.
  const [no, setNo] = useState('');
  useEffect(() => setNo(new URLSearchParams(location.search).get('no') ?? ''), []);
  return (
    <AdminFrame locale={locale} current="order" title={no ? t('admin.order.title', { no }) : t('admin.orders.title')}>
      {() => (
        <>
          <p>
            <a href={adminPath(locale, 'orders')}>{t('admin.order.back')}</a>
          </p>
          {no ? <Body key={no} locale={locale} no={no} /> : <Notice error={t('admin.order.missing')} />}
        </>
      )}
    </AdminFrame>
  );
}
