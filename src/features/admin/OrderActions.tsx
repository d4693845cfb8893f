import { type FormEvent, useState } from 'react';
import type { Locale } from '../../config.ts';
import { adminApi, messageOf } from './api.ts';
import { stateLabel } from './display.ts';
import { translator } from './i18n.ts';
import { labelWindow, postLabel } from './labels.ts';
import type { LabelForm } from './order-types.ts';
import { Button, Check, Field, Notice } from './ui.tsx';

const SIMPLE = ['deliver', 'complete', 'reconcile', 'resend-mail'] as const;
type Simple = (typeof SIMPLE)[number];

/**
 * The actions the order's state allows (the API's `actions`): ship then print its label, print
 * again, deliver, complete, cancel with a reason, reconcile with ECPay, resend the last mail. After
 * each, the page reads the order again.
 */
export function OrderActions(props: { locale: Locale; no: string; actions: string[]; onDone: () => void }) {
  const { locale, no, actions } = props;
  const t = translator(locale);
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [reasonError, setReasonError] = useState('');
  const path = (action: string) => `/api/admin/orders/${encodeURIComponent(no)}/${action}`;
  const target = `sw-label-${no}`;

  async function run(action: string, work: () => Promise<string>) {
    if (busy) return;
    setBusy(action);
    setError('');
    setOk('');
    try {
      setOk(await work());
      props.onDone();
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    } finally {
      setBusy('');
    }
  }

  const ship = () => {
    const win = labelWindow(target);
    return run('ship', async () => {
      try {
        const res = await adminApi.post<{ label?: LabelForm }>(path('ship'), { body: {} });
        if (res.label) postLabel(res.label, target);
        else win?.close();
        return t('admin.action.shipped');
      } catch (e) {
        win?.close();
        throw e;
      }
    });
  };

  const label = () => {
    const win = labelWindow(target);
    return run('label', async () => {
      try {
        postLabel(await adminApi.get<LabelForm>(path('label')), target);
        return t('admin.action.labelOpened');
      } catch (e) {
        win?.close();
        throw e;
      }
    });
  };

  const simple = (action: Simple) =>
    run(action, async () => {
      const res = await adminApi.post<{ state?: string; result?: string; purpose?: string; to?: string }>(
        path(action),
        {
          body: {},
        },
      );
      if (action === 'reconcile') return t('admin.action.reconciled', { result: res.result ?? '' });
      if (action === 'resend-mail') return t('admin.action.resent', { purpose: res.purpose ?? '', to: res.to ?? '' });
      return t('admin.action.stateNow', { state: stateLabel(locale, res.state ?? '') });
    });

  function cancel(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const reason = String(data.get('reason') ?? '').trim();
    if (!reason) {
      setReasonError(t('admin.field.required'));
      (e.currentTarget.elements.namedItem('reason') as HTMLInputElement | null)?.focus();
      return;
    }
    setReasonError('');
    void run('cancel', async () => {
      await adminApi.post(path('cancel'), { body: { reason, unsent: data.get('unsent') === 'on' || undefined } });
      setCancelling(false);
      return t('admin.action.cancelled');
    });
  }

  if (!actions.length) return <p>{t('admin.order.noActions')}</p>;
  return (
    <>
      <div className="sw-admin-actions">
        {actions.includes('ship') && (
          <Button primary busy={busy === 'ship'} onClick={() => void ship()}>
            {t('admin.action.ship')}
          </Button>
        )}
        {actions.includes('label') && (
          <Button busy={busy === 'label'} onClick={() => void label()}>
            {t('admin.action.label')}
          </Button>
        )}
        {SIMPLE.filter((a) => actions.includes(a)).map((a) => (
          <Button key={a} busy={busy === a} onClick={() => void simple(a)}>
            {t(`admin.action.${a}`)}
          </Button>
        ))}
        {actions.includes('cancel') && (
          <Button aria-expanded={cancelling} onClick={() => setCancelling(!cancelling)}>
            {t('admin.action.cancel')}
          </Button>
        )}
      </div>
      {cancelling && (
        <form className="sw-admin-form" noValidate onSubmit={cancel}>
          <Field label={t('admin.action.reason')} name="reason" maxLength={200} error={reasonError} />
          <Check label={t('admin.action.unsent')} name="unsent" />
          <Button type="submit" primary busy={busy === 'cancel'}>
            {t('admin.action.confirmCancel')}
          </Button>
        </form>
      )}
      <Notice error={error} ok={ok} />
    </>
  );
}
