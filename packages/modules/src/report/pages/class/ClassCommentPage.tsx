import { reportRoutes, type DataOf } from '@examkit/contracts';
import { questionRateColumns } from '../../components/columns';
import { QuestionReview } from '../../components/QuestionReview';
import { useReportPage } from '../../hooks/useReportPage';
import { formatRate, formatScore } from '../../utils/format';
import { ClassFrame } from './ClassFrame';
import { lostStudentsText } from './lostStudentsText';
import { optionsCell } from '../../utils/optionsCell';

/** 班级报告·试卷讲评: per question the class beside the grade, options, who lost points. */
export function ClassCommentPage() {
  const { context, report } = useReportPage(
    reportRoutes.classComment,
    ({ examId, classId, subjectId }) =>
      classId && subjectId ? { examId, classId, subjectId } : null,
  );
  return (
    <ClassFrame
      tab="comment"
      page={{ context, report }}
      subjectPicker
      exportPage="class/comment"
      exportSubject
    >
      {report.data && <ClassCommentView data={report.data} />}
    </ClassFrame>
  );
}

/** The body of 班级报告·试卷讲评: the class beside its whole group (the grade, or a joint exam). */
export function ClassCommentView({
  data,
  gradeLabel = '年级',
}: {
  data: DataOf<typeof reportRoutes.classComment>;
  /** The whole the class is compared with: 年级, 联考. @default '年级' */
  gradeLabel?: string;
}) {
  const questions = data.questions;
  type Q = (typeof questions)[number];
  return (
    <QuestionReview
      questions={questions}
      rates={[
        { name: '班级得分率', rate: (q) => q.class.scoreRate },
        { name: `${gradeLabel}得分率`, rate: (q) => q.grade.scoreRate },
      ]}
      caption={`${data.className} ${data.subjectName}逐题讲评`}
      columns={[
        { title: '班级均分', cell: (q) => formatScore(q.class.mean), numeric: true },
        { title: '班级得分率', cell: (q) => formatRate(q.class.scoreRate), numeric: true },
        { title: `${gradeLabel}得分率`, cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
        ...questionRateColumns<Q>((q) => q.class),
        { title: '答案', cell: (q) => q.answer ?? '—' },
        {
          title: '选项分布',
          wrap: true,
          cell: (q) => optionsCell(q),
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
  );
}
