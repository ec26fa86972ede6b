import type { ReactNode } from 'react';

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
