import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { adminApi, messageOf } from './api.ts';
import { type AdminKey, atMaybe, translator } from './i18n.ts';
import { adminPath } from './paths.ts';
import { QrCode } from './QrCode.tsx';
import { Button, Field, Notice } from './ui.tsx';
import './admin.css';

interface Started {
  email: string;
  name: string;
  role: string;
  totpSecret: string;
  otpauthUri: string;
}

/** A base32 secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The one-time setup link (`/admin/setup?token=…`): a password, then the TOTP step (the QR code of
 * the otpauth URI, the secret as text, a first code), then the ten recovery codes, shown once.
 */
export default function AdminSetup({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  // Read after hydration: the prerendered shell knows no token.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(location.search).get('token') ?? ''), []);
  const [started, setStarted] = useState<Started | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const focusFirst = (form: HTMLFormElement, name: string) =>
    (form.elements.namedItem(name) as HTMLInputElement | null)?.focus();

  async function setPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const again = String(data.get('again') ?? '');
    const next: Record<string, string> = {};
    if (!password) next.password = t('admin.field.required');
    else if (password !== again) next.again = t('admin.setup.mismatch');
    setErrors(next);
    setMessage('');
    const first = Object.keys(next)[0];
    if (first) return focusFirst(form, first);
    setBusy(true);
    try {
      setStarted(await adminApi.post<Started>('/api/admin/setup', { body: { token, password } }));
      setTimeout(() => heading.current?.focus(), 0);
    } catch (err) {
      const key = err instanceof ApiClientError ? err.fields.password : undefined;
      if (key) {
        setErrors({ password: atMaybe(locale, `admin.err.${key}`, messageOf(err, t('admin.error.generic'))) });
        focusFirst(form, 'password');
      } else setMessage(messageOf(err, t('admin.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    setMessage('');
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: t(code ? 'admin.field.code' : 'admin.field.required') });
      return focusFirst(form, 'code');
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await adminApi.post<{ recoveryCodes: string[] }>('/api/admin/setup/confirm', {
        body: { token, code },
      });
      setCodes(res.recoveryCodes);
      setTimeout(() => heading.current?.focus(), 0);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'TOTP_CODE_WRONG') {
        setErrors({ code: err.message });
        focusFirst(form, 'code');
      } else setMessage(messageOf(err, t('admin.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  const step = (key: AdminKey) => (
    <h2 ref={heading} tabIndex={-1}>
      {t(key)}
    </h2>
  );

  let body: ReactNode;
  if (token === null) body = <p role="status">{t('admin.loading')}</p>;
  else if (!token) body = <Notice error={t('admin.setup.noToken')} />;
  else if (codes)
    body = (
      <>
        {step('admin.setup.codesTitle')}
        <p>{t('admin.setup.codesLead')}</p>
        <ul className="sw-admin-codes" aria-label={t('admin.setup.codesTitle')}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="sw-admin-actions">
          <Button onClick={() => print()}>{t('admin.setup.print')}</Button>
          <a className="sw-button sw-button-primary" href={adminPath(locale, 'login')}>
            {t('admin.setup.toLogin')}
          </a>
        </div>
      </>
    );
  else if (started)
    body = (
      <>
        {step('admin.setup.totpTitle')}
        <p>{t('admin.setup.totpLead', { email: started.email })}</p>
        <QrCode text={started.otpauthUri} label={t('admin.setup.qrLabel')} />
        <p>
          {t('admin.setup.secret')}
          <br />
          <code className="sw-admin-secret" data-secret={started.totpSecret}>
            {grouped(started.totpSecret)}
          </code>
        </p>
        <form noValidate onSubmit={(e) => void confirm(e)}>
          <Notice error={message} />
          <Field
            label={t('admin.setup.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code}
          />
          <Button type="submit" primary busy={busy}>
            {busy ? t('admin.working') : t('admin.setup.confirm')}
          </Button>
        </form>
      </>
    );
  else
    body = (
      <form noValidate onSubmit={(e) => void setPassword(e)}>
        <p>{t('admin.setup.passwordLead')}</p>
        <Notice error={message} />
        <Field
          label={t('admin.setup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <Field
          label={t('admin.setup.passwordAgain')}
          name="again"
          type="password"
          autoComplete="new-password"
          error={errors.again}
        />
        <Button type="submit" primary busy={busy}>
          {busy ? t('admin.working') : t('admin.setup.next')}
        </Button>
      </form>
    );
  return (
    <div className="sw-auth">
      <h1>{t('admin.setup.title')}</h1>
      {body}
    </div>
  );
}
