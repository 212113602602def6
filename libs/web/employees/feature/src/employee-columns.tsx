import type { EmployeeDto } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeesPages } from '@aero/web-employees-data-access';
import { RowActions, type TableColumn } from '@aero/web-shared-ui';

/** Remove in a list of employees: what the button says to screen readers and what it does. */
export interface EmployeeRemoval {
  label: (employee: EmployeeDto) => string;
  onRemove: (employee: EmployeeDto) => void;
  busy?: boolean;
}

/**
 * The columns of a list of employees (learning §2): the name as a link to the employee's page,
 * the surname when asked, e-mail, department, division and position; with `removal` (for those
 * who manage employees) edit and remove at the end of each row.
 */
export function useEmployeeColumns({ surname = false, removal }: { surname?: boolean; removal?: EmployeeRemoval | false }): (TableColumn<EmployeeDto> | false | undefined)[] {
  const { t } = useTranslation();
  return [
    { key: 'name', header: t('employees.columns.name'), cell: (employee) => <Link to={EmployeesPages.employee(employee.id)}>{employee.name}</Link> },
    surname && { key: 'surname', header: t('employees.columns.surname'), cell: (employee) => employee.surname ?? '' },
    { key: 'email', header: t('employees.columns.email'), cell: (employee) => employee.email ?? '—' },
    { key: 'department', header: t('employees.columns.department'), cell: (employee) => employee.department ?? '' },
    { key: 'division', header: t('employees.columns.division'), cell: (employee) => employee.division ?? '' },
    { key: 'position', header: t('employees.columns.position'), cell: (employee) => employee.position ?? '' },
    removal && {
      key: 'actions',
      header: t('employees.columns.actions'),
      headerHidden: true,
      cell: (employee) => (
        <RowActions>
          <Link className="btn btn--secondary list-table__button" to={EmployeesPages.edit(employee.id)} aria-label={t('employees.edit-named', { name: employee.name })}>
            {t('common.edit')}
          </Link>
          <button type="button" className="btn btn--secondary list-table__button" disabled={removal.busy} aria-label={removal.label(employee)} onClick={() => removal.onRemove(employee)}>
            {t('common.remove')}
          </button>
        </RowActions>
      ),
    },
  ];
}
