import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { price, refundMethodLabel, refundStateLabel, returnNoteLabel, returnStateLabel, when } from './display.ts';
import { atMaybe, translator } from './i18n.ts';
import { adminPath } from './paths.ts';
import { ReturnActions } from './ReturnActions.tsx';
import type { ReturnDetail } from './return-types.ts';
import { Button, Field, Notice, Section, Table } from './ui.tsx';

function Computation({ locale, c }: { locale: Locale; c: NonNullable<ReturnDetail['computation']> }) {
  const t = translator(locale);
  return (
    <>
      <p>{c.preview ? t('admin.return.preview') : t('admin.return.computed')}</p>
      <ul className="sw-admin-list">
        {c.lines.map((l) => (
          <li key={l.sku}>
            {t('admin.return.compLine', { sku: l.sku, quantity: l.quantity, amount: price(l.amount) })}
          </li>
        ))}
        {c.takeback.map((x) => (
          <li key={x.name.zh}>
            {t('admin.return.takeback', { name: locale === 'en' ? x.name.en : x.name.zh, amount: price(x.amount) })}
          </li>
        ))}
        {c.shipping > 0 && <li>{t('admin.return.shippingBack', { amount: price(c.shipping) })}</li>}
        {c.before > 0 && <li>{t('admin.return.before', { amount: price(c.before) })}</li>}
      </ul>
      <p>
        <strong>{t('admin.return.amount', { amount: price(c.amount) })}</strong>
      </p>
    </>
  );
}

type Bank = NonNullable<ReturnDetail['bank']>;

/**
 * The refund account, masked; the owner can read it in full to make the transfer (each reading is
 * in the audit log).
 */
function BankAccount({ locale, id, bank, owner }: { locale: Locale; id: number; bank: Bank; owner: boolean }) {
  const t = translator(locale);
  const [full, setFull] = useState<Bank | null>(null);
  const [error, setError] = useState('');
  const show = async () => {
    setError('');
    try {
      setFull(await adminApi.get<Bank>(`/api/admin/returns/${id}/bank`));
    } catch (err) {
      setError(messageOf(err, t('admin.error.generic')));
    }
  };
  return (
    <>
      <p>{t('admin.return.bank', full ?? bank)}</p>
      {owner && !full && (
        <Button type="button" onClick={() => void show()}>
          {t('admin.return.bankShow')}
        </Button>
      )}
      {full && <p>{t('admin.return.bankShown')}</p>}
      <Notice error={error} />
    </>
  );
}

/**
 * The owner's cancel of a refund not sent (pending or failed), with a reason: the return closes and
 * the allowance issued for it is voided (POST /api/admin/refunds/{id}/cancel); then the page reloads.
 */
function CancelRefund({ locale, refundId, onDone }: { locale: Locale; refundId: number; onDone: () => void }) {
  const t = translator(locale);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reasonError, setReasonError] = useState('');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    setError('');
    setReasonError('');
    if (!reason) {
      setReasonError(t('admin.return.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await adminApi.post(`/api/admin/refunds/${refundId}/cancel`, { body: { reason } });
      onDone();
    } catch (err) {
      setError(messageOf(err, t('admin.error.generic')));
      if (err instanceof ApiClientError && err.fields.reason) setReasonError(err.fields.reason);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('admin.refund.cancel')}
      </Button>
      {open && (
        <form className="sw-admin-form" noValidate onSubmit={submit}>
          <p>{t('admin.refund.cancelHint')}</p>
          <Field label={t('admin.refund.cancelReason')} name="reason" maxLength={200} error={reasonError} />
          <Button type="submit" primary busy={busy}>
            {t('admin.refund.cancelConfirm')}
          </Button>
        </form>
      )}
      <Notice error={error} />
    </>
  );
}

