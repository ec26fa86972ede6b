import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { barOption } from '../../components/charts';
import { questionColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { formatFixed, formatRate, formatScore } from '../../utils/format';
import { ClassFrame } from './ClassFrame';
import { lostStudentsText } from './lostStudentsText';

const optionsText = (
  options: readonly { option: string; count: number; rate: number | null; correct: boolean }[],
) =>
  options
    .map((o) => `${o.option}${o.correct ? '✓' : ''} ${o.count}人（${formatRate(o.rate)}）`)
    .join('；');

/** 班级报告·试卷讲评: per question the class beside the grade, options, who lost points. */
export function ClassCommentPage() {
  const context = useReportContext();
  const { examId, classId, subjectId } = context;
  const report = useReport(
    reportRoutes.classComment,
    classId && subjectId ? { examId, classId, subjectId } : null,
  );
  const questions = report.data?.questions ?? [];
  type Q = (typeof questions)[number];
  return (
    <ClassFrame
      tab="comment"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      exportPage="class/comment"
      exportSubject
    >
      {report.data && (
        <>
          <Chart
            kind="bar"
            label="各题得分率"
            option={barOption(
              questions.map((q) => q.number),
              [
                { name: '班级得分率', values: questions.map((q) => q.class.scoreRate) },
                { name: '年级得分率', values: questions.map((q) => q.grade.scoreRate) },
              ],
              true,
            )}
          />
          <DataTable<Q>
            caption={`${report.data.className} ${report.data.subjectName}逐题讲评`}
            rowKey={(q) => q.questionId}
            rows={questions}
            columns={[
              ...questionColumns(),
              { title: '班级均分', cell: (q) => formatScore(q.class.mean), numeric: true },
              { title: '班级得分率', cell: (q) => formatRate(q.class.scoreRate), numeric: true },
              { title: '年级得分率', cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
              { title: '满分率', cell: (q) => formatRate(q.class.fullMarkRate), numeric: true },
              { title: '零分率', cell: (q) => formatRate(q.class.zeroRate), numeric: true },
              { title: '区分度', cell: (q) => formatFixed(q.class.discrimination), numeric: true },
              { title: '答案', cell: (q) => q.answer ?? '—' },
              {
                title: '选项分布',
                wrap: true,
                cell: (q) => (q.options.length ? optionsText(q.options) : '—'),
              },
              { title: '常见错误选项', cell: (q) => q.commonWrong ?? '—' },
              {
                title: '失分学生',
                wrap: true,
                cell: (q) =>
                  q.lostStudents.length === 0 ? (
                    '—'
                  ) : (
                    <details>
                      <summary>
                        {q.lostStudents.length}人：
                        {q.lostStudents
                          .slice(0, 5)
                          .map((s) => s.name)
                          .join('、')}
                        {q.lostStudents.length > 5 ? '…' : ''}
                      </summary>
                      {lostStudentsText(q.lostStudents)}
                    </details>
                  ),
              },
              {
                title: '讲评',
                wrap: true,
                cell: (q) => q.comments.map((c) => c.content).join('；') || '—',
              },
            ]}
          />
        </>
      )}
    </ClassFrame>
  );
}
