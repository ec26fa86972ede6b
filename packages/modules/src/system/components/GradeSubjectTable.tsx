import type { ReactNode } from 'react';
import { Empty } from '@examkit/ui';
import type { useChangedRowsEditor } from '../hooks/useChangedRowsEditor';
import { SaveBar } from './SaveBar';
import { ErrorText, Table } from './styled';

interface GradeSubjectRow {
  gradeId: number;
  gradeName: string;
  subjectId: number;
  subjectName: string;
}

export interface GradeSubjectTableProps<Row extends GradeSubjectRow> {
  /** The page's `useChangedRowsEditor`. */
  editor: ReturnType<typeof useChangedRowsEditor<Row>>;
  /** The table's accessible name. */
  label: string;
  /** The headers after 年级 and 学科. */
  columns: string[];
  /** A row's cells after its grade and subject; `name` is 高一数学, for the controls' labels. */
  cells(row: Row, name: string, index: number): ReactNode;
  /** Shown above the table once rows are loaded (a datalist). */
  children?: ReactNode;
}

/**
 * A per grade × subject settings table (作业设置, 教材关联): the load error, 暂无数据 for no
 * rows, or the rows with their 保存 bar.
 */
export function GradeSubjectTable<Row extends GradeSubjectRow>({
  editor: { loaded, rows, error, note, saving, save },
  label,
  columns,
  cells,
  children,
}: GradeSubjectTableProps<Row>) {
  if (loaded === null) return error && <ErrorText role="alert">{error}</ErrorText>;
  if (rows.length === 0) return <Empty />;
  return (
    <>
      {children}
      <Table aria-label={label}>
        <thead>
          <tr>
            {['年级', '学科', ...columns].map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.gradeId}:${row.subjectId}`}>
              <td>{row.gradeName}</td>
              <td>{row.subjectName}</td>
              {cells(row, `${row.gradeName}${row.subjectName}`, i)}
            </tr>
          ))}
        </tbody>
      </Table>
      <SaveBar error={error} note={note} saving={saving} onSave={() => void save()} />
    </>
  );
}
