import { Link } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { questionRateColumns } from '../../components/columns';
import { QuestionReview } from '../../components/QuestionReview';
import { useReportPage } from '../../hooks/useReportPage';
import { formatFixed, formatRate, formatScore } from '../../utils/format';
import { optionsCell } from '../../utils/optionsCell';
import { GradeFrame } from './GradeFrame';

/** 年级报告·试卷讲评: per question statistics, options, classes and comments. */
export function GradeCommentPage() {
  const { context, report } = useReportPage(reportRoutes.gradeComment, ({ examId, subjectId }) =>
    subjectId ? { examId, subjectId } : null,
  );
  const { examId } = context;
  const questions = report.data?.questions ?? [];
  type Q = (typeof questions)[number];
  return (
    <GradeFrame
      tab="comment"
      page={{ context, report }}
      subjectPicker
      exportPage="grade/comment"
      exportSubject
    >
      {report.data && (
        <QuestionReview
          questions={questions}
          rates={[{ name: '年级得分率', rate: (q) => q.grade.scoreRate }]}
          caption={`${report.data.subjectName}逐题讲评`}
          columns={[
            { title: '平均分', cell: (q) => formatScore(q.grade.mean), numeric: true },
            { title: '得分率', cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
            ...questionRateColumns<Q>((q) => q.grade),
            {
              title: '题总相关',
              cell: (q) => formatFixed(q.itemTotalCorrelation),
              numeric: true,
            },
            { title: '选项分布', wrap: true, cell: (q) => optionsCell(q) },
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
      )}
    </GradeFrame>
  );
}
