import { type FormEvent, useRef, useState } from 'react';
import type { Locale } from '../../config.ts';
import { download, messageOf, postCsv } from './api.ts';
import type { ImportReport } from './catalog-types.ts';
import { translator } from './i18n.ts';
import { Button, Check, Notice, Section, Table } from './ui.tsx';

/**
 * The owner's import: a Shopify product CSV, its dry run's report row by row, then applying the
 * same file; and the export to download. The same import as `npm run catalog -- import`.
 */
export function CatalogImport({ locale, onApplied }: { locale: Locale; onApplied: () => void }) {
  const t = translator(locale);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState('');
  const [ok, setOk] = useState('');
  const [busy, setBusy] = useState(false);
  const [withdrawMissing, setWithdrawMissing] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function send(dryRun: boolean) {
    if (!file) {
      setFileError(t('admin.catalog.chooseFile'));
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setOk('');
    const q = new URLSearchParams();
    if (dryRun) q.set('dry_run', '1');
    if (withdrawMissing) q.set('withdraw_missing', '1');
    if (withdrawMissing && confirmWithdraw) q.set('confirm_withdraw', '1');
    try {
      const res = await postCsv<ImportReport>(`/api/admin/catalog/import?${q}`, file);
      setReport(res);
      if (res.applied) {
        setOk(t('admin.catalog.applied', { notice: res.pagesNotice ?? '' }));
        onApplied();
      } else if (!dryRun || res.problems.length) setError(t('admin.catalog.notApplied'));
    } catch (e) {
      setError(messageOf(e, t('admin.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  function dryRun(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void send(true);
  }

  const canApply = report?.dryRun && !report.applied && report.problems.length === 0;
  return (
    <Section title={t('admin.catalog.import')}>
      <form className="sw-admin-form" noValidate onSubmit={dryRun}>
        <div className="sw-field">
          <label htmlFor="sw-admin-csv">{t('admin.catalog.file')}</label>
          <input
            ref={fileInput}
            id="sw-admin-csv"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'sw-admin-csv-error' : undefined}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setReport(null);
              setFileError('');
            }}
          />
          {fileError && (
            <p id="sw-admin-csv-error" className="sw-field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
        <Check
          label={t('admin.catalog.withdrawMissing')}
          checked={withdrawMissing}
          onChange={(e) => {
            setWithdrawMissing(e.currentTarget.checked);
            setReport(null);
          }}
        />
        {withdrawMissing && (
          <Check
            label={t('admin.catalog.confirmWithdraw')}
            checked={confirmWithdraw}
            onChange={(e) => setConfirmWithdraw(e.currentTarget.checked)}
          />
        )}
        <div className="sw-admin-actions">
          <Button type="submit" busy={busy}>
            {t('admin.catalog.dryRun')}
          </Button>
          {canApply && (
            <Button primary busy={busy} onClick={() => void send(false)}>
              {t('admin.catalog.apply')}
            </Button>
          )}
        </div>
      </form>
      <Notice error={error} ok={ok} />
      {report && (
        <div className="sw-admin-report">
          <h3>{report.applied ? t('admin.catalog.reportApplied') : t('admin.catalog.report')}</h3>
          {report.problems.length ? (
            <>
              <h3>{t('admin.catalog.problems', { count: report.problems.length })}</h3>
              <Table label={t('admin.catalog.problems', { count: report.problems.length })}>
                <tbody>
                  {report.problems.map((p) => (
                    <tr key={`${p.line}-${p.column}-${p.code}`}>
                      <td>{p.message}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          ) : (
            !report.applied && <p>{t('admin.catalog.noProblems')}</p>
          )}
          <ul className="sw-admin-list">
            {report.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the report's lines are fixed once shown
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <p>
        <Button
          onClick={() =>
            download('/api/admin/catalog/export').catch((e) => setError(messageOf(e, t('admin.error.generic'))))
          }
        >
          {t('admin.catalog.export')}
        </Button>
      </p>
    </Section>
  );
}
