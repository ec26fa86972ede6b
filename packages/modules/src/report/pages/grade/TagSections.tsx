import type { DataOf, reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { radarOption } from '../../components/charts';
import { DataTable, type Column } from '../../components/DataTable';
import { formatRate, formatScore } from '../../utils/format';

type GradeTagRow = DataOf<typeof reportRoutes.gradeAbility>['knowledgePoints'][number];

/** Knowledge points and abilities of the grade, each with a radar and a table of every class. */
export function TagSections({
  data,
  classes,
}: {
  data: { knowledgePoints: readonly GradeTagRow[]; abilities: readonly GradeTagRow[] };
  classes: readonly { id: number; name: string }[];
}) {
  return (
    <>
      {(
        [
          ['知识点', data.knowledgePoints],
          ['能力', data.abilities],
        ] as const
      ).map(([name, tags]) => {
        const classIds = [...new Set(tags.flatMap((t) => t.classes.map((c) => c.classId)))];
        const nameOf = (id: number) => classes.find((c) => c.id === id)?.name ?? String(id);
        return (
          <section key={name}>
            <h2>{name}得分率</h2>
            {tags.length > 2 && (
              <Chart
                kind="radar"
                label={`${name}得分率雷达图`}
                option={radarOption(
                  tags.map((t) => t.tag),
                  [{ name: '年级', values: tags.map((t) => t.gradeScoreRate) }],
                )}
              />
            )}
            <DataTable
              caption={`${name}得分率（各班）`}
              rowKey={(t) => t.tag}
              rows={tags}
              columns={[
                { title: name, cell: (t) => t.tag },
                { title: '题号', cell: (t) => t.questionNumbers.join('、') },
                { title: '满分', cell: (t) => formatScore(t.fullMarks), numeric: true },
                { title: '年级得分率', cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
                ...classIds.map((id): Column<GradeTagRow> => ({
                  title: nameOf(id),
                  numeric: true,
                  cell: (t) => {
                    const c = t.classes.find((x) => x.classId === id);
                    return c ? `${formatRate(c.scoreRate)}（${c.weakStudents}人<60%）` : '—';
                  },
                })),
              ]}
            />
          </section>
        );
      })}
    </>
  );
}
