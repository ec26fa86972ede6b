import { useNavigate, useSearchParams } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { Button, LOADING_TEXT, Select } from '@examkit/ui';
import { DataTable } from '../../components/DataTable';
import { ExportActions } from '../../components/ExportActions';
import { ErrorBox, Meta, ReportBox, Spacer, Toolbar } from '../../components/styled';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatScore } from '../../utils/format';

/** 预警报告打印 (/print/{examId}/warningReport): students to watch, print-ready. */
export function WarningReportPrintPage() {
  const [search] = useSearchParams();
  const classId = Number(search.get('classId')) || 0;
  const { context, report } = useReportPage(reportRoutes.warningReport, ({ examId }) =>
    examId ? { examId, ...(classId ? { classId } : {}) } : null,
  );
  const { examId, exam } = context;
  const navigate = useNavigate();
  const data = report.data;
  const error = context.error ?? report.error;
  return (
    <ReportBox data-print aria-busy={report.loading}>
      {error ? (
        <ErrorBox role="alert">{error}</ErrorBox>
      ) : !data ? (
        <Meta role="status">{LOADING_TEXT}</Meta>
      ) : (
        <>
          <Toolbar data-noprint>
            <Button onClick={() => navigate(-1)}>返回</Button>
            <Select
              label="班级"
              value={classId}
              options={[
                { value: 0, label: '全部班级' },
                ...(exam?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              onChange={(e) =>
                navigate(
                  `/print/${examId}/warningReport${Number(e.target.value) ? `?classId=${e.target.value}` : ''}`,
                  { replace: true },
                )
              }
            />
            <Spacer />
            <ExportActions examId={examId} page="warningReport" classId={classId || undefined} />
          </Toolbar>
          <h1>{data.exam.name} · 预警报告</h1>
          <Meta>
            {data.exam.gradeName} · {data.exam.examDate} · 共 {data.students.length} 人
          </Meta>
          <DataTable
            caption="预警学生"
            rowKey={(s) => s.studentId}
            rows={data.students}
            columns={[
              { title: '姓名', cell: (s) => s.name },
              { title: '学号', cell: (s) => s.studentNo },
              { title: '班级', cell: (s) => s.className },
              { title: '总分', cell: (s) => formatScore(s.totalScore), numeric: true },
              { title: '年级排名', cell: (s) => formatInt(s.gradeRank), numeric: true },
              { title: '预警原因', wrap: true, cell: (s) => s.reasons.join('、') },
            ]}
          />
        </>
      )}
    </ReportBox>
  );
}
