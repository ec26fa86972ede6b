import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import {
  contrastBands,
  criticalColumns,
  criticalRows,
  statColumns,
} from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { Grid } from '../../components/styled';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatRate, formatScore } from '../../utils/format';
import { ClassFrame } from './ClassFrame';
import { ContrastBandChart, ContrastBandTable } from './ContrastBands';

/** 班级报告·基本情况: each subject and the total, class beside grade, bands and 临界生. */
export function ClassBasicPage() {
  const { context, report } = useReportPage(reportRoutes.classBasic, ({ examId, classId }) =>
    classId ? { examId, classId } : null,
  );
  const rows = report.data?.rows ?? [];
  const [bandSubject, setBandSubject] = useState<number | null>(null);
  const bandRow = rows.find((r) => r.subjectId === bandSubject) ?? rows[0];
  const bands = contrastBands(bandRow?.bands ?? []);
  type Row = (typeof rows)[number];
  return (
    <ClassFrame tab="basic" page={{ context, report }} exportPage="class/basic">
      {report.data && (
        <>
          <DataTable<Row>
            caption={`${report.data.className}各学科成绩概况（${report.data.studentCount}人）`}
            rowKey={(r) => r.subjectId}
            rows={rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '满分', cell: (r) => formatScore(r.class.fullMarks), numeric: true },
              ...statColumns<Row>((r) => r.class),
              { title: '年级平均分', cell: (r) => formatScore(r.grade.mean), numeric: true },
              { title: '超均率', cell: (r) => formatRate(r.class.aboveMeanRate), numeric: true },
              {
                title: '均分排名',
                cell: (r) => `${formatInt(r.meanRank)}/${r.classCount}`,
                numeric: true,
              },
            ]}
          />
          <Grid>
            <Chart
              kind="bar"
              label="班级与年级得分率对比"
              option={barOption(
                rows.map((r) => r.subjectName),
                [
                  {
                    name: '班级得分率',
                    values: rows.map((r) =>
                      r.class.mean == null ? null : r.class.mean / r.class.fullMarks,
                    ),
                  },
                  {
                    name: '年级得分率',
                    values: rows.map((r) =>
                      r.grade.mean == null ? null : r.grade.mean / r.grade.fullMarks,
                    ),
                  },
                ],
                true,
              )}
            />
            {bandRow && (
              <div>
                <span role="group" aria-label="分数段学科" data-noprint>
                  {rows.map((r) => (
                    <Button
                      key={r.subjectId}
                      size="small"
                      type={r === bandRow ? 'primary' : 'text'}
                      aria-pressed={r === bandRow}
                      onClick={() => setBandSubject(r.subjectId)}
                    >
                      {r.subjectName}
                    </Button>
                  ))}
                </span>
                <ContrastBandChart label={`${bandRow.subjectName}分数段分布`} bands={bands} />
              </div>
            )}
          </Grid>
          {bandRow && <ContrastBandTable caption={`${bandRow.subjectName}分数段`} bands={bands} />}
          {bandRow && (
            <DataTable
              caption={`${bandRow.subjectName}临界生`}
              rowKey={(r) => r.line}
              rows={criticalRows(bandRow.critical)}
              columns={criticalColumns()}
            />
          )}
        </>
      )}
    </ClassFrame>
  );
}
