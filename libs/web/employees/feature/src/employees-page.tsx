import { EmployeeLimits, type EmployeeDto } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useListEmployeesQuery, useRemoveEmployeeMutation } from '@aero/web-employees-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, DataTable, FailureNotice, PageLoading, PageTitle, Pagination, PerPageSelect, SearchForm, useConfirmedAction, useListParams } from '@aero/web-shared-ui';
import { useTimeout } from '@aero/web-shared-util';
import { useEmployeeColumns } from './employee-columns.js';
import { NewEmployeeForm } from './new-employee-form.js';
import { useBackToLastPage } from './back-to-last-page.js';
import './employees-feature.css';

/** How long the success notice of an added employee stays (learning §9: 2 s). */
export const ADDED_NOTICE_MS = 2000;

/**
 * /employees (learning §2 employee list and forms): the company's employees by name, with a
 * search box, pages of 10 to 50, a link to each employee's page, edit and remove, and the add
 * form (name and e-mail, server errors per field, a success notice for 2 s).
 */
export function EmployeesPage() {
  const { t } = useTranslation();
  const { search, page, perPage, go } = useListParams(EmployeeLimits.defaultPageSize);
  const { data, isLoading, isFetching, error } = useListEmployeesQuery({ search, page, perPage });
  const canManage = useCan('employees.manage');
  const canInvite = useCan('invitations.manage');
  const canImport = useCan('employees.import');
  const leaving = useBackToLastPage(data?.meta.pagination, data?.data.length, page, go);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.list)} replace />;

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

      <SearchForm
        id="employees-search"
        label={t('employees.search-label')}
        placeholder={t('employees.search-placeholder')}
        maxLength={EmployeeLimits.searchMax}
        onSearch={(text) => go({ search: text })}
      >
        <PerPageSelect value={perPage} options={EmployeeLimits.pageSizes} onChange={(size) => go({ perPage: size })} />
      </SearchForm>

      {isLoading && <PageLoading />}
      {!data && <FailureNotice failure={error} />}
      {data && data.data.length === 0 && !leaving && <p>{search ? t('employees.no-match') : t('employees.empty')}</p>}
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
  const [added, setAdded] = useState<string | null>(null);
  useTimeout(added, ADDED_NOTICE_MS, () => setAdded(null));

  return (
    <section className="employees__add" aria-labelledby="employees-add-title">
      <h2 id="employees-add-title">{t('employees.add-title')}</h2>
      <NewEmployeeForm
        className="form employees__add-form"
        grid
        submitLabel={t('employees.add')}
        onCreated={(employee, clear) => {
          clear();
          setAdded(employee.name);
        }}
      >
        {added && (
          <p className="notice notice--success" role="status">
            {t('employees.added', { name: added })}
          </p>
        )}
      </NewEmployeeForm>
    </section>
  );
}

/** The employees with a link to each one's page, and edit and remove for those who manage them. */
function EmployeeTable({ employees, busy, canManage }: { employees: EmployeeDto[]; busy: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remove, { isLoading: removing }] = useRemoveEmployeeMutation();
  const removal = useConfirmedAction(async (employee: EmployeeDto) => {
    await remove(employee.id).unwrap();
    dispatch(flashSuccess(t('employees.removed')));
  }, removing);
  const columns = useEmployeeColumns({
    removal: canManage && { label: (employee) => t('employees.remove-named', { name: employee.name }), onRemove: removal.ask },
  });

  return (
    <>
      <DataTable
        label={t('employees.list-label')}
        busy={busy}
        rows={employees}
        rowKey={(employee) => employee.id}
        columns={columns}
      />
      <ConfirmDialog {...removal.dialog} text={removal.subject ? t('employees.remove-confirm', { name: removal.subject.name }) : undefined} />
    </>
  );
}
