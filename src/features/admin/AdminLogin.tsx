import { type FormEvent, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { adminApi, messageOf } from './api.ts';
import { translator } from './i18n.ts';
import { safeReturn } from './paths.ts';
import { writeStaffToken } from './session.ts';
import { Button, Field, Notice } from './ui.tsx';
import './admin.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
const CODE = /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i;

/** Sign-in: email, password and the second step's code (or a recovery code), in one form. */
export default function AdminLogin({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const code = String(data.get('code') ?? '').trim();
    const next: Record<string, string> = {};
    if (!EMAIL.test(email)) next.email = t(email ? 'admin.field.email' : 'admin.field.required');
    if (!password) next.password = t('admin.field.required');
    if (!CODE.test(code)) next.code = t(code ? 'admin.field.code' : 'admin.field.required');
    setErrors(next);
    setMessage('');
    const first = Object.keys(next)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await adminApi.post<{ token: string }>('/api/admin/login', { body: { email, password, code } });
      writeStaffToken(res.token);
      location.assign(safeReturn(locale, new URLSearchParams(location.search).get('return')));
    } catch (err) {
      setMessage(messageOf(err, t('admin.error.generic')));
      setBusy(false);
    }
  }

  return (
    <div className="sw-auth">
      <h1>{t('admin.login.title')}</h1>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Notice error={message} />
        <Field label={t('admin.login.email')} name="email" type="email" autoComplete="username" error={errors.email} />
        <Field
          label={t('admin.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Field
          label={t('admin.login.code')}
          name="code"
          autoComplete="one-time-code"
          hint={t('admin.login.codeHint')}
          error={errors.code}
        />
        <Button type="submit" primary busy={busy} aria-disabled={busy || undefined}>
          {busy ? t('admin.working') : t('admin.login.submit')}
        </Button>
      </form>
    </div>
  );
}
