import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  homeworkWordExerciseRoutes as W,
  WORD_WRONG_EXPORT_URL,
  type WordExerciseDetail,
  type WordWrongBook,
} from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { formatTime } from '../useHomeworkOptions';
import { targetBody } from '../report/ReportHeader';
import { BASE, ClassStudentPicker, WordTabs, useWordTargets } from './wordShared';
import { StudentCells } from '../components/rowCells';

function newKey() {
  return `review-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * /homework/word-exercise/wrong (错题本): per student the words they wrote wrong over the lists of
 * a class or teaching class, how often and when last; one student's in full with 导出错题本;
 * 一键生成复习 makes a new word list of the wrong words (the class's, or the student's) to assign.
 */
export function WordExerciseWrongPage() {
  const call = useApiCall();
  const download = useDownload();
  const [params] = useSearchParams();
  const { loaded, targets, subjects } = useWordTargets();
  const [target, setTarget] = useState(params.get('target') ?? '');
  const [studentId, setStudentId] = useState<number | null>(
    Number(params.get('studentId')) || null,
  );
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [book, setBook] = useState<WordWrongBook | null>(null);
  const [students, setStudents] = useState<WordWrongBook['students']>([]);
  const [error, setError] = useState('');
  const [made, setMade] = useState<WordExerciseDetail | null>(null);
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);

  const body = { ...targetBody(target), studentId, subjectId };
  useEffect(() => {
    setBook(null);
    setError('');
    setMade(null);
    if (target === '') return;
    void call(
      W.wordExerciseWrongWords,
      { ...targetBody(target), studentId, subjectId },
      { errorMessage: false },
    ).then((r) => {
      if (!r.ok) return setError(r.message);
      setBook(r.data);
      if (studentId === null) setStudents(r.data.students);
    });
  }, [call, target, studentId, subjectId]);
  // The student picker's names when the page opens on one student (from 学生详情).
  useEffect(() => {
    if (target === '' || studentId === null || students.length > 0) return;
    void call(
      W.wordExerciseWrongWords,
      { ...targetBody(target), studentId: null, subjectId: null },
      { errorMessage: false },
    ).then((r) => r.ok && setStudents(r.data.students));
  }, [call, target, studentId, students.length]);

  async function review() {
    setBusy(true);
    const r = await call(W.wordExerciseReview, { ...body, idempotencyKey: key });
    setBusy(false);
    if (!r.ok) return;
    setMade(r.data);
    setKey(newKey());
  }

  const one = studentId !== null ? book?.students[0] : undefined;
  const wrongCount = book?.students.reduce((n, s) => n + s.words.length, 0) ?? 0;

  return (
    <PageBox aria-labelledby="word-wrong-title">
      <h1 id="word-wrong-title">字词练习 · 错题本</h1>
      <WordTabs id={null} />
      <Toolbar>
        <ClassStudentPicker
          {...{ targets, target, setTarget, students, setStudents, studentId, setStudentId }}
        />
        {subjects.length > 1 && (
          <FormField label="科目">
            <Select
              value={subjectId ?? ''}
              placeholder="全部科目"
              options={subjects}
              onChange={(e) => setSubjectId(Number(e.target.value) || null)}
            />
          </FormField>
        )}
        {book && (
          <>
            <Button
              type="primary"
              disabled={busy || wrongCount === 0}
              onClick={() => void review()}
            >
              一键生成复习
            </Button>
            <Button
              onClick={() =>
                void download(WORD_WRONG_EXPORT_URL, '字词错题本.xlsx', {
                  classId: body.classId ?? undefined,
                  teachingClassId: body.teachingClassId ?? undefined,
                  studentId: studentId ?? undefined,
                  subjectId: subjectId ?? undefined,
                })
              }
            >
              导出错题本
            </Button>
          </>
        )}
      </Toolbar>
      {loaded && targets.length === 0 && <Note>您没有任教语文或英语的班级。</Note>}
      <Note>
        错题本汇总所选班级（或教学班）布置过的字词练习中写错的字词；一键生成复习把这些错词（错得多的在前，最多
        60 个）做成一份新的字词练习，可以像其他练习一样布置、打印听写卡。
      </Note>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {made && (
        <p role="status">
          已生成复习练习“{made.name}”（{made.wordCount} 个字词）。
          <Link to={`${BASE}/question?id=${made.id}`}>去布置</Link>
        </p>
      )}
      {book && wrongCount === 0 && <Note>还没有写错的字词。</Note>}
      {book && studentId === null && wrongCount > 0 && (
        <ListTable
          label="错题本"
          rows={book.students}
          headers={['学号', '姓名', '班级', '已批改练习', '错词数', '错词', '操作']}
        >
          {(s) => (
            <tr key={s.studentId}>
              <StudentCells student={s} />
              <td>{s.marked}</td>
              <td>{s.words.length}</td>
              <td>
                {s.words.map((w) => (w.count > 1 ? `${w.word}×${w.count}` : w.word)).join('、')}
              </td>
              <td>
                <Button
                  aria-label={`查看 ${s.name} 的错词`}
                  onClick={() => setStudentId(s.studentId)}
                >
                  查看
                </Button>
              </td>
            </tr>
          )}
        </ListTable>
      )}
      {one && one.words.length > 0 && (
        <ListTable
          label={`${one.name}的错词`}
          rows={one.words}
          headers={['字词', '拼音/音标', '释义', '科目', '错误次数', '最近出错', '出错的练习']}
        >
          {(w) => (
            <tr key={`${w.subjectId}|${w.word}`}>
              <td>{w.word}</td>
              <td>{w.reading}</td>
              <td>{w.meaning}</td>
              <td>{w.subjectName}</td>
              <td>{w.count}</td>
              <td>{formatTime(w.lastWrongAt).slice(0, 10)}</td>
              <td>{w.exercises.join('、')}</td>
            </tr>
          )}
        </ListTable>
      )}
    </PageBox>
  );
}
