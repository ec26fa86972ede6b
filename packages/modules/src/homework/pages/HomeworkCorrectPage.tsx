import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkSubmissionRoutes as r,
  type CorrectionOverview,
  type SubmissionDetail,
} from '@examkit/contracts';
import {
  ANNOTATION_KIND_LABELS,
  ANNOTATION_KINDS,
  type AnnotationKind,
} from '@examkit/contracts/rules';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { styled } from 'styled-components';
import { fetchImage } from '../../common/fetchImage';
import { ListTable } from '../../common/ListTable';
import { Actions, CheckGroup, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { ScorePanel, type ScorePanelHandle } from '../../marking/components/ScorePanel';
import { useMarkingShortcuts } from '../../marking/hooks/useMarkingShortcuts';
import { formatPoints } from '../../marking/utils/scoring';
import { AnnotatedImage } from '../components/AnnotatedImage';
import { SubmissionStatus } from '../components/SubmissionStatus';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr);
  gap: 16px;
  align-items: start;
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

type Rubric = CorrectionOverview['rubric'][number];

/** The rubric of one question: apply items to the current answer, add and change items. */
function RubricPanel({
  items,
  applied,
  disabled,
  onApply,
  onSave,
}: {
  items: readonly Rubric[];
  applied: readonly number[];
  disabled: boolean;
  onApply(ids: number[]): void;
  onSave(item: { itemId?: number; label: string; points: number }): void;
}) {
  const [chosen, setChosen] = useState<number[]>([...applied]);
  const [label, setLabel] = useState('');
  const [points, setPoints] = useState('');
  const [edits, setEdits] = useState<Record<number, string>>({});
  useEffect(() => setChosen([...applied]), [applied]);
  return (
    <section aria-labelledby="rubric-title">
      <h2 id="rubric-title">评分项</h2>
      <Note>得分 = 满分 + 所选评分项分值；修改评分项会重新计算所有用过它的作业。</Note>
      <CheckGroup>
        <legend>本题评分项</legend>
        {items.length === 0 && <p>还没有评分项</p>}
        {items.map((i) => (
          <Actions key={i.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(i.id)}
                disabled={disabled}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, i.id] : c.filter((x) => x !== i.id)))
                }
              />
              {i.label}（{i.points > 0 ? '+' : ''}
              {formatPoints(i.points)} 分，已用 {i.usedBy} 次）
            </label>
            <FormField label={`修改分值：${i.label}`}>
              <TextInput
                inputMode="decimal"
                value={edits[i.id] ?? String(i.points)}
                onChange={(e) => setEdits((x) => ({ ...x, [i.id]: e.target.value }))}
              />
            </FormField>
            <Button
              size="small"
              aria-label={`保存评分项：${i.label}`}
              onClick={() =>
                onSave({ itemId: i.id, label: i.label, points: Number(edits[i.id] ?? i.points) })
              }
            >
              保存
            </Button>
          </Actions>
        ))}
      </CheckGroup>
      <Button disabled={disabled} onClick={() => onApply(chosen)}>
        按评分项给分
      </Button>
      <Toolbar>
        <FormField label="评分项名称">
          <TextInput value={label} onChange={(e) => setLabel(e.target.value)} />
        </FormField>
        <FormField label="分值">
          <TextInput
            inputMode="decimal"
            value={points}
            placeholder="如 -2"
            onChange={(e) => setPoints(e.target.value)}
          />
        </FormField>
        <Button
          disabled={label.trim() === '' || points === '' || Number.isNaN(Number(points))}
          onClick={() => {
            onSave({ label, points: Number(points) });
            setLabel('');
            setPoints('');
          }}
        >
          添加评分项
        </Button>
      </Toolbar>
    </section>
  );
}

/**
 * /homework/correct?id=: the correction screen of a homework, built from the marking screen's
 * score panel and keys. A teacher sees the hand-ins of their own classes, scores a question by
 * keyboard (Enter saves and shows the next hand-in) or by rubric, and draws marks on the image.
 */
