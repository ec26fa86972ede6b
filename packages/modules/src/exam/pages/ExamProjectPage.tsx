import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { examRoutes, type DataOf } from '@examkit/contracts';
import { Empty } from '@examkit/ui';
import { Note, PageBox, Table } from '../components/styled';
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

/** /exam/single/project/student?id=: the participants of an exam with their 考号 and 选考 subjects. */
export function ExamStudentsPage() {
  const [search] = useSearchParams();
  const examId = Number(search.get('id')) || null;
  const call = useApiCall();
  const { name, subjectNames } = useExamInfo(examId);
  const [rows, setRows] = useState<Students | null>(null);
  useEffect(() => {
    if (!examId) return;
    void call(examRoutes.students, { id: examId }).then((r) => setRows(r.ok ? r.data : []));
  }, [call, examId]);
  return (
    <PageBox aria-labelledby="project-student-title">
      <h1 id="project-student-title">考试学生{name ? ` · ${name}` : ''}</h1>
      {examId && (
        <Note>
          <Link to={`/exam/single/edit/${examId}`}>返回考试</Link>
        </Note>
      )}
      {!examId || (rows && rows.length === 0) ? (
        <Empty />
      ) : (
        rows && (
          <Table aria-label="考试学生">
            <thead>
              <tr>
                <th scope="col">考号</th>
                <th scope="col">学号</th>
                <th scope="col">姓名</th>
                <th scope="col">班级</th>
                <th scope="col">选考科目</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.studentId}>
                  <td>{s.examNo}</td>
                  <td>{s.studentNo}</td>
                  <td>{s.name}</td>
                  <td>{s.className}</td>
                  <td>{s.electives.map((code) => subjectNames.get(code) ?? code).join('、')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      )}
    </PageBox>
  );
}

/** /exam/single/project/teacher?id=: who teaches each subject of the exam in each class. */
export function ExamTeachersPage() {
  const [search] = useSearchParams();
  const examId = Number(search.get('id')) || null;
  const call = useApiCall();
  const { name } = useExamInfo(examId);
  const [rows, setRows] = useState<Teachers | null>(null);
  useEffect(() => {
    if (!examId) return;
    void call(examRoutes.teachers, { id: examId }).then((r) => setRows(r.ok ? r.data : []));
  }, [call, examId]);
  return (
    <PageBox aria-labelledby="project-teacher-title">
      <h1 id="project-teacher-title">考试教师{name ? ` · ${name}` : ''}</h1>
      {examId && (
        <Note>
          <Link to={`/exam/single/edit/${examId}`}>返回考试</Link>
        </Note>
      )}
      {!examId || (rows && rows.length === 0) ? (
        <Empty />
      ) : (
        rows && (
          <Table aria-label="考试教师">
            <thead>
              <tr>
                <th scope="col">科目</th>
                <th scope="col">班级</th>
                <th scope="col">教师</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={`${t.examSubjectId}-${t.classId}-${t.userId}`}>
                  <td>{t.subjectName}</td>
                  <td>{t.className}</td>
                  <td>{t.nickName}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      )}
    </PageBox>
  );
}
