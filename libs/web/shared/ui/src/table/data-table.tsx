import { useState, type ReactNode } from 'react';
import './table.css';

export type SortDirection = 'asc' | 'desc';

/** The sort of a list: the column and its direction, and how a header click changes it. */
export interface TableSort<S extends string = string> {
  column: S;
  direction: SortDirection;
  onSort: (column: S) => void;
}

/**
 * The sort state of a list: a click on the sorted column turns its direction round; a click on
 * another column sorts by it in `firstDirection(column)` (ascending by default).
 */
export function useTableSort<S extends string>(
  initial: { column: S; direction: SortDirection },
  firstDirection: (column: S) => SortDirection = () => 'asc',
): TableSort<S> {
  const [sort, setSort] = useState(initial);
  return {
    ...sort,
    onSort: (column) =>
      setSort((now) => ({
        column,
        direction: now.column === column ? (now.direction === 'asc' ? 'desc' : 'asc') : firstDirection(column),
      })),
  };
}

export interface SortableHeaderProps {
  label: ReactNode;
  /** The direction when the list is sorted by this column, else null. */
  direction: SortDirection | null;
  onSort: () => void;
}

/** A column header that sorts the list (a button), with aria-sort telling how the list is sorted. */
export function SortableHeader({ label, direction, onSort }: SortableHeaderProps) {
  return (
    <th scope="col" aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}>
      <button type="button" className="btn btn--link" onClick={onSort}>
        {label}
      </button>
    </th>
  );
}

/** One column of a `DataTable`. */
export interface TableColumn<T, S extends string = string> {
  key: string;
  header: ReactNode;
  /** The header is read by screen readers only (a column of row actions). */
  headerHidden?: boolean;
  /** The table's sort column this header sorts by (with the table's `sort`). */
  sortBy?: S;
  cell: (row: T, index: number) => ReactNode;
}

/** Rows chosen with a check box each and a select-all box in the header. */
export interface TableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Label of the select-all box. */
  allLabel: string;
  /** Label of a row's box. */
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T, S extends string = string> {
  /** Names the table (aria-label). */
  label: string;
  rows: readonly T[];
  /** The columns; `false` (or null) leaves one out, e.g. `canManage && actionsColumn`. */
  columns: readonly (TableColumn<T, S> | false | null | undefined)[];
  rowKey: (row: T, index: number) => string | number;
  /** The rows are being read again. */
  busy?: boolean;
  rowClassName?: (row: T) => string | undefined;
  sort?: TableSort<S>;
  selection?: TableSelection<T>;
}

/**
 * A list as a table: column headers (sortable ones are buttons with aria-sort, a hidden one for
 * the row actions), an optional check box per row with select all, and aria-busy while the rows
 * are read again.
 */
export function DataTable<T, S extends string = string>({ label, rows, columns, rowKey, busy, rowClassName, sort, selection }: DataTableProps<T, S>) {
  const shown = columns.filter((column): column is TableColumn<T, S> => Boolean(column));
  const keys = rows.map((row, index) => String(rowKey(row, index)));
  const allSelected = selection !== undefined && keys.length > 0 && keys.every((key) => selection.selected.has(key));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return (
    <table className="list-table" aria-label={label} aria-busy={busy || undefined}>
      <thead>
        <tr>
          {selection && (
            <th scope="col">
              <input type="checkbox" aria-label={selection.allLabel} checked={allSelected} onChange={(event) => selection.onChange(new Set(event.target.checked ? keys : []))} />
            </th>
          )}
          {shown.map((column) =>
            sort && column.sortBy !== undefined ? (
              <SortableHeader key={column.key} label={column.header} direction={sort.column === column.sortBy ? sort.direction : null} onSort={() => sort.onSort(column.sortBy as S)} />
            ) : (
              <th key={column.key} scope="col">
                {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={keys[index]} className={rowClassName?.(row)}>
            {selection && (
              <td>
                <input type="checkbox" aria-label={selection.rowLabel(row)} checked={selection.selected.has(keys[index])} onChange={() => toggle(keys[index])} />
              </td>
            )}
            {shown.map((column) => (
              <td key={column.key}>{column.cell(row, index)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The buttons and links of one table row, side by side at the end of the row. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="list-table__actions">{children}</div>;
}
