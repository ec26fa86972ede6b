import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  homeworkWordExerciseRoutes as W,
  readingLabelOf,
  type WordAccuracy,
  type WordExerciseDetail,
  type WordMarkStudent,
} from '@examkit/contracts';
import { Button, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { TargetFilter, targetBody } from '../report/ReportHeader';
import {
  Chips,
  Chip,
  WordTabs,
  useExercises,
  useChosenId,
  ExercisePicker,
  parsePositions,
} from './wordShared';
import { WordCells } from './WordCells';

/** One student's row: the words as toggles, the numbers typed, Enter to save and go on. */
function MarkRow({
  student,
  words,
  onSave,
  inputRef,
  onNext,
}: {
  student: WordMarkStudent;
  words: WordExerciseDetail['words'];
  onSave(wrong: number[]): Promise<boolean>;
  inputRef(el: HTMLInputElement | null): void;
  onNext(): void;
}) {
  const [text, setText] = useState((student.wrong ?? []).join(' '));
  const [error, setError] = useState('');
  useEffect(() => setText((student.wrong ?? []).join(' ')), [student.wrong]);
  const current = parsePositions(text, words.length) ?? student.wrong ?? [];

  async function save(wrong: number[]) {
    setError('');
    if (await onSave(wrong)) return true;
    setError('保存失败');
    return false;
  }

  return (
    <tr>
      <td>{student.studentNo}</td>
      <td>{student.name}</td>
      <td>
        {student.wrong === null
          ? '未批改'
          : student.wrong.length === 0
            ? '全对'
            : `错 ${student.wrong.length}`}
      </td>
      <td>
        <Chips role="group" aria-label={`${student.name}的字词`}>
          {words.map((w) => (
            <Chip
              key={w.position}
              type="button"
              aria-pressed={current.includes(w.position)}
              aria-label={`${student.name} ${w.position} ${w.word}`}
              onClick={() => {
                const next = current.includes(w.position)
                  ? current.filter((p) => p !== w.position)
                  : [...current, w.position].sort((a, b) => a - b);
                setText(next.join(' '));
                void save(next);
              }}
            >
              {w.position} {w.word}
            </Chip>
          ))}
        </Chips>
      </td>
      <td>
        <TextInput
          ref={inputRef}
          aria-label={`${student.name}错词序号`}
          value={text}
          placeholder="如 2 5，回车保存"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const wrong = parsePositions(text, words.length);
            if (wrong === null) return setError(`请输入 1 到 ${words.length} 的序号`);
            void save(wrong).then((saved) => saved && onNext());
          }}
        />
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </td>
      <td>
        <Button onClick={() => void save([]).then((saved) => saved && setText(''))}>全对</Button>
      </td>
    </tr>
  );
}

/**
 * /homework/word-exercise/accuracy?id= (批改与正确率): the caller's students of the assigned
 * classes, each with their wrong words marked by click or typed numbers (Enter saves and goes to
 * the next student); below, the class's 正确率 per word, lowest first.
 */
