import { type FormEvent, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { adminApi, messageOf } from './api.ts';
import { price, refundStateLabel } from './display.ts';
import { translator } from './i18n.ts';
import { type ReturnDetail, returnActions } from './return-types.ts';
import { Button, Field, Notice, Select } from './ui.tsx';

/**
 * What the return's state allows, by role as the API does: approve (with how it comes back) or
 * reject with a reason; receive with, per line, the received and damaged units (staff too); refund
 * (the owner only; a transfer with its reference). After each, the page shows the return as answered.
 */
export function ReturnActions(props: {
  locale: Locale;
  ret: ReturnDetail;
  owner: boolean;
  onDone: (r: ReturnDetail) => void;
}) {
  const { locale, ret, owner } = props;
  const t = translator(locale);
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const path = (action: string) => `/api/admin/returns/${ret.id}/${action}`;
  const actions = returnActions(ret);

  async function run(action: string, body: Record<string, unknown>, done: (r: ReturnDetail) => string) {
    if (busy) return;
    setBusy(action);
    setError('');
    setOk('');
    setFields({});
    try {
      const r = await adminApi.post<ReturnDetail>(path(action), { body });
      setOk(done(r));
      setRejecting(false);
      props.onDone(r);
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
      if (e instanceof ApiClientError) setFields(e.fields);
    } finally {
      setBusy('');
    }
  }

  function approve(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const method = String(new FormData(e.currentTarget).get('method') ?? '');
    void run('approve', method ? { method } : {}, () => t('admin.return.approved'));
  }

  function reject(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    if (!reason) {
      setFields({ reason: t('admin.return.reasonRequired') });
      (e.currentTarget.elements.namedItem('reason') as HTMLInputElement | null)?.focus();
      return;
    }
    void run('reject', { reason }, () => t('admin.return.rejected'));
  }

  function receive(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const lines = ret.lines.map((l) => ({
      sku: l.sku,
      receivedQuantity: Number(data.get(`received-${l.sku}`) ?? 0),
      damagedQuantity: Number(data.get(`damaged-${l.sku}`) ?? 0),
    }));
    void run('receive', { lines }, () => t('admin.return.receivedDone'));
  }

  function refund(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reference = String(new FormData(e.currentTarget).get('reference') ?? '').trim();
    void run('refund', reference ? { reference } : {}, (r) =>
      t('admin.return.refundDone', { state: refundStateLabel(locale, r.refund?.state ?? '') }),
    );
  }

  // The outcome of the last action stays shown when the return has nothing left to do.
  if (!actions.length)
    return (
      <>
        <p>{t('admin.return.noActions')}</p>
        <Notice error={error} ok={ok} />
      </>
    );
  const transfer = ret.refund?.method === 'transfer' || (!ret.refund && ret.bank !== null);
  const amount = ret.refund?.amount ?? ret.computation?.amount ?? 0;
  return (
    <>
      {actions.includes('decide') && (
        <>
          <form className="sw-admin-form" noValidate onSubmit={approve}>
            <div className="sw-admin-row">
              <Select
                label={t('admin.return.approveMethod')}
                name="method"
                defaultValue=""
                options={[
                  { value: '', label: t('admin.return.method.parcel') },
                  { value: 'shopper', label: t('admin.return.method.shopper') },
                  { value: 'shop', label: t('admin.return.method.shop') },
                ]}
              />
              <Button type="submit" primary busy={busy === 'approve'}>
                {t('admin.return.approve')}
              </Button>
              <Button aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)}>
                {t('admin.return.reject')}
              </Button>
            </div>
          </form>
          {rejecting && (
            <form className="sw-admin-form" noValidate onSubmit={reject}>
              <Field label={t('admin.return.rejectReason')} name="reason" maxLength={200} error={fields.reason} />
              <Button type="submit" primary busy={busy === 'reject'}>
                {t('admin.return.rejectConfirm')}
              </Button>
            </form>
          )}
        </>
      )}
      {actions.includes('receive') && (
        <form className="sw-admin-form" noValidate onSubmit={receive}>
          <fieldset>
            <legend>{t('admin.return.receiveLegend')}</legend>
            {ret.lines.map((l, i) => (
              <div className="sw-admin-row" key={l.sku}>
                <Field
                  label={t('admin.return.receivedOf', { name: l.name, quantity: l.quantity })}
                  name={`received-${l.sku}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.quantity}
                  defaultValue={l.quantity}
                  error={fields[`lines.${i}.receivedQuantity`]}
                />
                <Field
                  label={t('admin.return.damagedOf', { name: l.name })}
                  name={`damaged-${l.sku}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.quantity}
                  defaultValue={0}
                  error={fields[`lines.${i}.damagedQuantity`]}
                />
              </div>
            ))}
          </fieldset>
          <Button type="submit" primary busy={busy === 'receive'}>
            {t('admin.return.receive')}
          </Button>
        </form>
      )}
      {actions.includes('refund') &&
        (owner ? (
          <form className="sw-admin-form" noValidate onSubmit={refund}>
            {transfer && (
              <Field
                label={t('admin.return.refundReferenceLabel')}
                name="reference"
                maxLength={60}
                hint={t('admin.return.refundHint')}
                error={fields.reference}
              />
            )}
            <Button type="submit" primary busy={busy === 'refund'}>
              {ret.refund?.state === 'failed'
                ? t('admin.return.refundRetry')
                : t('admin.return.refund', { amount: price(amount) })}
            </Button>
          </form>
        ) : (
          <p>{t('admin.return.ownerOnly')}</p>
        ))}
      <Notice error={error} ok={ok} />
    </>
  );
}
