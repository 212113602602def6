import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EmployeeImportDto } from '@aero/contracts';
import { companyAdminFixture, mockFetch, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { EmployeeImportPage } from './employee-import-page.js';

const ID = 'f0000000-0000-4000-8000-000000000001';

function report(overrides: Partial<EmployeeImportDto>): EmployeeImportDto {
  return {
    id: ID,
    file_name: 'people.csv',
    format: 'csv',
    status: 'validating',
    total_rows: 4,
    processed_rows: 0,
    progress: 0,
    accepted_rows: 0,
    rejected_rows: 0,
    duplicate_rows: 0,
    created_rows: 0,
    rejected: [],
    error: null,
    needs_confirmation: false,
    created_at: '2026-01-10T09:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

describe('EmployeeImportPage (/employees/import)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function chooseFile(content: string, name = 'people.csv') {
    const input = screen.getByLabelText('CSV or XLSX file');
    fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
  }

  it('uploads the file, shows the progress while the rows are checked, then the report; Confirm imports the accepted rows', async () => {
    const states = [
      report({ status: 'validating', processed_rows: 2, progress: 50 }),
      report({
        status: 'validated',
        progress: 100,
        accepted_rows: 3,
        rejected_rows: 1,
        duplicate_rows: 1,
        needs_confirmation: true,
        rejected: [{ row: 3, name: 'Again', email: 'known@example.com', errors: ['An employee with this e-mail already exists.'], duplicate: true }],
      }),
    ];
    let reads = 0;
    let confirmed = false;
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      'POST /employees/import': { status: 202, body: { message: 'The file has been uploaded.', data: report({}) } },
      [`GET /api/employees/import/${ID}`]: () => ({
        body: { data: confirmed ? report({ status: 'done', progress: 100, accepted_rows: 3, rejected_rows: 1, created_rows: 3 }) : states[Math.min(reads++, 1)] },
      }),
      [`POST /employees/import/${ID}/confirm`]: () => {
        confirmed = true;
        return { body: { message: 'The accepted rows are being imported.', data: report({ status: 'importing' }) } };
      },
    });
    renderWithProviders(<EmployeeImportPage />);
    expect(screen.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe('/api/employees/import/template');
    chooseFile('name,email\nLina,lina@example.com\n');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    // The upload's answer shows the bar at once; the polls move it.
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('value')).toBe('0');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('50'));
    expect(fetchMock.callsTo('POST', '/employees/import')[0].body).toEqual({
      file_name: 'people.csv',
      content_base64: Buffer.from('name,email\nLina,lina@example.com\n').toString('base64'),
    });

    expect(await screen.findByRole('heading', { name: 'Checked: some rows were rejected' }, { timeout: 3000 })).toBeTruthy();
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', 'Again', 'known@example.com', 'An employee with this e-mail already exists.']);
    expect(screen.getByText('Some rows were rejected. Import the 3 accepted rows?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import the accepted rows' }));
    expect(await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Employees created').nextSibling!.textContent).toBe('3');
  });

  it('a file that cannot be read says why', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      'POST /employees/import': { status: 202, body: { message: 'Uploaded', data: report({}) } },
      [`GET /api/employees/import/${ID}`]: { body: { data: report({ status: 'failed', progress: 100, error: 'The file could not be read: it is not UTF-8 text.' }) } },
    });
    renderWithProviders(<EmployeeImportPage />);
    chooseFile('x');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be read: it is not UTF-8 text.');
    expect(screen.getByRole('heading', { name: 'The file could not be imported' })).toBeTruthy();
  });

  it('asks for a file, and shows the upload refusal of the server', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      'POST /employees/import': { status: 422, body: { message: 'The given data was invalid.', errors: { file_name: ['The file must be a CSV or XLSX file.'] } } },
    });
    renderWithProviders(<EmployeeImportPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV or XLSX file.');
    chooseFile('x', 'people.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file must be a CSV or XLSX file.'));
  });
});
