import { employeeCreateRequestSchema, EmployeeLimits, type EmployeeCreateRequest, type EmployeeDto } from '@aero/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateEmployeeMutation } from '@aero/web-employees-data-access';
import { flashError, useAppDispatch } from '@aero/web-shared-store';
import { FormError, SchemaForm, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';

const EMPTY_EMPLOYEE: EmployeeCreateRequest = { name: '', email: '' };

export interface NewEmployeeFormProps {
  className: string;
  submitLabel: string;
  /** The fields side by side (the employees page) rather than one under the other. */
  grid?: boolean;
  /** The employee was created; `clear` empties the form for the next one. */
  onCreated: (employee: EmployeeDto, clear: () => void) => void | Promise<void>;
  /** Shown under the button (a success notice). */
  children?: ReactNode;
}

/**
 * A new employee by name and e-mail (learning §2). Field errors show under the fields; any other
 * refusal flashes the spec's employee.create-error.
 */
export function NewEmployeeForm({ className, submitLabel, grid, onCreated, children }: NewEmployeeFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateEmployeeMutation();
  const form = useSchemaForm(employeeCreateRequestSchema, { defaultValues: EMPTY_EMPLOYEE });
  const submit = async ({ name, email }: EmployeeCreateRequest) => {
    const answer = await create({ name, email }).unwrap();
    await onCreated(answer.data, () => form.reset(EMPTY_EMPLOYEE));
  };
  const fields = (
    <>
      <TextField name="name" label={t('employees.fields.name')} required maxLength={EmployeeLimits.nameMax} autoComplete="off" />
      <TextField name="email" type="email" label={t('employees.fields.email')} required maxLength={255} autoComplete="off" />
    </>
  );
  return (
    <SchemaForm
      form={form}
      className={className}
      onSubmit={submit}
      refusal={{
        message: () => undefined,
        onRefused: (answer) => {
          if (Object.keys(answer.fields).length === 0) dispatch(flashError(t('employee.create-error')));
        },
      }}
    >
      <FormError />
      {grid ? <div className="form-grid">{fields}</div> : fields}
      <SubmitButton busy={isLoading}>{submitLabel}</SubmitButton>
      {children}
    </SchemaForm>
  );
}
