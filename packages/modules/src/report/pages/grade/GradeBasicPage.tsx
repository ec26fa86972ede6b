import { useState } from 'react';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Select } from '@examkit/ui';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import { criticalColumns, criticalRows, statColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { Grid, Toolbar } from '../../components/styled';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatRate, formatScore, readableBands } from '../../utils/format';
import { GradeFrame } from './GradeFrame';

type Stats = DataOf<typeof reportRoutes.gradeBasic>['rows'][number]['grade'];

/** 年级报告·基本情况: the grade per subject, every class beside it, bands and 临界生. */
export function GradeBasicPage() {
  const { context, report } = useReportPage(reportRoutes.gradeBasic, ({ examId }) =>
    examId ? { examId } : null,
  );
  const rows = report.data?.rows ?? [];
  const [subjectId, setSubject] = useState(0);
  const row = rows.find((r) => r.subjectId === subjectId) ?? rows[0];
  const bands = row
    ? readableBands(
        row.bands,
        (b) => b.count === 0,
        (a, b) => ({ from: a.from, to: b.to, count: a.count + b.count }),
      )
    : [];
  type Row = (typeof rows)[number];
  type ClassRow = Row['classes'][number];
  return (
    <GradeFrame tab="basic" page={{ context, report }} exportPage="grade/basic">
      {report.data && (
        <>
          <DataTable<Row>
            caption="年级各学科成绩概况"
            rowKey={(r) => r.subjectId}
            rows={rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '满分', cell: (r) => formatScore(r.grade.fullMarks), numeric: true },
              ...statColumns<Row>((r) => r.grade as Stats),
            ]}
          />
          {row && (
            <>
              <h2>学科详情：{row.subjectName}</h2>
              <Toolbar data-noprint>
                <Select
                  label="详情学科"
                  value={row.subjectId}
                  options={rows.map((r) => ({ value: r.subjectId, label: r.subjectName }))}
                  onChange={(e) => setSubject(Number(e.target.value))}
                />
              </Toolbar>
              <Grid>
                <Chart
                  kind="bar"
                  label={`${row.subjectName}各班平均分对比`}
                  option={barOption(
                    row.classes.map((c) => c.className),
                    [
                      { name: '班级平均分', values: row.classes.map((c) => c.stats.mean) },
                      { name: '年级平均分', values: row.classes.map(() => row.grade.mean) },
                    ],
                  )}
                />
                <Chart
                  kind="bar"
                  label={`${row.subjectName}分数段分布`}
                  option={barOption(
                    bands.map((b) => `${formatScore(b.from)}-${formatScore(b.to)}`),
                    [{ name: '人数', values: bands.map((b) => b.count) }],
                  )}
                />
              </Grid>
              <DataTable<ClassRow>
                caption={`${row.subjectName}各班对比`}
                rowKey={(c) => c.classId}
                rows={row.classes}
                columns={[
                  { title: '班级', cell: (c) => c.className },
                  ...statColumns<ClassRow>((c) => c.stats),
                  {
                    title: '超均率',
                    cell: (c) => formatRate(c.stats.aboveMeanRate),
                    numeric: true,
                  },
                  { title: '均分排名', cell: (c) => formatInt(c.meanRank), numeric: true },
                ]}
              />
              <DataTable
                caption={`${row.subjectName}分数段`}
                rowKey={(b) => b.from}
                rows={bands}
                columns={[
                  { title: '分数段', cell: (b) => `${formatScore(b.from)}～${formatScore(b.to)}` },
                  { title: '人数', cell: (b) => b.count, numeric: true },
                ]}
              />
              <DataTable
                caption={`${row.subjectName}临界生`}
                rowKey={(r) => r.line}
                rows={criticalRows(row.critical)}
                columns={criticalColumns()}
              />
            </>
          )}
        </>
      )}
    </GradeFrame>
  );
}