export function HomeworkCorrectPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const { storage, notifier } = useExamkit();
  const [overview, setOverview] = useState<CorrectionOverview | null>(null);
  const [questionNo, setQuestionNo] = useState<number | null>(null);
  const [current, setCurrent] = useState<SubmissionDetail | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [tool, setTool] = useState<AnnotationKind>('tick');
  const [note, setNote] = useState('');
  const panel = useRef<ScorePanelHandle>(null);

  const load = useCallback(async () => {
    if (!id) return;
    const o = await call(r.correctOverview, { id });
    if (!o.ok) return;
    setOverview(o.data);
    setQuestionNo(
      (n) =>
        n ??
        (o.data.questions.find((q) => q.type === 'subjective') ?? o.data.questions[0])?.no ??
        null,
    );
  }, [call, id]);
  useEffect(() => void load(), [load]);

  const open = useCallback(
    async (submissionId: number) => {
      const d = await call(r.submission, { submissionId });
      if (d.ok) setCurrent(d.data);
    },
    [call],
  );

  // The current question's image of the current hand-in.
  useEffect(() => {
    setImage(null);
    if (!current || questionNo === null) return;
    const answer = current.answers.find((a) => a.questionNo === questionNo);
    if (!answer?.hasImage) return;
    let url: string | null = null;
    let stale = false;
    void fetchImage(
      `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${current.id}&questionNo=${questionNo}`,
      storage,
    ).then((x) => {
      if (!x.ok) return notifier.message('error', x.message);
      url = x.url;
      if (stale) URL.revokeObjectURL(url);
      else setImage(url);
    });
    return () => {
      stale = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [current?.id, questionNo, storage, notifier]); // eslint-disable-line react-hooks/exhaustive-deps

  useMarkingShortcuts(
    () => false,
    (key) => panel.current?.type(key),
  );

  if (!id)
    return (
      <PageBox aria-labelledby="correct-title">
        <h1 id="correct-title">作业批改</h1>
        <Note>
          请在<Link to="/homework/school-base">校本作业</Link>列表中选择已布置的作业，点击“批改”。
        </Note>
      </PageBox>
    );

  const question = overview?.questions.find((q) => q.no === questionNo) ?? null;
  const answer = current?.answers.find((a) => a.questionNo === questionNo) ?? null;
  const handedIn = overview?.students.filter((s) => s.submissionId !== null) ?? [];

  /**
   * After a score: the next hand-in in the list, from the current one on. A score changes no
   * one's place in the list, so the next hand-in opens while the list reloads, not after it
   * (bench/homework-correct.mjs).
   */
  const next = async (detail: SubmissionDetail) => {
    const at = handedIn.findIndex((s) => s.submissionId === detail.id);
    const following = handedIn[at + 1];
    if (following?.submissionId) await Promise.all([load(), open(following.submissionId)]);
    else {
      await load();
      setCurrent(detail);
      notifier.message('success', '已是最后一份作业');
    }
  };

  const score = async (value: number) => {
    if (!current || questionNo === null) return;
    const d = await call(r.score, { submissionId: current.id, questionNo, score: value });
    if (d.ok) await next(d.data);
  };

  const annotate = async (x: number, y: number) => {
    if (!current || questionNo === null) return;
    if (tool === 'text' && note.trim() === '') {
      notifier.message('error', '请先输入批注文字');
      return;
    }
    const a = await call(r.annotate, {
      submissionId: current.id,
      questionNo,
      kind: tool,
      x,
      y,
      size: 0.04,
      ...(tool === 'text' ? { text: note } : {}),
    });
    if (a.ok) setCurrent({ ...current, annotations: a.data });
  };

  const marks = current?.annotations.filter((a) => a.questionNo === questionNo) ?? [];

  return (
    <PageBox aria-labelledby="correct-title">
      <h1 id="correct-title">作业批改{overview ? ` · ${overview.name}` : ''}</h1>
      <Toolbar>
        <FormField label="题目">
          <Select
            value={questionNo ?? ''}
            options={(overview?.questions ?? []).map((q) => ({
              value: q.no,
              label: `第 ${q.label} 题（${q.type === 'subjective' ? '主观题' : '客观题'}，${formatPoints(q.fullMarks)} 分）`,
            }))}
            onChange={(e) => setQuestionNo(Number(e.target.value))}
          />
        </FormField>
        <Link to={`/homework/school-base/${id}/scan`}>上传扫描</Link>
      </Toolbar>
      <Layout>
        <div>
          {current && question ? (
            <section aria-labelledby="current-title">
              <h2 id="current-title">
                {current.className} {current.studentName} · 第 {question.label} 题
              </h2>
              <p>
                作业状态：
                <SubmissionStatus status={current.status} />
                {current.score !== null && `，总分 ${formatPoints(current.score)} 分`}
                {answer?.judgement && (
                  <>
                    ，本题：
                    <SubmissionStatus status={answer.judgement} /> {formatPoints(answer.score ?? 0)}{' '}
                    分
                  </>
                )}
                {answer?.answer !== null &&
                  answer?.answer !== undefined &&
                  `，作答：${answer.answer || '未作答'}`}
              </p>
              <CheckGroup>
                <legend>批注工具（选择后点击图片）</legend>
                {ANNOTATION_KINDS.map((k) => (
                  <label key={k}>
                    <input
                      type="radio"
                      name="annotation-tool"
                      checked={tool === k}
                      onChange={() => setTool(k)}
                    />
                    {ANNOTATION_KIND_LABELS[k]}
                  </label>
                ))}
                {tool === 'text' && (
                  <FormField label="批注文字">
                    <TextInput
                      value={note}
                      maxLength={60}
                      onChange={(e) => setNote(e.target.value)}
                    />
                  </FormField>
                )}
              </CheckGroup>
              {image ? (
                <AnnotatedImage
                  src={image}
                  alt={`${current.studentName}第 ${question.label} 题作答`}
                  annotations={marks}
                  onPlace={(x, y) => void annotate(x, y)}
                />
              ) : (
                <Note>{answer?.hasImage ? '图片加载中…' : '这份作业没有本题的扫描图像'}</Note>
              )}
              {marks.length > 0 && (
                <ul aria-label="本题批注">
                  {marks.map((m) => (
                    <li key={m.id}>
                      {ANNOTATION_KIND_LABELS[m.kind]}
                      {m.text ? `：${m.text}` : ''}{' '}
                      <Button
                        size="small"
                        aria-label={`删除批注：${ANNOTATION_KIND_LABELS[m.kind]}${m.text ?? ''}`}
                        onClick={() =>
                          void call(r.removeAnnotation, { annotationId: m.id }).then(
                            (x) => x.ok && setCurrent({ ...current, annotations: x.data }),
                          )
                        }
                      >
                        删除
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <Note>在右侧名单中点击“批改”开始批改。</Note>
          )}
        </div>
        <Side>
          {current && question && (
            <ScorePanel
              ref={panel}
              questions={[{ label: `第 ${question.label} 题`, full: question.fullMarks }]}
              step={0.5}
              paperKey={`${current.id}-${question.no}`}
              initial={answer?.score === null || !answer ? undefined : [answer.score]}
              submitLabel="保存并下一份"
              onSubmit={([v]) => void score(v!)}
            />
          )}
          {current && question?.type === 'subjective' && overview && (
            <RubricPanel
              items={overview.rubric.filter((i) => i.questionNo === question.no)}
              applied={answer?.rubricItemIds ?? []}
              disabled={false}
              onApply={(ids) =>
                void call(r.applyRubric, {
                  submissionId: current.id,
                  questionNo: question.no,
                  rubricItemIds: ids,
                }).then(async (x) => {
                  if (x.ok) {
                    setCurrent(x.data);
                    await load();
                  }
                })
              }
              onSave={(item) =>
                void call(r.saveRubricItem, { id, questionNo: question.no, ...item }).then(
                  async (x) => {
                    if (!x.ok) return;
                    if (x.data.rescored > 0)
                      notifier.message('success', `已重新计算 ${x.data.rescored} 份作业`);
                    await load();
                    await open(current.id);
                  },
                )
              }
            />
          )}
          <ListTable
            label="学生名单"
            rows={overview?.students ?? null}
            headers={['学号', '姓名', '状态', '得分', '操作']}
          >
            {(s) => (
              <tr
                key={s.studentId}
                aria-current={s.submissionId === current?.id ? 'true' : undefined}
              >
                <td>{s.studentNo}</td>
                <td>
                  {s.className} {s.name}
                </td>
                <td>
                  <SubmissionStatus status={s.status} />
                </td>
                <td>{s.score === null ? '—' : formatPoints(s.score)}</td>
                <td>
                  {s.submissionId !== null ? (
                    <Button
                      size="small"
                      aria-label={`批改：${s.name}`}
                      onClick={() => void open(s.submissionId!)}
                    >
                      批改
                    </Button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            )}
          </ListTable>
        </Side>
      </Layout>
    </PageBox>
  );
}
