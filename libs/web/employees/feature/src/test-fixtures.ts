import type { EmployeeDto, PagedList } from '@aero/contracts';

/** An employee as the API answers it. */
export function employee(overrides: Partial<EmployeeDto> = {}): EmployeeDto {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    name: 'Lina Vaitkė',
    first_name: 'Lina',
    last_name: 'Vaitkė',
    surname: 'Vaitkė',
    email: 'lina@example.com',
    birth_date: '1990-05-01',
    country: 'LT',
    department: 'Line maintenance',
    division: 'Vilnius',
    position: 'B1 mechanic',
    user_id: null,
    created_at: '2026-01-10T09:00:00.000Z',
    updated_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** One page of a list answer. */
export function pageOf(employees: EmployeeDto[], total = employees.length, page = 1, perPage = 10): PagedList<EmployeeDto> {
  return { data: employees, meta: { pagination: { total, count: employees.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) } } };
}

