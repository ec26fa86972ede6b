/** A student's first cells in a homework table: 学号, 姓名 and 班级. */
export function StudentCells({
  student: s,
}: {
  student: { studentNo: string; name: string; className: string };
}) {
  return (
    <>
      <td>{s.studentNo}</td>
      <td>{s.name}</td>
      <td>{s.className}</td>
    </>
  );
}
