import { reportRoutes } from '@examkit/contracts';
import { DataTable, type Column } from '../../components/DataTable';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatRate, formatScore } from '../../utils/format';
import { CustomFrame } from './CustomFrame';

/** 自定义报告·班级学科对比: class × subject. */
export function GradeCustomContrastPage() {
  const { context, report } = useReportPage(reportRoutes.gradeCustomContrast, ({ examId }) =>
    examId ? { examId } : null,
  );
  const data = report.data;
  const subjects = [{ id: 0, name: '总分' }, ...(data?.exam.subjects ?? [])];
  type Row = NonNullable<typeof data>['classes'][number];
  return (
    <CustomFrame tab="customContrast" page={{ context, report }} exportPage="grade/customContrast">
      {data && (
        <DataTable<Row>
          caption="班级学科对比（平均分 / 超均率 / 排名）"
          rowKey={(r) => r.classId}
          rows={data.classes}
          columns={[
            { title: '班级', cell: (r) => r.className },
            ...subjects
              .filter((s) => data.classes.some((c) => c.cells.some((x) => x.subjectId === s.id)))
              .map((s): Column<Row> => ({
                title: s.name,
                numeric: true,
                cell: (r) => {
                  const c = r.cells.find((x) => x.subjectId === s.id);
                  return c
                    ? `${formatScore(c.mean)} / ${formatRate(c.aboveMeanRate)} / 第${formatInt(c.meanRank)}`
                    : '—';
                },
              })),
          ]}
        />
      )}
    </CustomFrame>
  );
}
