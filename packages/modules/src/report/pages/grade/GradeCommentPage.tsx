import { Link } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import { questionColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { formatFixed, formatRate, formatScore } from '../../utils/format';
import { GradeFrame } from './GradeFrame';

/** 年级报告·试卷讲评: per question statistics, options, classes and comments. */
export function GradeCommentPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(reportRoutes.gradeComment, subjectId ? { examId, subjectId } : null);
  const questions = report.data?.questions ?? [];
  return (
    <GradeFrame
      tab="comment"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      exportPage="grade/comment"
      exportSubject
    >
      {report.data && (
        <>
          <Chart
            kind="bar"
            label="各题得分率"
            option={barOption(
              questions.map((q) => q.number),
              [{ name: '年级得分率', values: questions.map((q) => q.grade.scoreRate) }],
              true,
            )}
          />
          <DataTable
            caption={`${report.data.subjectName}逐题讲评`}
            rowKey={(q) => q.questionId}
            rows={questions}
            columns={[
              ...questionColumns(),
              { title: '平均分', cell: (q) => formatScore(q.grade.mean), numeric: true },
              { title: '得分率', cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
              { title: '满分率', cell: (q) => formatRate(q.grade.fullMarkRate), numeric: true },
              { title: '零分率', cell: (q) => formatRate(q.grade.zeroRate), numeric: true },
              { title: '区分度', cell: (q) => formatFixed(q.grade.discrimination), numeric: true },
              {
                title: '题总相关',
                cell: (q) => formatFixed(q.itemTotalCorrelation),
                numeric: true,
              },
              { title: '常见错误选项', cell: (q) => q.commonWrong ?? '—' },
              {
                title: '各班得分率',
                wrap: true,
                cell: (q) =>
                  q.classes.map((c) => `${c.className} ${formatRate(c.scoreRate)}`).join('；'),
              },
              {
                title: '讲评',
                wrap: true,
                cell: (q) => (
                  <>
                    {q.comments
                      .filter((c) => c.classId === 0)
                      .map((c) => c.content)
                      .join('；')}{' '}
                    <Link
                      to={`/exam/single/report/grade/comment/${examId}/0/${q.questionId}/2/edit`}
                      data-noprint
                    >
                      编辑讲评
                    </Link>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </GradeFrame>
  );
}
