import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { examRoutes, type DataOf } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';

type Students = DataOf<typeof examRoutes.students>;
type Teachers = DataOf<typeof examRoutes.teachers>;

/** The exam's name and its subject names by code. */
function useExamInfo(examId: number | null) {
  const call = useApiCall();
  const [info, setInfo] = useState({ name: '', subjectNames: new Map<string, string>() });
  useEffect(() => {
    if (!examId) return;
    void call(examRoutes.detail, { id: examId }, { errorMessage: false }).then((r) => {
      if (r.ok)
        setInfo({
          name: r.data.name,
          subjectNames: new Map(r.data.subjects.map((s) => [s.subjectCode, s.subjectName])),
        });
    });
  }, [call, examId]);
  return info;
}

/** The exam id of the address (`?id=`), the exam's info and its rows of one roster call. */
function useExamRoster<R>(load: (examId: number) => Promise<R[]>) {
  const [search] = useSearchParams();
  const examId = Number(search.get('id')) || null;
  const info = useExamInfo(examId);
  const [rows, setRows] = useState<R[] | null>(null);
  useEffect(() => {
    if (examId) void load(examId).then(setRows);
  }, [load, examId]);
  return { examId, ...info, rows };
}

/** One roster page of an exam: its title, the way back to the exam, and a table or 暂无数据. */
function ExamRosterFrame({
  id,
  title,
  examId,
  name,
  empty,
  children,
}: {
  id: string;
  title: string;
  examId: number | null;
  name: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <PageBox aria-labelledby={id}>
      <h1 id={id}>
        {title}
        {name ? ` · ${name}` : ''}
      </h1>
      {examId && (
        <Note>
          <Link to={`/exam/single/edit/${examId}`}>返回考试</Link>
        </Note>
      )}
      {!examId || empty ? <Empty /> : children}
    </PageBox>
  );
}

/** /exam/single/project/student?id=: the participants of an exam with their 考号 and 选考 subjects. */
export function ExamStudentsPage() {
  const call = useApiCall();
  const load = useCallback(
    (id: number) => call(examRoutes.students, { id }).then((r): Students => (r.ok ? r.data : [])),
    [call],
  );
  const { examId, name, subjectNames, rows } = useExamRoster(load);
  return (
    <ExamRosterFrame
      id="project-student-title"
      title="考试学生"
      examId={examId}
      name={name}
      empty={rows?.length === 0}
    >
      <ListTable
        label="考试学生"
        rows={rows}
        headers={['考号', '学号', '姓名', '班级', '选考科目']}
      >
        {(s) => (
          <tr key={s.studentId}>
            <td>{s.examNo}</td>
            <td>{s.studentNo}</td>
            <td>{s.name}</td>
            <td>{s.className}</td>
            <td>{s.electives.map((code) => subjectNames.get(code) ?? code).join('、')}</td>
          </tr>
        )}
      </ListTable>
    </ExamRosterFrame>
  );
}

/** /exam/single/project/teacher?id=: who teaches each subject of the exam in each class. */
export function ExamTeachersPage() {
  const call = useApiCall();
  const load = useCallback(
    (id: number) => call(examRoutes.teachers, { id }).then((r): Teachers => (r.ok ? r.data : [])),
    [call],
  );
  const { examId, name, rows } = useExamRoster(load);
  return (
    <ExamRosterFrame
      id="project-teacher-title"
      title="考试教师"
      examId={examId}
      name={name}
      empty={rows?.length === 0}
    >
      <ListTable label="考试教师" rows={rows} headers={['科目', '班级', '教师']}>
        {(t) => (
          <tr key={`${t.examSubjectId}-${t.classId}-${t.userId}`}>
            <td>{t.subjectName}</td>
            <td>{t.className}</td>
            <td>{t.nickName}</td>
          </tr>
        )}
      </ListTable>
    </ExamRosterFrame>
  );
}