export function WordExerciseAccuracyPage() {
  const call = useApiCall();
  const { list } = useExercises();
  const [id, setId] = useChosenId();
  /** The class or teaching class chosen (`class:3`, `teachingClass:5`; '' all). */
  const [target, setTarget] = useState('');
  const [exercise, setExercise] = useState<WordExerciseDetail | null>(null);
  const [students, setStudents] = useState<WordMarkStudent[] | null>(null);
  const [accuracy, setAccuracy] = useState<WordAccuracy | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  useEffect(() => {
    setExercise(null);
    setTarget('');
    if (id === null) return;
    void call(W.wordExerciseDetail, { id }).then((r) => setExercise(r.ok ? r.data : null));
  }, [call, id]);

  const loadAccuracy = useCallback(async () => {
    if (id === null) return;
    const r = await call(W.wordExerciseAccuracy, { id, ...targetBody(target) });
    setAccuracy(r.ok ? r.data : null);
  }, [call, id, target]);

  useEffect(() => {
    setStudents(null);
    setAccuracy(null);
    if (id === null) return;
    void call(W.wordExerciseMarks, { id, ...targetBody(target) }).then((r) =>
      setStudents(r.ok ? r.data : []),
    );
    void loadAccuracy();
  }, [call, id, target, loadAccuracy]);

  const save = async (student: WordMarkStudent, wrong: number[]) => {
    if (id === null) return false;
    const r = await call(W.wordExerciseMark, { id, studentId: student.studentId, wrong });
    if (!r.ok) return false;
    setStudents((all) => all?.map((s) => (s.studentId === r.data.studentId ? r.data : s)) ?? null);
    void loadAccuracy();
    return true;
  };

  const readingLabel = exercise ? readingLabelOf(exercise.subjectName) : '拼音';
  const order = useMemo(() => students?.map((s) => s.studentId) ?? [], [students]);
  const assignedTo = exercise
    ? [
        ...exercise.classes.map((c) => ({
          kind: 'class' as const,
          id: c.classId,
          name: c.className,
        })),
        ...exercise.teachingClasses.map((c) => ({
          kind: 'teachingClass' as const,
          id: c.teachingClassId,
          name: c.name,
        })),
      ]
    : [];

  return (
    <PageBox aria-labelledby="word-accuracy-title">
      <h1 id="word-accuracy-title">字词练习 · 批改与正确率</h1>
      <WordTabs id={id} />
      <Toolbar>
        <ExercisePicker list={list} id={id} onChange={setId} />
        {assignedTo.length > 1 && (
          <TargetFilter targets={assignedTo} value={target} onChange={setTarget} />
        )}
      </Toolbar>
      {id === null && <Note>请选择一份字词练习。</Note>}
      {exercise && assignedTo.length === 0 && (
        <Note>这份字词练习还没有布置给您的班级，请先在字词列表中布置。</Note>
      )}
      {exercise && assignedTo.length > 0 && (
        <section aria-labelledby="word-mark-title">
          <h2 id="word-mark-title">听写批改</h2>
          <Note>
            点字词标出写错的，或在输入框里输入错词序号（如 2 5）按回车保存并跳到下一位学生。
          </Note>
          <ListTable
            label="听写批改"
            rows={students}
            empty="没有学生"
            headers={['学号', '姓名', '结果', '字词（点一下标为错）', '错词序号', '操作']}
          >
            {(s) => (
              <MarkRow
                key={s.studentId}
                student={s}
                words={exercise.words}
                onSave={(wrong) => save(s, wrong)}
                inputRef={(el) => {
                  if (el) inputs.current.set(s.studentId, el);
                  else inputs.current.delete(s.studentId);
                }}
                onNext={() => {
                  const next = order[order.indexOf(s.studentId) + 1];
                  if (next !== undefined) inputs.current.get(next)?.focus();
                }}
              />
            )}
          </ListTable>
        </section>
      )}
      {accuracy && exercise && assignedTo.length > 0 && (
        <section aria-labelledby="word-rate-title">
          <h2 id="word-rate-title">正确率</h2>
          <Note role="status">
            已批改 {accuracy.marked} / {accuracy.expected} 人，正确率从低到高排列。
          </Note>
          <ListTable
            label="字词正确率"
            rows={accuracy.words}
            headers={['序号', '字词', readingLabel, '释义', '正确', '错误', '正确率', '写错的学生']}
          >
            {(w) => (
              <tr key={w.position}>
                <WordCells word={w} />
                <td>{w.right}</td>
                <td>{w.wrong}</td>
                <td>{w.rate === null ? '—' : `${w.rate}%`}</td>
                <td>{w.wrongNames.join('、')}</td>
              </tr>
            )}
          </ListTable>
        </section>
      )}
    </PageBox>
  );
}
