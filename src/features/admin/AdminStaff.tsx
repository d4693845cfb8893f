import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../config.ts';
import { ApiClientError } from '../../lib/api/client.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { adminApi, messageOf } from './api.ts';
import { when } from './display.ts';
import { atMaybe, translator } from './i18n.ts';
import { Button, Field, Notice, Section, Select, Table } from './ui.tsx';

interface Staff {
  email: string;
  name: string;
  role: 'owner' | 'staff';
  status: 'setup' | 'active' | 'disabled';
  createdAt: number;
  lastLoginAt: number | null;
}
interface SetupLink {
  email: string;
  setupUrl: string;
  expiresAt: string;
}

function Body({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [list, setList] = useState<Staff[] | null>(null);
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [link, setLink] = useState<SetupLink | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const load = useCallback(() => {
    adminApi
      .get<{ data: Staff[] }>('/api/admin/staff')
      .then((r) => setList(r.data))
      .catch((e) => setError(messageOf(e, t('admin.error.generic'))));
  }, [t]);
  useEffect(load, [load]);

  async function act(s: Staff, action: 'disable' | 'reset') {
    setError('');
    setOk('');
    setLink(null);
    try {
      const res = await adminApi.post<SetupLink | Record<string, never>>(
        `/api/admin/staff/${encodeURIComponent(s.email)}/${action}`,
      );
      if (action === 'reset') setLink(res as SetupLink);
      else setOk(t('admin.staff.disabledNow', { email: s.email }));
      load();
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    }
  }

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const name = String(data.get('name') ?? '').trim();
    const role = String(data.get('role') ?? 'staff');
    const next: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) next.email = t(email ? 'admin.field.email' : 'admin.field.required');
    if (!name) next.name = t('admin.field.required');
    setErrors(next);
    setError('');
    setOk('');
    setLink(null);
    const first = Object.keys(next)[0];
    if (first) return (form.elements.namedItem(first) as HTMLElement | null)?.focus();
    try {
      setLink(await adminApi.post<SetupLink>('/api/admin/staff', { body: { email, name, role } }));
      form.reset();
      load();
    } catch (err) {
      const message = messageOf(err, t('admin.error.generic'));
      const fields = err instanceof ApiClientError ? err.fields : {};
      if (err instanceof ApiClientError && err.code === 'STAFF_EXISTS') setErrors({ email: message });
      else if (Object.keys(fields).length)
        setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([k, key]) => [k, atMaybe(locale, `admin.err.${key}`, message)]),
          ),
        );
      else setError(message);
    }
  }

  return (
    <>
      <Notice error={error} ok={ok} />
      {link && (
        <p role="status">
          {t('admin.staff.link', { email: link.email, at: when(link.expiresAt, locale) })}
          <br />
          <code className="sw-admin-secret">{link.setupUrl}</code>
        </p>
      )}
      <Section title={t('admin.staff.list')}>
        {list && (
          <Table label={t('admin.staff.list')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.staff.email')}</th>
                <th scope="col">{t('admin.staff.name')}</th>
                <th scope="col">{t('admin.staff.role')}</th>
                <th scope="col">{t('admin.staff.status')}</th>
                <th scope="col">{t('admin.staff.lastLogin')}</th>
                <th scope="col">{t('admin.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.email}>
                  <td className="sw-card-1">{s.email}</td>
                  <td className="sw-card-2">{s.name}</td>
                  <td className="sw-card-3">{t(`admin.role.${s.role}`)}</td>
                  <td className="sw-card-3">{t(`admin.staff.status.${s.status}`)}</td>
                  <td>{when(s.lastLoginAt, locale)}</td>
                  <td className="sw-admin-actions">
                    {s.status !== 'disabled' && (
                      <Button onClick={() => void act(s, 'disable')}>
                        {t('admin.staff.disable', { email: s.email })}
                      </Button>
                    )}
                    <Button onClick={() => void act(s, 'reset')}>{t('admin.staff.reset', { email: s.email })}</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      <Section title={t('admin.staff.add')}>
        <form className="sw-admin-form" noValidate onSubmit={(e) => void add(e)}>
          <div className="sw-admin-row">
            <Field label={t('admin.staff.email')} name="email" type="email" error={errors.email} />
            <Field label={t('admin.staff.name')} name="name" maxLength={60} error={errors.name} />
            <Select
              label={t('admin.staff.role')}
              name="role"
              defaultValue="staff"
              options={[
                { value: 'staff', label: t('admin.role.staff') },
                { value: 'owner', label: t('admin.role.owner') },
              ]}
            />
          </div>
          <Button type="submit" primary>
            {t('admin.staff.add')}
          </Button>
        </form>
      </Section>
    </>
  );
}

/** Staff (the owner's): the accounts, adding one (its setup link), disabling, resetting. */
export default function AdminStaff({ locale }: { locale: Locale }) {
  return (
    <AdminFrame locale={locale} current="staff" title={translator(locale)('admin.staff.title')}>
      {() => <Body locale={locale} />}
    </AdminFrame>
  );
}
