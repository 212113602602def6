import { EMPLOYEE_FIELDS, type EmployeeField } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useGetEmployeeQuery, useRemoveEmployeeMutation } from '@aero/web-employees-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, FailureNotice, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
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
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.employee(id))} replace />;

  const confirmRemove = async () => {
    try {
      await remove(id).unwrap();
      dispatch(flashSuccess(t('employees.removed')));
      void navigate(EmployeesPages.list);
    } catch (answer) {
      setFailure(failureMessage(answer) ?? t('confirm.error'));
    }
  };

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
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  setFailure(null);
                  setConfirming(true);
                }}
              >
                {t('common.remove')}
              </button>
            </div>
          )}
          <ConfirmDialog
            open={confirming}
            text={t('employees.remove-confirm', { name: employee.name })}
            onConfirm={() => void confirmRemove()}
            onCancel={() => setConfirming(false)}
            busy={removing}
            error={failure}
          />
        </>
      )}
    </section>
  );
}
