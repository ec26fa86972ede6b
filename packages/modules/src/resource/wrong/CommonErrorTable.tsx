import type { Key } from 'react';
import { ListTable } from '../../common/ListTable';
import { percent } from './useWrongData';

/** An exam question a class got wrong often (易错题), with the grade's rate beside the class's. */
export interface CommonErrorRow {
  subjectName: string;
  number: string | number;
  knowledgePoints: readonly string[];
  gradeScoreRate: number | null;
  wrongCount: number;
}

/** Props of {@link CommonErrorTable}. */
export interface CommonErrorTableProps<T extends CommonErrorRow> {
  label: string;
  rows: readonly T[];
  /** The class's score rate of a question. */
  classRate(row: T): number | null;
  rowKey(row: T): Key;
}

/** 易错题 of a class: 学科, 题号, 知识点, 班级得分率, 年级得分率, 错误人数 (班级易错题, 班级学情). */
export function CommonErrorTable<T extends CommonErrorRow>({
  label,
  rows,
  classRate,
  rowKey,
}: CommonErrorTableProps<T>) {
  return (
    <ListTable
      label={label}
      rows={rows}
      headers={['学科', '题号', '知识点', '班级得分率', '年级得分率', '错误人数']}
    >
      {(q) => (
        <tr key={rowKey(q)}>
          <td>{q.subjectName}</td>
          <td>{q.number}</td>
          <td>{q.knowledgePoints.join('、') || '—'}</td>
          <td>{percent(classRate(q))}</td>
          <td>{percent(q.gradeScoreRate)}</td>
          <td>{q.wrongCount}</td>
        </tr>
      )}
    </ListTable>
  );
}
