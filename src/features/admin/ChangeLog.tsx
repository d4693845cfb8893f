import { useEffect, useState } from 'react';
import type { Locale } from '../../config.ts';
import { adminApi, messageOf } from './api.ts';
import type { Change } from './catalog-types.ts';
import { ADMIN_PAGE_SIZE } from './constants.ts';
import { when } from './display.ts';
import { atMaybe, translator } from './i18n.ts';
import { Notice, type Paged, Pager, Section, Table } from './ui.tsx';

/** The catalog's change log, newest first, with who made each change. `version` reloads it. */
export function ChangeLog({ locale, version }: { locale: Locale; version: number }) {
  const t = translator(locale);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Paged<Change> | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal
  useEffect(() => {
    adminApi
      .get<Paged<Change>>('/api/admin/catalog/changes', { query: { page, limit: ADMIN_PAGE_SIZE } })
      .then(setList)
      .catch((e) => setError(messageOf(e, translator(locale)('admin.error.generic'))));
  }, [page, version, locale]);
  return (
    <Section title={t('admin.catalog.changes')}>
      <Notice error={error} />
      {list && list.data.length === 0 && <p>{t('admin.none')}</p>}
      {list && list.data.length > 0 && (
        <>
          <Table label={t('admin.catalog.changes')}>
            <thead>
              <tr>
                <th scope="col">{t('admin.col.at')}</th>
                <th scope="col">{t('admin.col.who')}</th>
                <th scope="col">{t('admin.col.what')}</th>
                <th scope="col">{t('admin.col.before')}</th>
                <th scope="col">{t('admin.col.after')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id}>
                  <td>{when(c.at, locale)}</td>
                  <td>{c.by}</td>
                  <td>
                    {atMaybe(locale, `admin.change.${c.action}`, c.action)} · {c.subject}
                  </td>
                  <td>{c.before ?? ''}</td>
                  <td>{c.after ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager t={t} page={list} onPage={setPage} label={t('admin.pager.changes')} />
        </>
      )}
    </Section>
  );
}
