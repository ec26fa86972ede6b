import type { DataOf, reportRoutes } from '@examkit/contracts';
import type { Column } from '../../components/DataTable';
import { TagRateSections } from '../../components/TagRateSections';
import { formatRate } from '../../utils/format';

type GradeTagRow = DataOf<typeof reportRoutes.gradeAbility>['knowledgePoints'][number];

/** Knowledge points and abilities of the grade, each with a radar and a table of every class. */
export function TagSections({
  data,
  classes,
  gradeLabel = '年级',
  groupLabel = '班',
}: {
  data: { knowledgePoints: readonly GradeTagRow[]; abilities: readonly GradeTagRow[] };
  classes: readonly { id: number; name: string }[];
  /** The whole: 年级, 联考. @default '年级' */
  gradeLabel?: string;
  /** One group: 班, or 校 in a joint exam. @default '班' */
  groupLabel?: string;
}) {
  const nameOf = (id: number) => classes.find((c) => c.id === id)?.name ?? String(id);
  const classColumns = (tags: readonly GradeTagRow[]) => {
    const classIds = [...new Set(tags.flatMap((t) => t.classes.map((c) => c.classId)))];
    return classIds.map((id): Column<GradeTagRow> => ({
      title: nameOf(id),
      numeric: true,
      cell: (t) => {
        const c = t.classes.find((x) => x.classId === id);
        return c ? `${formatRate(c.scoreRate)}（${c.weakStudents}人<60%）` : '—';
      },
    }));
  };
  return (
    <TagRateSections
      data={data}
      radar={(tags) => [{ name: gradeLabel, values: tags.map((t) => t.gradeScoreRate) }]}
      captionSuffix={`（各${groupLabel}）`}
      rateColumns={(tags) => [
        { title: `${gradeLabel}得分率`, cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
        ...classColumns(tags),
      ]}
    />
  );
}
