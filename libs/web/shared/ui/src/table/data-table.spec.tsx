import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { DataTable, useTableSort, type TableColumn } from './data-table.js';
import { Pagination } from './pagination.js';

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Ada' },
  { id: 'b', name: 'Bea' },
];

function SortedTable({ onSelected }: { onSelected: (ids: string[]) => void }) {
  const sort = useTableSort<'name' | 'id'>({ column: 'id', direction: 'desc' }, (column) => (column === 'id' ? 'desc' : 'asc'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const columns: TableColumn<Row, 'name' | 'id'>[] = [
    { key: 'id', sortBy: 'id', header: 'Id', cell: (row) => row.id },
    { key: 'name', sortBy: 'name', header: 'Name', cell: (row) => row.name },
    { key: 'actions', header: 'Actions', headerHidden: true, cell: (row) => <button type="button">Open {row.name}</button> },
  ];
  return (
    <DataTable
      label="People"
      rows={ROWS}
      rowKey={(row) => row.id}
      sort={sort}
      selection={{
        selected,
        onChange: (next) => {
          setSelected(next);
          onSelected([...next].sort());
        },
        allLabel: 'Select all',
        rowLabel: (row) => `Select ${row.name}`,
      }}
      columns={columns}
    />
  );
}

describe('DataTable', () => {
  it('sorts by a header: a new column first in its own direction, the same column turned round', () => {
    render(<SortedTable onSelected={() => undefined} />);
    const table = screen.getByRole('table', { name: 'People' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect([header('Id').getAttribute('aria-sort'), header('Name').getAttribute('aria-sort')]).toEqual(['descending', 'none']);
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect([header('Id').getAttribute('aria-sort'), header('Name').getAttribute('aria-sort')]).toEqual(['none', 'ascending']);
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    // The actions column has a header for screen readers only.
    expect(within(table).getByText('Actions').className).toBe('visually-hidden');
  });

  it('selects rows one by one and all at once', () => {
    const onSelected = jest.fn<(ids: string[]) => void>();
    render(<SortedTable onSelected={onSelected} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bea' }));
    expect(onSelected).toHaveBeenLastCalledWith(['b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onSelected).toHaveBeenLastCalledWith(['a', 'b']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onSelected).toHaveBeenLastCalledWith([]);
  });

  it('leaves out the columns given as false', () => {
    render(<DataTable label="People" rows={ROWS} rowKey={(row) => row.id} columns={[{ key: 'name', header: 'Name', cell: (row: Row) => row.name }, false]} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name']);
    expect(screen.getAllByRole('cell').map((td) => td.textContent)).toEqual(['Ada', 'Bea']);
  });
});

describe('Pagination', () => {
  it('is hidden for one page, else named Pages with arrows and the window around the current page', () => {
    const { rerender } = render(<Pagination page={1} totalPages={1} onPage={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    const onPage = jest.fn<(page: number) => void>();
    rerender(<Pagination page={10} totalPages={20} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['‹', '1', '9', '10', '11', '20', '›']);
    expect(within(nav).getByRole('button', { name: '10' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(11);
  });
});
