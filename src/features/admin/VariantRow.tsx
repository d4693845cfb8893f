import { type FormEvent, useId, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { adminApi, messageOf } from './api.ts';
import type { AdminVariant } from './catalog-types.ts';
import { price as money } from './display.ts';
import { translator } from './i18n.ts';

const WHOLE = /^\d{1,9}$/;

/**
 * One variant with its price and stock edited in place (PATCH /api/admin/variants/{sku}): only
 * what changed is sent; a staff member sees the price but cannot edit it (the owner's alone).
 */
export function VariantRow(props: { locale: Locale; v: AdminVariant; owner: boolean; onSaved: () => void }) {
  const { locale, owner } = props;
  const t = translator(locale);
  const [v, setV] = useState(props.v);
  const [errors, setErrors] = useState<{ price?: string; stock?: string; form?: string }>({});
  const [ok, setOk] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const formId = `${id}-form`;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const next: typeof errors = {};
    const body: { price?: number; stock?: number } = {};
    for (const field of owner ? (['price', 'stock'] as const) : (['stock'] as const)) {
      const raw = String(data.get(field) ?? '').trim();
      if (!WHOLE.test(raw)) next[field] = t('admin.field.number');
      else if (Number(raw) !== v[field]) body[field] = Number(raw);
    }
    setErrors(next);
    setOk('');
    if (next.price || next.stock || (body.price === undefined && body.stock === undefined)) return;
    setBusy(true);
    try {
      const res = await adminApi.patch<{ price: number; stock: number; pagesNotice: string }>(
        `/api/admin/variants/${encodeURIComponent(v.sku)}`,
        { body },
      );
      setV({ ...v, price: res.price, stock: res.stock });
      setOk(t('admin.catalog.saved', { sku: v.sku, notice: res.pagesNotice ?? '' }));
      props.onSaved();
    } catch (err) {
      const fields = err instanceof ApiClientError ? err.fields : {};
      const message = messageOf(err, t('admin.error.generic'));
      if (fields.price || fields.stock) setErrors({ price: fields.price && message, stock: fields.stock && message });
      else setErrors({ form: message });
    } finally {
      setBusy(false);
    }
  }

  const input = (field: 'price' | 'stock') => (
    <>
      <input
        form={formId}
        name={field}
        inputMode="numeric"
        aria-label={t(field === 'price' ? 'admin.catalog.priceOf' : 'admin.catalog.stockOf', { sku: v.sku })}
        defaultValue={String(v[field])}
        key={v[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="sw-field-error" role="alert">
          {errors[field]}
        </p>
      )}
    </>
  );

  return (
    <tr>
      <td className="sw-card-1">{locale === 'en' ? v.optionEn : v.optionZh}</td>
      <td className="sw-card-2 sw-nowrap">{v.sku}</td>
      <td data-label={t('admin.col.price')} className="sw-nowrap">
        {owner ? input('price') : money(v.price)}
      </td>
      <td data-label={t('admin.col.stock')}>{input('stock')}</td>
      <td data-label={t('admin.col.waiting')}>{v.waiting}</td>
      <td>
        <form id={formId} onSubmit={(e) => void save(e)} noValidate>
          <button type="submit" className="sw-button" aria-busy={busy || undefined}>
            {t('admin.catalog.save', { sku: v.sku })}
          </button>
        </form>
        {errors.form && (
          <p className="sw-field-error" role="alert">
            {errors.form}
          </p>
        )}
        {ok && (
          <p className="sw-form-notice" role="status">
            {ok}
          </p>
        )}
      </td>
    </tr>
  );
}
