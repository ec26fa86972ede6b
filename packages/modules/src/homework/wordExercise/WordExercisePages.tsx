import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  homeworkWordExerciseRoutes as W,
  readingLabelOf,
  WORD_EXERCISE_CARD_URL,
  WORD_EXERCISE_SUBJECTS,
  WORD_LIMITS,
  type WordAccuracy,
  type WordExerciseDetail,
  type WordExerciseSummary,
  type WordInput,
  type WordMarkStudent,
  type WordStudentDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput, themeOf } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { fetchImage } from '../../common/fetchImage';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { Actions, CheckGroup, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { defaultDue } from '../components/AssignPanel';
import { formatTime, useHomeworkOptions } from '../useHomeworkOptions';

const BASE = '/homework/word-exercise';

const WordsBox = styled.textarea`
  width: 100%;
  min-height: 160px;
  font: inherit;
`;
const Frame = styled.iframe`
  width: 100%;
  min-height: 70vh;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
`;
const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
const Chip = styled.button`
  font: inherit;
  padding: 2px 8px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  background: ${(p) => themeOf(p).colors.surface};
  color: ${(p) => themeOf(p).colors.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${(p) => themeOf(p).colors.danger};
    border-color: ${(p) => themeOf(p).colors.danger};
    color: #fff;
  }
`;

/** The tabs of 字词练习, keeping the chosen list. */
function WordTabs({ id }: { id: number | null }) {
  const q = id === null ? '' : `?id=${id}`;
  return (
    <nav aria-label="字词练习">
      <Toolbar>
        <NavLink to={`${BASE}/question`}>字词列表</NavLink>
        <NavLink to={`${BASE}/card${q}`}>听写卡</NavLink>
        <NavLink to={`${BASE}/accuracy${q}`}>批改与正确率</NavLink>
        <NavLink to={`${BASE}/detail`}>学生详情</NavLink>
      </Toolbar>
    </nav>
  );
}

/** The word lists the caller sees (null while loading). */
function useExercises() {
  const call = useApiCall();
  const [list, setList] = useState<WordExerciseSummary[] | null>(null);
  const load = useCallback(async () => {
    const r = await call(W.wordExerciseList, { gradeId: null, subjectId: null });
    setList(r.ok ? r.data : []);
  }, [call]);
  useEffect(() => void load(), [load]);
  return { list, load };
}

/** `?id=` of the page, and a picker among the lists when there is none. */
function useChosenId(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  return [id, (next) => setParams(next === null ? {} : { id: String(next) })];
}

function ExercisePicker({
  list,
  id,
  onChange,
}: {
  list: WordExerciseSummary[] | null;
  id: number | null;
  onChange(id: number | null): void;
}) {
  return (
    <FormField label="字词练习">
      <Select
        value={id ?? ''}
        placeholder="请选择字词练习"
        options={(list ?? []).map((x) => ({
          value: x.id,
          label: `${x.name}（${x.gradeName}${x.subjectName}）`,
        }))}
        onChange={(e) => onChange(Number(e.target.value) || null)}
      />
    </FormField>
  );
}

/** A line `字词|拼音|释义` (also a tab, ｜ or a full-width comma between parts). */
export function parseWordLines(text: string): WordInput[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [word = '', reading = '', ...meaning] = line.split(/[|｜\t]/).map((p) => p.trim());
      return { word, reading, meaning: meaning.join('，') };
    });
}

const linesOf = (words: readonly WordInput[]) =>
  words.map((w) => [w.word, w.reading, w.meaning].join('|').replace(/\|+$/, '')).join('\n');

/** Checks the form's words as the server does; the first problem, or ''. */
function problemOf(words: readonly WordInput[]): string {
  if (words.length === 0) return '请至少填写一个字词';
  if (words.length > WORD_LIMITS.words) return `最多 ${WORD_LIMITS.words} 个字词`;
  for (const [i, w] of words.entries()) {
    if (w.word === '') return `第 ${i + 1} 个字词为空`;
    if (w.word.length > WORD_LIMITS.word) return `第 ${i + 1} 个字词超过 ${WORD_LIMITS.word} 个字`;
    if (w.reading.length > WORD_LIMITS.reading) return `第 ${i + 1} 个字词的注音太长`;
    if (w.meaning.length > WORD_LIMITS.meaning) return `第 ${i + 1} 个字词的释义太长`;
    if (words.findIndex((x) => x.word === w.word) !== i) return `第 ${i + 1} 个字词“${w.word}”重复`;
  }
  return '';
}