function Body({ locale, id, owner }: { locale: Locale; id: string; owner: boolean }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [ret, setRet] = useState<ReturnDetail | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    adminApi
      .get<ReturnDetail>(`/api/admin/returns/${encodeURIComponent(id)}`)
      .then(setRet)
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [id, t]);
  useEffect(load, [load]);
  if (error) return <Notice error={error} />;
  if (!ret) return <p role="status">{t('admin.loading')}</p>;
  const r = ret;
  return (
    <>
      <p>
        {t('admin.return.summary', {
          state: returnStateLabel(locale, r.state),
          no: r.orderNo,
          at: when(r.requestedAt, locale),
        })}{' '}
        ·{' '}
        <a href={adminPath(locale, 'order', `?no=${encodeURIComponent(r.orderNo)}`)}>
          {t('admin.return.order', { no: r.orderNo })}
        </a>
      </p>
      {r.refund?.state === 'failed' && (
        <p className="sw-admin-flag">
          {refundStateLabel(locale, 'failed')}
          {r.refund.reason ? ` · ${r.refund.reason}` : ''}
        </p>
      )}
      <Section title={t('admin.return.actions')}>
        <ReturnActions locale={locale} ret={r} owner={owner} onDone={setRet} />
      </Section>
      <Section title={t('admin.return.lines')}>
        <Table label={t('admin.return.lines')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.col.product')}</th>
              <th scope="col">{t('admin.col.sku')}</th>
              <th scope="col">{t('admin.return.col.asked')}</th>
              <th scope="col">{t('admin.return.col.received')}</th>
              <th scope="col">{t('admin.return.col.damaged')}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.sku}>
                <td className="sw-card-1">{l.name}</td>
                <td data-label={t('admin.col.sku')}>{l.sku}</td>
                <td data-label={t('admin.return.col.asked')}>{l.quantity}</td>
                <td data-label={t('admin.return.col.received')}>{l.receivedQuantity}</td>
                <td data-label={t('admin.return.col.damaged')}>{l.damagedQuantity}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section title={t('admin.return.reason')}>
        <p>
          {r.reason ? atMaybe(locale, `admin.returnReason.${r.reason}`, r.reason) : t('admin.return.reasonNone')}
          {r.reasonText ? ` · ${r.reasonText}` : ''}
        </p>
        {r.rejectReason && <p>{t('admin.return.rejectedBecause', { reason: r.rejectReason })}</p>}
        {r.bank && <BankAccount locale={locale} id={r.id} bank={r.bank} owner={owner} />}
      </Section>
      <Section title={t('admin.return.parcel')}>
        {r.returnMethod && <p>{t(`admin.return.method.${r.returnMethod}`)}</p>}
        {r.returnParcel ? (
          <>
            <p>
              {t('admin.return.parcelCode', {
                carrier: r.returnParcel.carrier,
                code: r.returnParcel.code || '—',
                status: r.returnParcel.statusText,
              })}
            </p>
            {r.returnParcel.error && <p role="alert">{r.returnParcel.error}</p>}
          </>
        ) : (
          <p>{t('admin.return.parcelNone')}</p>
        )}
      </Section>
      <Section title={t('admin.return.computation')}>
        {r.computation ? <Computation locale={locale} c={r.computation} /> : <p>{t('admin.none')}</p>}
      </Section>
      <Section title={t('admin.return.invoice')}>
        <p>
          {r.invoice?.action === 'void'
            ? t('admin.return.invoiceVoid')
            : r.invoice?.allowanceNo
              ? t('admin.return.allowance', { no: r.invoice.allowanceNo })
              : r.invoice
                ? t('admin.return.allowancePending')
                : t('admin.return.invoiceNone')}
        </p>
      </Section>
      <Section title={t('admin.return.refunds')}>
        {r.refunds.length ? (
          <ul className="sw-admin-list">
            {r.refunds.map((x) => (
              <li key={x.id}>
                {t('admin.return.refundRow', {
                  at: when(x.sentAt ?? x.createdAt, locale),
                  amount: price(x.amount),
                  method: refundMethodLabel(locale, x.method),
                  state: refundStateLabel(locale, x.state),
                })}
                {x.action ? ` · ${t('admin.return.refundAction', { action: x.action })}` : ''}
                {x.reference
                  ? ` · ${t(x.method === 'card' ? 'admin.return.refundTradeNo' : 'admin.return.refundReference', { reference: x.reference })}`
                  : ''}
                {x.attempts > 1 ? ` · ${t('admin.return.refundAttempts', { count: x.attempts })}` : ''}
                {x.reason ? ` · ${x.reason}` : ''}
                {owner && (x.state === 'pending' || x.state === 'failed') && (
                  <CancelRefund locale={locale} refundId={x.id} onDone={load} />
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('admin.none')}</p>
        )}
      </Section>
      {r.damaged.length > 0 && (
        <Section title={t('admin.return.damaged')}>
          <ul className="sw-admin-list">
            {r.damaged.map((d) => (
              <li key={d.sku}>
                {d.name} · {d.sku} × {d.quantity}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t('admin.return.timeline')}>
        <ol className="sw-admin-list">
          {r.timeline.map((e) => (
            <li key={`${e.state}-${e.at}`}>
              {when(e.at, locale)} · {returnStateLabel(locale, e.state)}
              {e.note ? ` · ${returnNoteLabel(locale, e.state, e.note)}` : ''}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

/** One return (`/admin/return?id=…`): its lines, reason, parcel, refund computation, invoice, refunds and actions. */
export default function AdminReturn({ locale }: { locale: Locale }) {
  const t = translator(locale);
  // Read after hydration: the prerendered shell knows no return.
  const [id, setId] = useState('');
  useEffect(() => setId(new URLSearchParams(location.search).get('id') ?? ''), []);
  return (
    <AdminFrame
      locale={locale}
      current="return"
      title={id ? t('admin.return.title', { id }) : t('admin.returns.title')}
    >
      {(me) => (
        <>
          <p>
            <a href={adminPath(locale, 'returns')}>{t('admin.return.back')}</a>
          </p>
          {id ? (
            <Body key={id} locale={locale} id={id} owner={me.role === 'owner'} />
          ) : (
            <Notice error={t('admin.return.missing')} />
          )}
        </>
      )}
    </AdminFrame>
  );
}
