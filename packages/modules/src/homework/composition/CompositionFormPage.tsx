import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  COMPOSITION_DIMENSION_LABELS,
  COMPOSITION_DIMENSIONS,
  COMPOSITION_GENRES,
  DEFAULT_COMPOSITION_RUBRIC,
  HOMEWORK_SHEET_URL,
  HOMEWORK_STATE_LABELS,
  homeworkCompositionRoutes as r,
  homeworkRoutes,
  type CompositionDetail,
  type CompositionDimension,
  type HomeworkDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { styled } from 'styled-components';
import { Actions, CheckGroup, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { AssignPanel, MinutesField } from '../components/AssignPanel';
import { readHomeworkHeader } from '../headerStore';
import { useHomeworkOptions } from '../useHomeworkOptions';
import { GradeSubjectFields } from '../components/GradeSubjectFields';
import { FormSubmit } from '../../common/FormSubmit';

const Prompt = styled.textarea`
  width: 100%;
  min-height: 96px;
  font: inherit;
`;

interface Draft {
  name: string;
  prompt: string;
  genre: string;
  minWords: string;
  rubric: Record<CompositionDimension, string>;
}

const draftOf = (c: CompositionDetail | null): Draft => ({
  name: c?.name ?? '',
  prompt: c?.prompt ?? '',
  genre: c?.genre ?? '记叙文',
  minWords: String(c?.minWords ?? 600),
  rubric: Object.fromEntries(
    COMPOSITION_DIMENSIONS.map((d) => [d, String(c?.rubric[d] ?? DEFAULT_COMPOSITION_RUBRIC[d])]),
  ) as Record<CompositionDimension, string>,
});

const whole = (v: string, max: number) => /^\d+$/.test(v) && Number(v) <= max;

/** What the form sends, or the first thing wrong with it. */
function checked(d: Draft) {
  if (!d.name.trim()) return '请填写作文名称';
  if (!d.prompt.trim()) return '请填写作文要求';
  if (!whole(d.minWords, 5000)) return '字数要求应为 0 到 5000 的整数';
  for (const k of COMPOSITION_DIMENSIONS)
    if (!whole(d.rubric[k], 100))
      return `${COMPOSITION_DIMENSION_LABELS[k]}满分应为 0 到 100 的整数`;
  const rubric = Object.fromEntries(
    COMPOSITION_DIMENSIONS.map((k) => [k, Number(d.rubric[k])]),
  ) as Record<CompositionDimension, number>;
  if (COMPOSITION_DIMENSIONS.every((k) => rubric[k] === 0)) return '评分标准的总分必须大于 0';
  return {
    name: d.name.trim(),
    prompt: d.prompt.trim(),
    genre: d.genre as (typeof COMPOSITION_GENRES)[number],
    minWords: Number(d.minWords),
    rubric,
  };
}

/** The fields a composition is made and edited with: name, 要求, 文体, 字数, the rubric. */
function CompositionFields({
  draft,
  onChange,
  rubricLocked,
}: {
  draft: Draft;
  onChange(next: Draft): void;
  rubricLocked: boolean;
}) {
  const promptId = useId();
  const total = COMPOSITION_DIMENSIONS.reduce((s, k) => s + (Number(draft.rubric[k]) || 0), 0);
  return (
    <>
      <FormField label="作文名称" required>
        <TextInput
          value={draft.name}
          maxLength={60}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </FormField>
      <label htmlFor={promptId}>作文要求（题目、材料与写作要求）</label>
      <Prompt
        id={promptId}
        value={draft.prompt}
        maxLength={2000}
        onChange={(e) => onChange({ ...draft, prompt: e.target.value })}
      />
      <Toolbar>
        <FormField label="文体">
          <Select
            value={draft.genre}
            options={COMPOSITION_GENRES.map((g) => ({ value: g, label: g }))}
            onChange={(e) => onChange({ ...draft, genre: e.target.value })}
          />
        </FormField>
        <FormField label="字数要求（不少于）">
          <TextInput
            type="number"
            min={0}
            max={5000}
            value={draft.minWords}
            onChange={(e) => onChange({ ...draft, minWords: e.target.value })}
          />
        </FormField>
      </Toolbar>
      <CheckGroup>
        <legend>评分标准（总分 {total} 分）</legend>
        {rubricLocked && <Note>作文已布置，评分标准不能再修改。</Note>}
        <Toolbar>
          {COMPOSITION_DIMENSIONS.map((k) => (
            <FormField key={k} label={`${COMPOSITION_DIMENSION_LABELS[k]}满分`}>
              <TextInput
                type="number"
                min={0}
                max={100}
                disabled={rubricLocked}
                value={draft.rubric[k]}
                onChange={(e) =>
                  onChange({ ...draft, rubric: { ...draft.rubric, [k]: e.target.value } })
                }
              />
            </FormField>
          ))}
        </Toolbar>
      </CheckGroup>
    </>
  );
}

/** /homework/composition/create: a new composition (待布置), then edit opens to assign it. */
export function CompositionCreatePage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { storage } = useExamkit();
  const options = useHomeworkOptions();
  const [header] = useState(() => readHomeworkHeader(storage));
  const [gradeId, setGradeId] = useState<number | null>(header.gradeId);
  const [subjectId, setSubjectId] = useState<number | null>(header.subjectId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [minutes, setMinutes] = useState('40');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // One key per form: a retried create answers the composition the first one made.
  const [key] = useState(() => crypto.randomUUID());

  async function submit() {
    const body = checked(draft);
    if (typeof body === 'string') return setError(body);
    if (!gradeId || !subjectId) return setError('请选择年级和科目');
    if (!whole(minutes, 240) || Number(minutes) < 1) return setError('预计用时应为 1 到 240 分钟');
    setSaving(true);
    const x = await call(
      r.compositionCreate,
      {
        ...body,
        gradeId,
        subjectId,
        estimatedMinutes: Number(minutes),
        idempotencyKey: key,
      },
      { loading: true, errorMessage: false },
    );
    setSaving(false);
    if (!x.ok) return setError(x.message);
    void navigate(`/homework/composition/edit?id=${x.data.id}`);
  }

  return (
    <PageBox aria-labelledby="composition-create-title">
      <h1 id="composition-create-title">布置作文</h1>
      <Note>
        作文是只有一道作文题的作业：按评分标准（内容、结构、语言、书写）逐项给分，总分为各项之和。
      </Note>
      <Toolbar>
        <GradeSubjectFields
          options={options}
          gradeId={gradeId}
          subjectId={subjectId}
          onGrade={setGradeId}
          onSubject={setSubjectId}
        />
        <MinutesField value={minutes} onChange={setMinutes} />
      </Toolbar>
      <CompositionFields draft={draft} onChange={setDraft} rubricLocked={false} />
      <FormSubmit error={error} busy={saving} label="创建作文" onSubmit={submit}>
        <Link to="/homework/composition">返回作文作业</Link>
      </FormSubmit>
    </PageBox>
  );
}

/**
 * /homework/composition/edit?id=: a composition's 要求 and rubric (the rubric only until it is
 * assigned), 打印答题卡, and 布置 to classes through the homework's assign panel.
 */
export function CompositionEditPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const download = useDownload();
  const options = useHomeworkOptions();
  const [composition, setComposition] = useState<CompositionDetail | null>(null);
  const [homework, setHomework] = useState<HomeworkDetail | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  useEffect(() => {
    if (!id) return;
    void Promise.all([
      call(r.compositionDetail, { id }),
      call(homeworkRoutes.homeworkDetail, { id }),
    ]).then(([c, h]) => {
      if (c.ok) {
        setComposition(c.data);
        setDraft(draftOf(c.data));
      }
      if (h.ok) setHomework(h.data);
    });
  }, [call, id]);

  if (!id) return <PageBox aria-label="编辑作文">缺少作文编号，请从作文作业列表进入。</PageBox>;
  if (!composition || !homework) return null;
  const assigned = homework.state === 'assigned';
  const targets =
    options?.find((o) => o.gradeId === homework.gradeId && o.subjectId === homework.subjectId)
      ?.targets ?? [];

  async function save() {
    setSaved('');
    const body = checked(draft);
    if (typeof body === 'string') return setError(body);
    setError('');
    const x = await call(r.compositionEdit, { id, ...body }, { errorMessage: false });
    if (!x.ok) return setError(x.message);
    setComposition(x.data);
    setDraft(draftOf(x.data));
    setSaved('已保存');
  }

  return (
    <PageBox aria-labelledby="composition-edit-title">
      <h1 id="composition-edit-title">编辑作文 · {composition.name}</h1>
      <p>
        {composition.gradeName} {composition.subjectName} ·{' '}
        {HOMEWORK_STATE_LABELS[composition.state]} · 满分 {composition.fullMarks} 分
      </p>
      <CompositionFields draft={draft} onChange={setDraft} rubricLocked={assigned} />
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {saved && <Note role="status">{saved}</Note>}
      <Actions>
        <Button type="primary" onClick={() => void save()}>
          保存作文
        </Button>
        <Button
          onClick={() =>
            void download(HOMEWORK_SHEET_URL, `${composition.name}-答题卡.pdf`, { id })
          }
        >
          打印答题卡
        </Button>
        {assigned && (
          <>
            <Link to={`/homework/composition/${id}/scan`}>扫描</Link>
            <Link to={`/homework/composition/correct?id=${id}`}>批改</Link>
            <Link to={`/homework/composition/${id}/report/basic`}>报告</Link>
          </>
        )}
      </Actions>
      {homework.assignments.length > 0 && (
        <p>已布置：{homework.assignments.map((a) => a.name).join('、')}</p>
      )}
      <AssignPanel
        homework={homework}
        targets={targets}
        onAssigned={(next) => {
          setHomework(next);
          setComposition({ ...composition, state: next.state });
        }}
        {...(composition.estimatedMinutes ? { initialMinutes: composition.estimatedMinutes } : {})}
      />
      <Actions>
        <Link to="/homework/composition">返回作文作业</Link>
      </Actions>
    </PageBox>
  );
}
