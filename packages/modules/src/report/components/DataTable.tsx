import type { ReactNode } from 'react';
import { Empty } from '@examkit/ui';
import { Table, TableWrap } from './styled';

export interface Column<T> {
  /** Header text. */
  title: string;
  cell: (row: T, index: number) => ReactNode;
  /** Right-aligned figures. @default false */
  numeric?: boolean;
  /** Long text (names lists, comments) that wraps. @default false */
  wrap?: boolean;
}

export interface DataTableProps<T> {
  /** The table's caption, also its accessible name. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
}

/**
 * A report table with a caption and column headers; "暂无数据" when it has no rows. A wide table
 * scrolls sideways in its wrapper, which keyboard users reach with Tab (named by the caption).
 */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <TableWrap tabIndex={0} role="region" aria-label={caption}>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <Empty />
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((c) => (
                  <td
                    key={c.title}
                    data-num={c.numeric ? '' : undefined}
                    data-wrap={c.wrap ? '' : undefined}
                  >
                    {c.cell(row, i)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </TableWrap>
  );
}
