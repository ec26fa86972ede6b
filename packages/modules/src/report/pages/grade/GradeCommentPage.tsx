import { Link } from 'react-router-dom';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { useMyScope } from '../../../common/useMyScope';
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
  // 编辑讲评 is for the school's own staff: a bureau's seat reads only.
  const scope = useMyScope();
  const writes = scope?.reader !== true;
  return (
    <GradeFrame
      tab="comment"
      page={{ context, report }}
      subjectPicker
      exportPage="grade/comment"
      exportSubject
    >
      {report.data && (
        <GradeCommentView
          data={report.data}
          {...(writes && {
            editLink: (q: GradeComment['questions'][number]) =>
              `/exam/single/report/grade/comment/${examId}/0/${q.questionId}/2/edit`,
          })}
        />
      )}
    </GradeFrame>
  );
}

type GradeComment = DataOf<typeof reportRoutes.gradeComment>;

/** The body of 年级报告·试卷讲评: each question over the whole, every group (class or school) beside it. */
export function GradeCommentView({
  data,
  editLink,
  gradeLabel = '年级',
  groupLabel = '班',
}: {
  data: GradeComment;
  /** Where a question's comment is edited; without it comments are only shown. */
  editLink?: (q: GradeComment['questions'][number]) => string;
  /** The whole: 年级, 联考. @default '年级' */
  gradeLabel?: string;
  /** One group: 班, or 校 in a joint exam. @default '班' */
  groupLabel?: string;
}) {
  const questions = data.questions;
  type Q = (typeof questions)[number];
  return (
    <QuestionReview
      questions={questions}
      rates={[{ name: `${gradeLabel}得分率`, rate: (q) => q.grade.scoreRate }]}
      caption={`${data.subjectName}逐题讲评`}
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
          title: `各${groupLabel}得分率`,
          wrap: true,
          cell: (q) => q.classes.map((c) => `${c.className} ${formatRate(c.scoreRate)}`).join('；'),
        },
        {
          title: '讲评',
          wrap: true,
          cell: (q) => (
            <>
              {q.comments
                .filter((c) => c.classId === 0)
                .map((c) => c.content)
                .join('；') || (editLink ? '' : '—')}{' '}
              {editLink && (
                <Link to={editLink(q)} data-noprint>
                  编辑讲评
                </Link>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
