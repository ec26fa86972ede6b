import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { boxOption } from '../../components/charts';
import { transcriptColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { useReportPage } from '../../hooks/useReportPage';
import { boxOf, PROGRESS_NOTE } from '../../utils/format';
import { ClassFrame } from './ClassFrame';

/** 班级报告·成绩单: every student with a box plot of each subject. */
export function ClassTranscriptPage() {
  const { context, report } = useReportPage(reportRoutes.classTranscript, ({ examId, classId }) =>
    classId ? { examId, classId } : null,
  );
  const { examId } = context;
  return (
    <ClassFrame tab="transcript" page={{ context, report }} exportPage="class/transcript">
      {report.data && (
        <>
          <ClassTranscriptView
            data={report.data}
            subjects={context.exam?.subjects ?? []}
            link={(r) =>
              `/exam/single/report/class/transcript/${examId}/${r.classId}/${r.studentId}/transcriptBasic`
            }
          />
          <p>{PROGRESS_NOTE}</p>
        </>
      )}
    </ClassFrame>
  );
}

type ClassTranscript = DataOf<typeof reportRoutes.classTranscript>;

/** The body of 班级报告·成绩单: a box plot of each subject the class sat, and every student. */
export function ClassTranscriptView({
  data,
  subjects: examSubjects,
  link,
  gradeLabel,
}: {
  data: ClassTranscript;
  subjects: readonly { id: number; name: string }[];
  /** A student's own transcript page, when there is one. */
  link?: (row: ClassTranscript['students'][number]) => string;
  /** The ranks' whole: 年级 (default), 联考. */
  gradeLabel?: string;
}) {
  const students = data.students;
  const subjects = examSubjects.filter((s) =>
    students.some((st) => st.scores.some((x) => x.subjectId === s.id)),
  );
  return (
    <>
      {students.length > 0 && (
        <Chart
          kind="boxplot"
          label="各学科分数箱线图"
          height={260}
          option={boxOption(
            subjects.map((s) => s.name),
            subjects.map((s) =>
              boxOf(
                students
                  .map((st) => st.scores.find((x) => x.subjectId === s.id)?.score)
                  .filter((v): v is number => v != null),
              ),
            ),
          )}
        />
      )}
      <DataTable
        caption={`${data.className}成绩单`}
        rowKey={(r) => r.studentId}
        rows={students}
        columns={transcriptColumns(subjects, link, false, gradeLabel)}
      />
    </>
  );
}
