import { useEffect, useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import {
  homeworkWordExerciseRoutes as W,
  readingLabelOf,
  WORD_EXERCISE_SUBJECTS,
  WORD_LIMITS,
  type WordExerciseDetail,
  type WordExerciseSummary,
  type WordInput,
} from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { Actions, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { TargetChecks, chosenIds, defaultDue } from '../components/AssignPanel';
import { formatTime, useHomeworkOptions } from '../useHomeworkOptions';
import { BASE, WordsBox, WordTabs, useExercises, useChosenId, parseWordLines } from './wordShared';
import { FormSubmit } from '../../common/FormSubmit';
import { NameGradeSubjectCells } from '../components/rowCells';

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
      <FormSubmit error={error} busy={saving} label="保存字词练习" onSubmit={save}>
        <Button onClick={onCancel}>取消</Button>
      </FormSubmit>
    </section>
  );
}

/** 布置: the caller's classes and teaching classes of the grade × subject, a due time. */
function AssignWords({
  exercise,
  onAssigned,
}: {
  exercise: WordExerciseDetail;
  onAssigned(next: WordExerciseDetail): void;
}) {
  const call = useApiCall();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [due, setDue] = useState(() => defaultDue(new Date()));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function assign() {
    setError('');
    if (chosen.size === 0) return setError('请选择班级或教学班');
    const dueAt = new Date(due).getTime();
    if (!Number.isFinite(dueAt)) return setError('请选择截止时间');
    setBusy(true);
    const r = await call(
      W.wordExerciseAssign,
      {
        id: exercise.id,
        classIds: chosenIds(chosen, 'class'),
        teachingClassIds: chosenIds(chosen, 'teachingClass'),
        dueAt,
      },
      { errorMessage: false },
    );
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setChosen(new Set());
    onAssigned(r.data);
  }

  const targets = [
    ...exercise.targets.map((t) => ({ kind: 'class' as const, ...t })),
    ...exercise.teachingTargets.map((t) => ({ kind: 'teachingClass' as const, ...t })),
  ];
  const assignedTo = [
    ...exercise.classes.map((c) => ({ name: c.className, dueAt: c.dueAt })),
    ...exercise.teachingClasses.map((c) => ({ name: `${c.name}（教学班）`, dueAt: c.dueAt })),
  ];

  return (
    <section aria-labelledby="word-assign-title">
      <h2 id="word-assign-title">布置 · {exercise.name}</h2>
      {assignedTo.length > 0 && (
        <Note>
          已布置：
          {assignedTo.map((c) => `${c.name}（截止 ${formatTime(c.dueAt)}）`).join('、')}
        </Note>
      )}
      {targets.length === 0 ? (
        <Note>您在这个年级没有可以布置的班级。</Note>
      ) : (
        <TargetChecks legend="布置班级" targets={targets} chosen={chosen} onChange={setChosen} />
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
          建立字词表（语文字词、英语单词），布置给班级，打印听写卡，在屏幕上标出每个学生写错的字词，或扫描老师涂过“×”的听写卡。
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
            <NameGradeSubjectCells row={x} />
            <td>{x.wordCount}</td>
            <td>
              {[
                ...x.classes.map((c) => c.className),
                ...x.teachingClasses.map((c) => `${c.name}（教学班）`),
              ].join('、') || '未布置'}
            </td>
            <td>{x.marked}</td>
            <td>{formatTime(x.updatedAt)}</td>
            <td>
              <Actions>
                <RowAction text="编辑" of={x.name} onClick={() => void edit(x)} />
                <RowAction text="布置" of={x.name} onClick={() => setId(x.id)} />
                <NavLink to={`${BASE}/card?id=${x.id}`} aria-label={`听写卡 ${x.name}`}>
                  听写卡
                </NavLink>
                {x.classes.length > 0 && (
                  <NavLink to={`${BASE}/${x.id}/scan`} aria-label={`扫描 ${x.name}`}>
                    扫描
                  </NavLink>
                )}
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
