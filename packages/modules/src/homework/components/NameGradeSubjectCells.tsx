/** A homework row's first cells (作业, 分组, 字词练习): its name, 年级 and 科目. */
export function NameGradeSubjectCells({
  row,
}: {
  row: { name: string; gradeName: string; subjectName: string };
}) {
  return (
    <>
      <td>{row.name}</td>
      <td>{row.gradeName}</td>
      <td>{row.subjectName}</td>
    </>
  );
}
