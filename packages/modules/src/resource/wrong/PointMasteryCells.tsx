import { percent } from './useWrongData';

/** A knowledge point's first cells in a mastery table: 学科, 知识点, 满分 and its 掌握度. */
export function PointMasteryCells({
  point: p,
}: {
  point: { subjectName: string; point: string; fullMarks: number; scoreRate: number | null };
}) {
  return (
    <>
      <td>{p.subjectName}</td>
      <td>{p.point}</td>
      <td>{p.fullMarks}</td>
      <td>{percent(p.scoreRate)}</td>
    </>
  );
}
