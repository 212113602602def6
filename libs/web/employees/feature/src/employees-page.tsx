import { employeeCreateRequestSchema, EmployeeLimits, type EmployeeCreateRequest, type EmployeeDto } from '@aero/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useCreateEmployeeMutation, useListEmployeesQuery, useRemoveEmployeeMutation } from '@aero/web-employees-data-access';
import { Pagination } from '@aero/web-employees-ui';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, FormError, PageLoading, PageTitle, SchemaForm, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './employees-feature.css';

/** How long the success notice of an added employee stays (learning §9: 2 s). */
export const ADDED_NOTICE_MS = 2000;

const EMPTY_EMPLOYEE: EmployeeCreateRequest = { name: '', email: '' };

/**
 * /employees (learning §2 employee list and forms): the company's employees by name, with a
 * search box, pages of 10 to 50, a link to each employee's page, edit and remove, and the add
 * form (name and e-mail, server errors per field, a success notice for 2 s).
 */
export function EmployeesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(EmployeeLimits.defaultPageSize);
  const { data, isLoading, isFetching, error } = useListEmployeesQuery({ search, page, perPage });
  const canManage = useCan('employees.manage');
  const canInvite = useCan('invitations.manage');
  const canImport = useCan('employees.import');
  const [text, setText] = useState('');

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.list)} replace />;

  const go = (next: { search?: string; page?: number; perPage?: number }) => {
    if (next.search !== undefined) setSearch(next.search);
    if (next.perPage !== undefined) setPerPage(next.perPage);
    setPage(next.page ?? 1);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ search: text.trim(), page: 1 });
  };

  return (
    <section className="page employees" aria-labelledby="employees-title">
      <PageTitle title={t('screens.employees')} />
      <header className="employees__header">
        <h1 id="employees-title">{t('screens.employees')}</h1>
        <nav className="employees__links" aria-label={t('screens.employees')}>
          <Link to={EmployeesPages.groups}>{t('employees.groups-link')}</Link>
          {canInvite && <Link to={EmployeesPages.invitations}>{t('employees.invitations-link')}</Link>}
          {canImport && <Link to={EmployeesPages.import}>{t('employees.import-link')}</Link>}
        </nav>
      </header>

      {canManage && <AddEmployeeForm />}

      <form role="search" className="employees__search" onSubmit={submitSearch}>
        <label className="visually-hidden" htmlFor="employees-search">
          {t('employees.search-label')}
        </label>
        <input
          id="employees-search"
          type="search"
          className="form-field__input"
          value={text}
          maxLength={EmployeeLimits.searchMax}
          placeholder={t('employees.search-placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary">
          {t('common.search')}
        </button>
        <label className="employees__per-page">
          {t('common.per-page')}{' '}
          <select value={perPage} onChange={(event) => go({ perPage: Number(event.target.value), page: 1 })}>
            {EmployeeLimits.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </form>

      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && data.data.length === 0 && <p>{search ? t('employees.no-match') : t('employees.empty')}</p>}
      {data && data.data.length > 0 && (
        <>
          <p className="employees__total">{t('employees.total', { count: data.meta.pagination.total })}</p>
          <EmployeeTable employees={data.data} busy={isFetching} canManage={canManage} />
          <Pagination page={page} totalPages={data.meta.pagination.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </section>
  );
}

/** The add form: name and e-mail; on success a notice for 2 s and the form empties. */
function AddEmployeeForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateEmployeeMutation();
  const form = useSchemaForm(employeeCreateRequestSchema, { defaultValues: EMPTY_EMPLOYEE });
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const submit = async ({ name, email }: EmployeeCreateRequest) => {
    const answer = await create({ name, email }).unwrap();
    form.reset(EMPTY_EMPLOYEE);
    setAdded(answer.data.name);
  };

  return (
    <section className="employees__add" aria-labelledby="employees-add-title">
      <h2 id="employees-add-title">{t('employees.add-title')}</h2>
      <SchemaForm
        form={form}
        className="form employees__add-form"
        onSubmit={submit}
        refusal={{
          // Field errors show under the fields; anything else is the spec's employee.create-error.
          message: () => undefined,
          onRefused: (answer) => {
            if (Object.keys(answer.fields).length === 0) dispatch(flashError(t('employee.create-error')));
          },
        }}
      >
        <FormError />
        <div className="form-grid">
          <TextField name="name" label={t('employees.fields.name')} required maxLength={EmployeeLimits.nameMax} autoComplete="off" />
          <TextField name="email" type="email" label={t('employees.fields.email')} required maxLength={255} autoComplete="off" />
        </div>
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('employees.add')}
        </button>
        {added && (
          <p className="notice notice--success" role="status">
            {t('employees.added', { name: added })}
          </p>
        )}
      </SchemaForm>
    </section>
  );
}

/** The employees with a link to each one's page, and edit and remove for those who manage them. */
function EmployeeTable({ employees, busy, canManage }: { employees: EmployeeDto[]; busy: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remove, { isLoading: removing }] = useRemoveEmployeeMutation();
  const [confirming, setConfirming] = useState<EmployeeDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!confirming) return;
    try {
      await remove(confirming.id).unwrap();
      dispatch(flashSuccess(t('employees.removed')));
      setConfirming(null);
    } catch (error) {
      setFailure(failureMessage(error) ?? t('confirm.error'));
    }
  };

  return (
    <>
      <table className="people-table" aria-label={t('employees.list-label')} aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">{t('employees.columns.name')}</th>
            <th scope="col">{t('employees.columns.email')}</th>
            <th scope="col">{t('employees.columns.department')}</th>
            <th scope="col">{t('employees.columns.division')}</th>
            <th scope="col">{t('employees.columns.position')}</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('employees.columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => (
            <tr key={employee.id}>
              <td>
                <Link to={EmployeesPages.employee(employee.id)}>{employee.name}</Link>
              </td>
              <td>{employee.email ?? '—'}</td>
              <td>{employee.department ?? ''}</td>
              <td>{employee.division ?? ''}</td>
              <td>{employee.position ?? ''}</td>
              {canManage && (
                <td>
                  <div className="people-table__actions">
                    <Link className="btn btn--secondary people-table__button" to={EmployeesPages.edit(employee.id)} aria-label={t('employees.edit-named', { name: employee.name })}>
                      {t('common.edit')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn--secondary people-table__button"
                      aria-label={t('employees.remove-named', { name: employee.name })}
                      onClick={() => {
                        setFailure(null);
                        setConfirming(employee);
                      }}
                    >
                      {t('common.remove')}
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={confirming !== null}
        text={confirming ? t('employees.remove-confirm', { name: confirming.name }) : undefined}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(null)}
        busy={removing}
        error={failure}
      />
    </>
  );
}
