import { EMPLOYEE_FIELDS, type EmployeeField } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useGetEmployeeQuery, useRemoveEmployeeMutation } from '@aero/web-employees-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, FailureNotice, PageLoading, PageTitle, useConfirmedAction } from '@aero/web-shared-ui';
import './employees-feature.css';

/**
 * /employees/{id} (learning §2 employee page): every field of the employee, with Edit (to
 * /employees/{id}/edit) and Remove for those who manage employees.
 */
export function EmployeePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: employee, isLoading, error } = useGetEmployeeQuery(id);
  const canManage = useCan('employees.manage');
  const [remove, { isLoading: removing }] = useRemoveEmployeeMutation();
  const removal = useConfirmedAction(async () => {
    await remove(id).unwrap();
    dispatch(flashSuccess(t('employees.removed')));
    void navigate(EmployeesPages.list);
  }, removing);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.employee(id))} replace />;

  return (
    <section className="page employee" aria-labelledby="employee-title">
      <PageTitle title={employee?.name ?? t('screens.employee')} />
      <h1 id="employee-title">{t('screens.employee')}</h1>
      <p>
        <Link to={EmployeesPages.list}>{t('employees.back-to-list')}</Link>
      </p>
      {isLoading && <PageLoading />}
      <FailureNotice failure={error} notFound={t('employees.not-found')} />
      {employee && (
        <>
          <h2 className="employee__name">{employee.name}</h2>
          <dl className="employee__facts">
            {EMPLOYEE_FIELDS.filter((field) => field !== 'name').map((field: EmployeeField) => (
              <div key={field}>
                <dt>{t(`employees.fields.${field}`)}</dt>
                <dd>{employee[field] ?? '—'}</dd>
              </div>
            ))}
          </dl>
          {!employee.email && <p className="notice notice--info">{t('employees.no-email')}</p>}
          {canManage && (
            <div className="employee__actions">
              <Link className="btn btn--primary" to={EmployeesPages.edit(employee.id)}>
                {t('employees.edit')}
              </Link>
              <button type="button" className="btn btn--secondary" onClick={() => removal.ask()}>
                {t('common.remove')}
              </button>
            </div>
          )}
          <ConfirmDialog {...removal.dialog} text={t('employees.remove-confirm', { name: employee.name })} />
        </>
      )}
    </section>
  );
}
