import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { homeworkWordExerciseRoutes as W, type WordStudentDetail } from '@examkit/contracts';
import { ListTable } from '../../common/ListTable';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { targetBody } from '../report/ReportHeader';
import { BASE, ClassStudentPicker, WordTabs, useWordTargets } from './wordShared';

/**
 * /homework/word-exercise/detail (学生详情): a class's or teaching class's students over the word
 * lists assigned to it, each list's wrong count; one student's words right and wrong list by list.
 */
export function WordExerciseDetailPage() {
  const call = useApiCall();
  const { loaded, targets } = useWordTargets();
  const [target, setTarget] = useState('');
  const [studentId, setStudentId] = useState<number | null>(null);
  const [data, setData] = useState<WordStudentDetail | null>(null);
  const [students, setStudents] = useState<WordStudentDetail['students']>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    setData(null);
    setError('');
    if (target === '') return;
    void call(
      W.wordExerciseStudentDetail,
      { ...targetBody(target), studentId, subjectId: null },
      {
        errorMessage: false,
      },
    ).then((r) => {
      if (!r.ok) return setError(r.message);
      setData(r.data);
      if (studentId === null) setStudents(r.data.students);
    });
  }, [call, target, studentId]);

  const teaching = target.startsWith('teachingClass:');
  const one = studentId !== null ? data?.students[0] : undefined;

  return (
    <PageBox aria-labelledby="word-detail-title">
      <h1 id="word-detail-title">字词练习 · 学生详情</h1>
      <WordTabs id={null} />
      <Toolbar>
        <ClassStudentPicker
          {...{ targets, target, setTarget, students, setStudents, studentId, setStudentId }}
        />
      </Toolbar>
      {loaded && targets.length === 0 && <Note>您没有任教语文或英语的班级。</Note>}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {data && data.exercises.length === 0 && <Note>这个班级还没有布置字词练习。</Note>}
      {data && data.exercises.length > 0 && studentId === null && (
        <ListTable
          label="学生字词情况"
          rows={data.students}
          headers={[
            '学号',
            '姓名',
            ...(teaching ? ['班级'] : []),
            ...data.exercises.map((e) => e.name),
            '正确率',
          ]}
        >
          {(s) => {
            const done = s.results
              .map((wrong, i) => ({ wrong, total: data.exercises[i]!.words.length }))
              .filter((x) => x.wrong !== null);
            const total = done.reduce((n, x) => n + x.total, 0);
            const wrong = done.reduce((n, x) => n + x.wrong!.length, 0);
            return (
              <tr key={s.studentId}>
                <td>{s.studentNo}</td>
                <td>{s.name}</td>
                {teaching && <td>{s.className}</td>}
                {s.results.map((w, i) => (
                  <td key={data.exercises[i]!.id}>
                    {w === null
                      ? '未批改'
                      : w.length === 0
                        ? '全对'
                        : `错 ${w.length}：${w
                            .map(
                              (p) => data.exercises[i]!.words.find((x) => x.position === p)?.word,
                            )
                            .join('、')}`}
                  </td>
                ))}
                <td>{total ? `${Math.round(((total - wrong) / total) * 1000) / 10}%` : '—'}</td>
              </tr>
            );
          }}
        </ListTable>
      )}
      {data && one && (
        <section aria-labelledby="word-one-title">
          <h2 id="word-one-title">
            {one.name}（{one.studentNo}）
          </h2>
          <Link to={`${BASE}/wrong?target=${target}&studentId=${one.studentId}`}>查看错题本</Link>
          {data.exercises.map((e, i) => {
            const wrong = one.results[i];
            return (
              <ListTable
                key={e.id}
                label={e.name}
                rows={e.words}
                headers={['序号', '字词', '结果']}
              >
                {(w) => (
                  <tr key={w.position}>
                    <td>{w.position}</td>
                    <td>{w.word}</td>
                    <td>
                      {wrong === null || wrong === undefined
                        ? '未批改'
                        : wrong.includes(w.position)
                          ? '✗ 错'
                          : '✓ 对'}
                    </td>
                  </tr>
                )}
              </ListTable>
            );
          })}
        </section>
      )}
    </PageBox>
  );
}
