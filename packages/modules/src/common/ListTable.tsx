import type { ReactNode } from 'react';
import { Empty } from '@examkit/ui';
import { Table } from './styled';

/** Props of {@link ListTable}. */
export interface ListTableProps<T> {
  /** The table's accessible name, such as 班级列表. */
  label: string;
  /** The rows; `null` while the first load runs (nothing is shown). */
  rows: readonly T[] | null;
  /** The column headers, left to right. */
  headers: readonly string[];
  /** What an empty list says. @default 暂无数据 */
  empty?: string;
  /** One row (`<tr key=…>`) of the table. */
  children: (row: T, index: number) => ReactNode;
}

/**
 * The table of a list page: nothing while loading, 暂无数据 (or `empty`) without rows, else a
 * labelled table with column headers and one row per item.
 */
export function ListTable<T>({ label, rows, headers, empty, children }: ListTableProps<T>) {
  if (rows === null) return null;
  if (rows.length === 0) return empty === undefined ? <Empty /> : <Empty text={empty} />;
  return (
    <Table aria-label={label}>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(children)}</tbody>
    </Table>
  );
}
