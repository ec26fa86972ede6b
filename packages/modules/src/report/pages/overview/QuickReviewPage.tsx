import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import { DataTable } from '../../components/DataTable';
import { ExportActions } from '../../components/ExportActions';
import { ReportFrame } from '../../components/ReportFrame';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatRate, formatScore } from '../../utils/format';

/** 快速讲评: subjects, top students and absentees of a finished exam. */
export function QuickReviewPage() {
  const { context, report } = useReportPage(reportRoutes.quickReview, ({ examId }) =>
    examId ? { examId } : null,
  );
  const { examId } = context;
  const data = report.data;
  return (
    <ReportFrame
      title="快速讲评"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} page="quickReview" />}
    >
      {data && (
        <>
          <Chart
            kind="bar"
            label="各学科平均分与最高分"
            height={280}
            option={barOption(
              data.subjects.map((s) => s.subjectName),
              [
                { name: '平均分', values: data.subjects.map((s) => s.mean) },
                { name: '最高分', values: data.subjects.map((s) => s.max) },
              ],
            )}
          />
          <DataTable
            caption="各学科概况"
            rowKey={(s) => s.subjectId}
            rows={data.subjects}
            columns={[
              { title: '学科', cell: (s) => s.subjectName },
              { title: '满分', cell: (s) => formatScore(s.fullMarks), numeric: true },
              { title: '实考人数', cell: (s) => s.count, numeric: true },
              { title: '缺考', cell: (s) => s.absent, numeric: true },
              { title: '平均分', cell: (s) => formatScore(s.mean), numeric: true },
              { title: '最高分', cell: (s) => formatScore(s.max), numeric: true },
              { title: '最低分', cell: (s) => formatScore(s.min), numeric: true },
              { title: '及格率', cell: (s) => formatRate(s.passRate), numeric: true },
              { title: '优秀率', cell: (s) => formatRate(s.excellentRate), numeric: true },
            ]}
          />
          <DataTable
            caption="总分前列学生"
            rowKey={(r) => r.studentId}
            rows={data.top}
            columns={[
              { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
              { title: '姓名', cell: (r) => r.name },
              { title: '班级', cell: (r) => r.className },
              { title: '总分', cell: (r) => formatScore(r.score), numeric: true },
            ]}
          />
          <DataTable
            caption="缺考学生"
            rowKey={(r) => r.studentId}
            rows={data.absentees}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              { title: '班级', cell: (r) => r.className },
              { title: '缺考学科', cell: (r) => r.subjectNames.join('、') },
            ]}
          />
        </>
      )}
    </ReportFrame>
  );
}
