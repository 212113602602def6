import { EmployeeLimits, employeeUpdateRequestSchema, type EmployeeDto, type EmployeeUpdateRequest } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useGetEmployeeQuery, useUpdateEmployeeMutation } from '@aero/web-employees-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { CountryField, FailureNotice, FormError, PageLoading, PageTitle, SchemaForm, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { useGetCountriesQuery } from '@aero/web-site-data-access';
import './employees-feature.css';

type EditValues = Required<{ [K in keyof EmployeeUpdateRequest]: string }>;

/** The form's values of an employee: every field as text ('' for none). */
export function editValuesOf(employee: EmployeeDto): EditValues {
  return {
    name: employee.name,
    first_name: employee.first_name ?? '',
    last_name: employee.last_name ?? '',
    surname: employee.surname ?? '',
    email: employee.email ?? '',
    birth_date: employee.birth_date ?? '',
    country: employee.country ?? '',
    department: employee.department ?? '',
    division: employee.division ?? '',
    position: employee.position ?? '',
  };
}

/**
 * /employees/{id}/edit (learning §2): every field of the employee (name, first name, last name,
 * surname, e-mail, birth date, country, department, division, position); server errors show
 * under their fields. Saving goes back to the employee's page.
 */
export function EmployeeEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: employee, isLoading, error } = useGetEmployeeQuery(id);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.edit(id))} replace />;
  return (
    <section className="page employee-edit" aria-labelledby="employee-edit-title">
      <PageTitle title={t('screens.employee-edit')} />
      <h1 id="employee-edit-title">{t('screens.employee-edit')}</h1>
      <p>
        <Link to={employee ? EmployeesPages.employee(employee.id) : EmployeesPages.list}>{employee?.name ?? t('employees.back-to-list')}</Link>
      </p>
      {isLoading && <PageLoading />}
      <FailureNotice failure={error} notFound={t('employees.not-found')} />
      {employee && <EmployeeForm key={employee.updated_at} employee={employee} />}
    </section>
  );
}

function EmployeeForm({ employee }: { employee: EmployeeDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: countries } = useGetCountriesQuery();
  const [update, { isLoading }] = useUpdateEmployeeMutation();
  const form = useSchemaForm(employeeUpdateRequestSchema, { defaultValues: editValuesOf(employee) });

  const submit = async (values: EmployeeUpdateRequest) => {
    await update({ id: employee.id, body: values }).unwrap();
    dispatch(flashSuccess(t('employees.saved')));
    void navigate(EmployeesPages.employee(employee.id));
  };

  const text = (name: keyof EditValues, max: number = EmployeeLimits.textMax, required = false) => (
    <TextField name={name} label={t(`employees.fields.${name}`)} required={required} maxLength={max} autoComplete="off" />
  );
  return (
    <SchemaForm form={form} className="form" onSubmit={submit}>
      <FormError />
      <div className="form-grid">
        {text('name', EmployeeLimits.nameMax, true)}
        {text('first_name')}
        {text('last_name')}
        {text('surname')}
        <TextField name="email" type="email" label={t('employees.fields.email')} maxLength={255} autoComplete="off" hint={t('employees.no-email')} />
        <TextField name="birth_date" type="date" label={t('employees.fields.birth_date')} />
        <CountryField name="country" label={t('employees.fields.country')} countries={countries} />
        {text('department')}
        {text('division')}
        {text('position')}
      </div>
      <div className="form-actions">
        <SubmitButton busy={isLoading}>{t('common.save')}</SubmitButton>
        <Link className="btn btn--secondary" to={EmployeesPages.employee(employee.id)}>
          {t('common.cancel')}
        </Link>
      </div>
    </SchemaForm>
  );
}
