import { employeeGroupCreateRequestSchema, EmployeeLimits, type EmployeeGroupCreateRequest } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useCreateGroupMutation, useListGroupsQuery } from '@aero/web-employees-data-access';
import { FailureNotice, FormError, PageLoading, PageTitle, SchemaForm, TextField, useSchemaForm } from '@aero/web-shared-ui';
import './employees-feature.css';

/** /employee-groups: the company's groups by name with their member counts, and a form to create one. */
export function EmployeeGroupsPage() {
  const { t } = useTranslation();
  const { data: groups, isLoading, error } = useListGroupsQuery({ withoutEmployees: true });
  const canManage = useCan('employee_groups.manage');

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.groups)} replace />;
  return (
    <section className="page employee-groups" aria-labelledby="employee-groups-title">
      <PageTitle title={t('screens.employee-groups')} />
      <h1 id="employee-groups-title">{t('screens.employee-groups')}</h1>
      <p>
        <Link to={EmployeesPages.list}>{t('employees.back-to-list')}</Link>
      </p>
      {canManage && <CreateGroupForm />}
      {isLoading && <PageLoading />}
      {!groups && <FailureNotice failure={error} />}
      {groups && groups.length === 0 && <p>{t('employees.groups.empty')}</p>}
      {groups && groups.length > 0 && (
        <ul className="employee-groups__list" aria-label={t('employees.groups.list-label')}>
          {groups.map((group) => (
            <li key={group.id}>
              <Link to={EmployeesPages.group(group.id)}>{group.name}</Link>{' '}
              <span className="employee-groups__count">{t('employees.groups.members', { count: group.employees_count })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateGroupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateGroupMutation();
  const form = useSchemaForm(employeeGroupCreateRequestSchema, { defaultValues: { name: '' } as EmployeeGroupCreateRequest });
  const submit = async ({ name }: EmployeeGroupCreateRequest) => {
    const answer = await create({ name }).unwrap();
    void navigate(EmployeesPages.group(answer.group.data.id));
  };
  return (
    <section aria-labelledby="group-create-title">
      <h2 id="group-create-title">{t('employees.groups.create-title')}</h2>
      <SchemaForm form={form} className="form employees__add-form" onSubmit={submit}>
        <FormError />
        <TextField name="name" label={t('employees.groups.name')} required maxLength={EmployeeLimits.groupNameMax} autoComplete="off" />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {t('employees.groups.create')}
        </button>
      </SchemaForm>
    </section>
  );
}