function newKey() {
  return `words-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** 新建 / 编辑 a word list: name, grade × subject (语文, 英语), the words one a line. */
function ExerciseForm({
  exercise,
  onSaved,
  onCancel,
}: {
  exercise: WordExerciseDetail | null;
  onSaved(next: WordExerciseDetail): void;
  onCancel(): void;
}) {
  const call = useApiCall();
  const options = useHomeworkOptions();
  const pairs = (options ?? []).filter((o) =>
    (WORD_EXERCISE_SUBJECTS as readonly string[]).includes(o.subjectName),
  );
  const [name, setName] = useState(exercise?.name ?? '');
  const [pair, setPair] = useState(exercise ? `${exercise.gradeId}:${exercise.subjectId}` : '');
  const [text, setText] = useState(exercise ? linesOf(exercise.words) : '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [key] = useState(newKey);
  const wordsId = useId();
  const subjectName =
    pairs.find((p) => `${p.gradeId}:${p.subjectId}` === pair)?.subjectName ?? '语文';
  const words = parseWordLines(text);

  async function save() {
    setError('');
    if (!name.trim()) return setError('请填写练习名称');
    if (!pair) return setError('请选择年级科目');
    const problem = problemOf(words);
    if (problem) return setError(problem);
    const [gradeId, subjectId] = pair.split(':').map(Number);
    setSaving(true);
    const r = await call(
      W.wordExerciseSave,
      {
        id: exercise?.id ?? null,
        name: name.trim(),
        gradeId: gradeId!,
        subjectId: subjectId!,
        words,
        idempotencyKey: key,
      },
      { errorMessage: false },
    );
    setSaving(false);
    if (!r.ok) return setError(r.message);
    onSaved(r.data);
  }

  return (
    <section aria-labelledby="word-form-title">
      <h2 id="word-form-title">{exercise ? '编辑字词练习' : '新建字词练习'}</h2>
      <Toolbar>
        <FormField label="练习名称" required>
          <TextInput
            value={name}
            maxLength={40}
            placeholder="如 第一单元字词听写"
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField label="年级科目" required>
          <Select
            value={pair}
            placeholder="请选择年级科目"
            disabled={exercise?.locked === true}
            options={pairs.map((o) => ({
              value: `${o.gradeId}:${o.subjectId}`,
              label: `${o.gradeName}${o.subjectName}`,
            }))}
            onChange={(e) => setPair(e.target.value)}
          />
        </FormField>
      </Toolbar>
      {options && pairs.length === 0 && <Note>您没有任教语文或英语的年级，不能新建字词练习。</Note>}
      <label htmlFor={wordsId}>
        字词（每行一个：字词|{readingLabelOf(subjectName)}|释义，{readingLabelOf(subjectName)}
        和释义可不填）
      </label>
      <WordsBox
        id={wordsId}
        value={text}
        readOnly={exercise?.locked === true}
        placeholder={subjectName === '英语' ? 'apple|/ˈæpl/|苹果' : '蜻蜓|qīng tíng|一种昆虫'}
        onChange={(e) => setText(e.target.value)}
      />
      <Note role="status">
        共 {words.length} 个字词
        {exercise?.locked ? '（已有听写结果，字词不能再修改，只能改名称）' : ''}
      </Note>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存字词练习
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Actions>
    </section>
  );
}

/** 布置: the caller's classes of the grade, a due time. */
function AssignWords({
  exercise,
  onAssigned,
}: {
  exercise: WordExerciseDetail;
  onAssigned(next: WordExerciseDetail): void;
}) {
  const call = useApiCall();
  const [chosen, setChosen] = useState<number[]>([]);
  const [due, setDue] = useState(() => defaultDue(new Date()));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function assign() {
    setError('');
    if (chosen.length === 0) return setError('请选择班级');
    const dueAt = new Date(due).getTime();
    if (!Number.isFinite(dueAt)) return setError('请选择截止时间');
    setBusy(true);
    const r = await call(
      W.wordExerciseAssign,
      { id: exercise.id, classIds: chosen, dueAt },
      { errorMessage: false },
    );
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setChosen([]);
    onAssigned(r.data);
  }

  return (
    <section aria-labelledby="word-assign-title">
      <h2 id="word-assign-title">布置 · {exercise.name}</h2>
      {exercise.classes.length > 0 && (
        <Note>
          已布置：
          {exercise.classes.map((c) => `${c.className}（截止 ${formatTime(c.dueAt)}）`).join('、')}
        </Note>
      )}
      {exercise.targets.length === 0 ? (
        <Note>您在这个年级没有可以布置的班级。</Note>
      ) : (
        <CheckGroup>
          <legend>布置班级</legend>
          {exercise.targets.map((t) => (
            <label key={t.id}>
              <input
                type="checkbox"
                checked={chosen.includes(t.id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, t.id] : chosen.filter((c) => c !== t.id))
                }
              />
              {t.name}（{t.studentCount} 人）
            </label>
          ))}
        </CheckGroup>
      )}
      <Toolbar>
        <FormField label="截止时间" required>
          <TextInput type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        </FormField>
        <Button type="primary" loading={busy} onClick={() => void assign()}>
          布置
        </Button>
      </Toolbar>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </section>
  );
}

/**
 * /homework/word-exercise/question (字词练习): the word lists of the caller's grades × subjects
 * (语文 字词 with 拼音, 英语 单词 with 音标, each with 释义); 新建, 编辑, 删除 (before any result), 布置
 * to classes with a due time, and the ways to the 听写卡 and 批改与正确率.
 */
export function WordExerciseQuestionPage() {
  const call = useApiCall();
  const { list, load } = useExercises();
  const [id, setId] = useChosenId();
  const [editing, setEditing] = useState<WordExerciseDetail | 'new' | null>(null);
  const [chosen, setChosen] = useState<WordExerciseDetail | null>(null);
  const [removing, setRemoving] = useState<WordExerciseSummary | null>(null);

  useEffect(() => {
    if (id === null) return setChosen(null);
    void call(W.wordExerciseDetail, { id }).then((r) => setChosen(r.ok ? r.data : null));
  }, [call, id]);

  async function edit(x: WordExerciseSummary) {
    const r = await call(W.wordExerciseDetail, { id: x.id });
    if (r.ok) setEditing(r.data);
  }
  async function remove() {
    if (!removing) return;
    const r = await call(W.wordExerciseRemove, { id: removing.id });
    if (r.ok && id === removing.id) setId(null);
    setRemoving(null);
    if (r.ok) void load();
  }

  return (
    <PageBox aria-labelledby="word-question-title">
      <h1 id="word-question-title">字词练习</h1>
      <WordTabs id={id} />
      <Toolbar>
        <Note>
          建立字词表（语文字词、英语单词），布置给班级，打印听写卡，在屏幕上标出每个学生写错的字词。
        </Note>
        <Button type="primary" onClick={() => setEditing('new')}>
          新建字词练习
        </Button>
      </Toolbar>
      {editing && (
        <ExerciseForm
          key={editing === 'new' ? 'new' : editing.id}
          exercise={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(x) => {
            setEditing(null);
            setChosen(x);
            setId(x.id);
            void load();
          }}
        />
      )}
      <ListTable
        label="字词练习列表"
        rows={list}
        empty="还没有字词练习"
        headers={['练习名称', '年级', '科目', '字词数', '布置班级', '已批改', '更新时间', '操作']}
      >
        {(x) => (
          <tr key={x.id}>
            <td>{x.name}</td>
            <td>{x.gradeName}</td>
            <td>{x.subjectName}</td>
            <td>{x.wordCount}</td>
            <td>{x.classes.map((c) => c.className).join('、') || '未布置'}</td>
            <td>{x.marked}</td>
            <td>{formatTime(x.updatedAt)}</td>
            <td>
              <Actions>
                <RowAction text="编辑" of={x.name} onClick={() => void edit(x)} />
                <RowAction text="布置" of={x.name} onClick={() => setId(x.id)} />
                <NavLink to={`${BASE}/card?id=${x.id}`} aria-label={`听写卡 ${x.name}`}>
                  听写卡
                </NavLink>
                <NavLink to={`${BASE}/accuracy?id=${x.id}`} aria-label={`批改 ${x.name}`}>
                  批改
                </NavLink>
                {!x.locked && <RowAction text="删除" of={x.name} onClick={() => setRemoving(x)} />}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {chosen && (
        <AssignWords
          key={chosen.id}
          exercise={chosen}
          onAssigned={(x) => {
            setChosen(x);
            void load();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除字词练习"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除字词练习“{removing?.name}”吗？
      </ConfirmDialog>
    </PageBox>
  );
}

/**
 * /homework/word-exercise/card?id= (听写卡): the card laid out by the answer-sheet engine (a
 * numbered box per word) shown in the page and downloaded as a PDF, and the words to read out.
 */
export function WordExerciseCardPage() {
  const call = useApiCall();
  const { storage } = useExamkit();
  const download = useDownload();
  const { list } = useExercises();
  const [id, setId] = useChosenId();
  const [exercise, setExercise] = useState<WordExerciseDetail | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    setExercise(null);
    if (id === null) return;
    void call(W.wordExerciseDetail, { id }).then((r) => setExercise(r.ok ? r.data : null));
  }, [call, id]);

  useEffect(() => {
    let made: string | null = null;
    let stale = false;
    setUrl(null);
    setError('');
    if (id === null) return;
    void fetchImage(`${WORD_EXERCISE_CARD_URL}?id=${id}`, storage).then((r) => {
      if (!r.ok) return !stale && setError(r.message);
      made = r.url;
      if (stale) URL.revokeObjectURL(made);
      else setUrl(made);
    });
    return () => {
      stale = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, storage]);

  return (
    <PageBox aria-labelledby="word-card-title">
      <h1 id="word-card-title">字词练习 · 听写卡</h1>
      <WordTabs id={id} />
      <Toolbar>
        <ExercisePicker list={list} id={id} onChange={setId} />
        {exercise && (
          <Button
            type="primary"
            onClick={() =>
              void download(WORD_EXERCISE_CARD_URL, `${exercise.name}-听写卡.pdf`, {
                id: exercise.id,
              })
            }
          >
            下载听写卡
          </Button>
        )}
      </Toolbar>
      {id === null && <Note>请选择一份字词练习。</Note>}
      {exercise && (
        <ListTable
          label="报听写字词"
          rows={exercise.words}
          headers={['序号', '字词', readingLabelOf(exercise.subjectName), '释义']}
        >
          {(w) => (
            <tr key={w.position}>
              <td>{w.position}</td>
              <td>{w.word}</td>
              <td>{w.reading}</td>
              <td>{w.meaning}</td>
            </tr>
          )}
        </ListTable>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {id !== null && !error && !url && <Note role="status">正在生成听写卡…</Note>}
      {url && <Frame src={url} title="听写卡" />}
    </PageBox>
  );
}

/** Numbers typed as `2 5 7` (also commas): the wrong words; null when something is not one. */
export function parsePositions(text: string, count: number): number[] | null {
  const parts = text.split(/[\s,，、]+/).filter((p) => p !== '');
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > count) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
}

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
  const [classId, setClassId] = useState<number | null>(null);
  const [exercise, setExercise] = useState<WordExerciseDetail | null>(null);
  const [students, setStudents] = useState<WordMarkStudent[] | null>(null);
  const [accuracy, setAccuracy] = useState<WordAccuracy | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  useEffect(() => {
    setExercise(null);
    setClassId(null);
    if (id === null) return;
    void call(W.wordExerciseDetail, { id }).then((r) => setExercise(r.ok ? r.data : null));
  }, [call, id]);

  const loadAccuracy = useCallback(async () => {
    if (id === null) return;
    const r = await call(W.wordExerciseAccuracy, { id, classId });
    setAccuracy(r.ok ? r.data : null);
  }, [call, id, classId]);

  useEffect(() => {
    setStudents(null);
    setAccuracy(null);
    if (id === null) return;
    void call(W.wordExerciseMarks, { id, classId }).then((r) => setStudents(r.ok ? r.data : []));
    void loadAccuracy();
  }, [call, id, classId, loadAccuracy]);

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

  return (
    <PageBox aria-labelledby="word-accuracy-title">
      <h1 id="word-accuracy-title">字词练习 · 批改与正确率</h1>
      <WordTabs id={id} />
      <Toolbar>
        <ExercisePicker list={list} id={id} onChange={setId} />
        {exercise && exercise.classes.length > 1 && (
          <FormField label="班级">
            <Select
              value={classId ?? ''}
              placeholder="全部班级"
              options={exercise.classes.map((c) => ({ value: c.classId, label: c.className }))}
              onChange={(e) => setClassId(Number(e.target.value) || null)}
            />
          </FormField>
        )}
      </Toolbar>
      {id === null && <Note>请选择一份字词练习。</Note>}
      {exercise && exercise.classes.length === 0 && (
        <Note>这份字词练习还没有布置给您的班级，请先在字词列表中布置。</Note>
      )}
      {exercise && exercise.classes.length > 0 && (
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
      {accuracy && exercise && exercise.classes.length > 0 && (
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
                <td>{w.position}</td>
                <td>{w.word}</td>
                <td>{w.reading}</td>
                <td>{w.meaning}</td>
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

/**
 * /homework/word-exercise/detail (学生详情): a class's students over the word lists assigned to
 * it, each list's wrong count; one student's words right and wrong list by list.
 */
export function WordExerciseDetailPage() {
  const call = useApiCall();
  const options = useHomeworkOptions();
  const [classId, setClassId] = useState<number | null>(null);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [data, setData] = useState<WordStudentDetail | null>(null);
  const [students, setStudents] = useState<WordStudentDetail['students']>([]);
  const [error, setError] = useState('');

  const classes = useMemo(() => {
    const seen = new Map<number, string>();
    for (const o of options ?? [])
      if ((WORD_EXERCISE_SUBJECTS as readonly string[]).includes(o.subjectName))
        for (const t of o.targets) if (t.kind === 'class') seen.set(t.id, t.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [options]);

  useEffect(() => {
    setData(null);
    setError('');
    if (classId === null) return;
    void call(
      W.wordExerciseStudentDetail,
      { classId, studentId, subjectId: null },
      {
        errorMessage: false,
      },
    ).then((r) => {
      if (!r.ok) return setError(r.message);
      setData(r.data);
      if (studentId === null) setStudents(r.data.students);
    });
  }, [call, classId, studentId]);

  const one = studentId !== null ? data?.students[0] : undefined;

  return (
    <PageBox aria-labelledby="word-detail-title">
      <h1 id="word-detail-title">字词练习 · 学生详情</h1>
      <WordTabs id={null} />
      <Toolbar>
        <FormField label="班级">
          <Select
            value={classId ?? ''}
            placeholder="请选择班级"
            options={classes}
            onChange={(e) => {
              setStudentId(null);
              setClassId(Number(e.target.value) || null);
            }}
          />
        </FormField>
        <FormField label="学生">
          <Select
            value={studentId ?? ''}
            placeholder="全部学生"
            options={students.map((s) => ({
              value: s.studentId,
              label: `${s.name}（${s.studentNo}）`,
            }))}
            onChange={(e) => setStudentId(Number(e.target.value) || null)}
          />
        </FormField>
      </Toolbar>
      {options && classes.length === 0 && <Note>您没有任教语文或英语的班级。</Note>}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {data && data.exercises.length === 0 && <Note>这个班级还没有布置字词练习。</Note>}
      {data && data.exercises.length > 0 && studentId === null && (
        <ListTable
          label="学生字词情况"
          rows={data.students}
          headers={['学号', '姓名', ...data.exercises.map((e) => e.name), '正确率']}
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
