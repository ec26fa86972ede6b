import type { ReactNode } from 'react';
import { formatPoints } from '../../marking/utils/scoring';

/** A row's cells, one per value, in order. */
function Cells({ values }: { values: ReactNode[] }) {
  return values.map((v, i) => <td key={i}>{v}</td>);
}

/** A student's first cells in a homework table: 学号, 姓名 and 班级. */
export function StudentCells({
  student: s,
}: {
  student: { studentNo: string; name: string; className: string };
}) {
  return <Cells values={[s.studentNo, s.name, s.className]} />;
}

/** A homework row's first cells (作业, 分组, 字词练习): its name, 年级 and 科目. */
export function NameGradeSubjectCells({
  row,
}: {
  row: { name: string; gradeName: string; subjectName: string };
}) {
  return <Cells values={[row.name, row.gradeName, row.subjectName]} />;
}

/** The headers over `WrongRateCells`. */
export const WRONG_RATE_HEADERS = ['题号', '题型', '满分', '作答', '错误', '错误率'];

/** A question's cells in a wrong-question table: 题号, 题型, 满分, 作答, 错误 and 错误率. */
export function WrongRateCells({
  question: x,
}: {
  question: {
    label: string;
    type: string;
    fullMarks: number;
    answered: number;
    wrong: number;
    wrongRate: number;
  };
}) {
  return (
    <Cells
      values={[
        x.label,
        x.type === 'objective' ? '客观题' : '主观题',
        formatPoints(x.fullMarks),
        x.answered,
        x.wrong,
        `${x.wrongRate}%`,
      ]}
    />
  );
}
