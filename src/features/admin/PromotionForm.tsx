import { type FormEvent, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { adminApi, messageOf } from './api.ts';
import { type AdminKey, atMaybe, translator } from './i18n.ts';
import { Button, Check, Field, Notice, Section } from './ui.tsx';

type Kind = 'code' | 'auto';
interface Spec {
  name: string;
  label: AdminKey;
  type?: 'check' | 'lines' | 'number';
  required?: boolean;
}

/** Every option of `npm run promotions -- add-code` and `add-auto`, by the API's names (camelCase here). */
const FIELDS: Record<Kind, Spec[]> = {
  code: [
    { name: 'code', label: 'admin.promo.f.code', required: true },
    { name: 'off', label: 'admin.promo.f.off', type: 'number' },
    { name: 'percent', label: 'admin.promo.f.percent', type: 'number' },
    { name: 'cap', label: 'admin.promo.f.cap', type: 'number' },
    { name: 'min', label: 'admin.promo.f.min', type: 'number' },
    { name: 'uses', label: 'admin.promo.f.uses', type: 'number' },
    { name: 'perMember', label: 'admin.promo.f.perMember', type: 'number' },
    { name: 'from', label: 'admin.promo.f.from' },
    { name: 'to', label: 'admin.promo.f.to' },
    { name: 'brands', label: 'admin.promo.f.brands' },
    { name: 'categories', label: 'admin.promo.f.categories' },
    { name: 'name', label: 'admin.promo.f.name' },
    { name: 'nameEn', label: 'admin.promo.f.nameEn' },
    { name: 'firstOrder', label: 'admin.promo.f.firstOrder', type: 'check' },
    { name: 'membersOnly', label: 'admin.promo.f.membersOnly', type: 'check' },
    { name: 'combinable', label: 'admin.promo.f.combinable', type: 'check' },
  ],
  auto: [
    { name: 'name', label: 'admin.promo.f.name', required: true },
    { name: 'nameEn', label: 'admin.promo.f.nameEn' },
    { name: 'tiers', label: 'admin.promo.f.tiers', type: 'lines' },
    { name: 'freeShippingOver', label: 'admin.promo.f.freeShippingOver', type: 'number' },
    { name: 'from', label: 'admin.promo.f.from' },
    { name: 'to', label: 'admin.promo.f.to' },
    { name: 'brands', label: 'admin.promo.f.brands' },
    { name: 'categories', label: 'admin.promo.f.categories' },
  ],
};

/** Adds a code or an automatic promotion (POST /api/admin/promotions); refusals beside their fields. */
export function PromotionForm({ locale, kind, onAdded }: { locale: Locale; kind: Kind; onAdded: () => void }) {
  const t = translator(locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = `sw-promo-${kind}`;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const body: Record<string, unknown> = { kind };
    const next: Record<string, string> = {};
    for (const f of FIELDS[kind]) {
      if (f.type === 'check') {
        if (data.get(f.name) === 'on') body[f.name] = true;
        continue;
      }
      const raw = String(data.get(f.name) ?? '').trim();
      if (!raw) {
        if (f.required) next[f.name] = t('admin.field.required');
        continue;
      }
      if (f.type === 'number' && !/^\d+$/.test(raw)) next[f.name] = t('admin.field.number');
      body[f.name] =
        f.type === 'lines'
          ? raw
              .split(/\s+/)
              .map((s) => s.trim())
              .filter(Boolean)
          : raw;
    }
    setErrors(next);
    setError('');
    setOk('');
    const first = Object.keys(next)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      const added = await adminApi.post<{ code: string | null; nameZh: string; nameEn: string }>(
        '/api/admin/promotions',
        {
          body,
        },
      );
      setOk(t('admin.promo.added', { name: added.code ?? (locale === 'en' ? added.nameEn : added.nameZh) ?? '' }));
      form.reset();
      onAdded();
    } catch (err) {
      const message = messageOf(err, t('admin.error.generic'));
      const fields = err instanceof ApiClientError ? err.fields : {};
      const beside = Object.fromEntries(
        Object.entries(fields).map(([k, key]) => [
          k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
          atMaybe(locale, `admin.err.${key}`, message),
        ]),
      );
      if (Object.keys(beside).length) setErrors(beside);
      else setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t(kind === 'code' ? 'admin.promo.addCode' : 'admin.promo.addAuto')}>
      <form className="sw-admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="sw-admin-row">
          {FIELDS[kind].map((f) => {
            if (f.type === 'check') return <Check key={f.name} name={f.name} label={t(f.label)} />;
            if (f.type === 'lines')
              return (
                <div className="sw-field" key={f.name}>
                  <label htmlFor={`${prefix}-${f.name}`}>{t(f.label)}</label>
                  <textarea
                    id={`${prefix}-${f.name}`}
                    name={f.name}
                    aria-invalid={errors[f.name] ? true : undefined}
                    aria-describedby={errors[f.name] ? `${prefix}-${f.name}-error` : undefined}
                  />
                  {errors[f.name] && (
                    <p id={`${prefix}-${f.name}-error`} className="sw-field-error" role="alert">
                      {errors[f.name]}
                    </p>
                  )}
                </div>
              );
            return (
              <Field
                key={f.name}
                name={f.name}
                label={t(f.label)}
                inputMode={f.type === 'number' ? 'numeric' : undefined}
                error={errors[f.name]}
              />
            );
          })}
        </div>
        <Notice error={error} ok={ok} />
        <Button type="submit" primary busy={busy}>
          {t(kind === 'code' ? 'admin.promo.addCode' : 'admin.promo.addAuto')}
        </Button>
      </form>
    </Section>
  );
}
