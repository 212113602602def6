import { EmployeeImportLimits, type EmployeeImportDto } from '@aero/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeesPages, EmployeesPaths, useConfirmImportMutation, useGetImportQuery, useStartImportMutation } from '@aero/web-employees-data-access';
import { DataTable, PageTitle } from '@aero/web-shared-ui';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import './employees-feature.css';

/** How often the page reads a running import's progress. */
export const IMPORT_POLL_MS = 500;

/** Statuses during which the import moves by itself. */
const RUNNING: readonly EmployeeImportDto['status'][] = ['uploading', 'validating', 'importing'];

/** The file's bytes as base64 (without the data-URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * /employees/import (learning §2 employee import): the template to download, a CSV or XLSX file
 * to upload, then a live progress bar while its rows are checked and imported, and the report:
 * accepted, rejected (with why) and duplicate rows. A file with rejected rows waits for Confirm,
 * which imports its accepted rows only; a file that cannot be read says why and imports nothing.
 */
export function EmployeeImportPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [start, { isLoading: uploading }] = useStartImportMutation();
  const [confirm, { isLoading: confirming }] = useConfirmImportMutation();
  const [polling, setPolling] = useState(true);
  const { data: current } = useGetImportQuery(importId ?? '', { skip: !importId, pollingInterval: polling ? IMPORT_POLL_MS : 0 });
  const running = current ? RUNNING.includes(current.status) : importId !== null;
  // Polling stops once the import stops moving by itself (validated, done, failed).
  useEffect(() => {
    if (current && !running) setPolling(false);
  }, [current, running]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) return setProblem(t('employees.import.choose'));
    if (file.size > EmployeeImportLimits.fileMaxBytes) return setProblem(t('employees.import.too-large'));
    try {
      const answer = await start({ file_name: file.name, content_base64: await readAsBase64(file) }).unwrap();
      setPolling(true);
      setImportId(answer.data.id);
    } catch (failure) {
      const fields = failureFieldErrors(failure);
      setProblem(fields.file_name?.[0] ?? fields.content_base64?.[0] ?? failureMessage(failure) ?? t('errors.generic'));
    }
  };
  const doConfirm = async () => {
    if (!importId) return;
    try {
      await confirm(importId).unwrap();
      setPolling(true);
    } catch (failure) {
      setProblem(failureMessage(failure) ?? t('errors.generic'));
    }
  };

  return (
    <section className="page employee-import" aria-labelledby="employee-import-title">
      <PageTitle title={t('screens.employees-import')} />
      <h1 id="employee-import-title">{t('screens.employees-import')}</h1>
      <p>
        <Link to={EmployeesPages.list}>{t('employees.back-to-list')}</Link>
      </p>
      <p>
        {t('employees.import.intro')} <a href={EmployeesPaths.importTemplate}>{t('employees.import.template')}</a>
      </p>
      <form className="form employee-import__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="form-field__label">
          {t('employees.import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn btn--primary" disabled={uploading || running} aria-busy={uploading || undefined}>
          {t('employees.import.upload')}
        </button>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {current && <ImportReport report={current} confirming={confirming} onConfirm={() => void doConfirm()} />}
    </section>
  );
}

function ImportReport({ report, confirming, onConfirm }: { report: EmployeeImportDto; confirming: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="employee-import__report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">{t(`employees.import.status.${report.status}`)}</h2>
      {RUNNING.includes(report.status) && (
        <progress className="employee-import__progress" max={100} value={report.progress} aria-label={t('employees.import.progress')}>
          {report.progress}%
        </progress>
      )}
      {report.status === 'failed' && (
        <p className="notice notice--error" role="alert">
          {report.error}
        </p>
      )}
      {report.status !== 'failed' && report.total_rows > 0 && (
        <dl className="employee__facts">
          <div>
            <dt>{t('employees.import.rows')}</dt>
            <dd>{report.total_rows}</dd>
          </div>
          <div>
            <dt>{t('employees.import.accepted')}</dt>
            <dd>{report.accepted_rows}</dd>
          </div>
          <div>
            <dt>{t('employees.import.rejected')}</dt>
            <dd>{report.rejected_rows}</dd>
          </div>
          <div>
            <dt>{t('employees.import.duplicates')}</dt>
            <dd>{report.duplicate_rows}</dd>
          </div>
          <div>
            <dt>{t('employees.import.created')}</dt>
            <dd>{report.created_rows}</dd>
          </div>
        </dl>
      )}
      {report.needs_confirmation && (
        <div className="employee-import__confirm">
          <p>{t('employees.import.confirm-text', { count: report.accepted_rows })}</p>
          <button type="button" className="btn btn--primary" disabled={confirming || report.accepted_rows === 0} onClick={onConfirm}>
            {t('employees.import.confirm')}
          </button>
        </div>
      )}
      {report.rejected.length > 0 && (
        <DataTable
          label={t('employees.import.rejected-label')}
          rows={report.rejected}
          rowKey={(row) => row.row}
          columns={[
            { key: 'row', header: t('employees.import.row'), cell: (row) => row.row },
            { key: 'name', header: t('employees.columns.name'), cell: (row) => row.name ?? '' },
            { key: 'email', header: t('employees.columns.email'), cell: (row) => row.email ?? '' },
            { key: 'why', header: t('employees.import.why'), cell: (row) => row.errors.join(' ') },
          ]}
        />
      )}
    </section>
  );
}
