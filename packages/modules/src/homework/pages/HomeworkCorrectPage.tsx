import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
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
import { Actions, CheckGroup, Note, PageBox, Toolbar } from '../../common/styled';
import { ScorePanel } from '../../marking/components/ScorePanel';
import { formatPoints } from '../../marking/utils/scoring';
import {
  AnswerImages,
  CorrectionLayout,
  CorrectionRoster,
  CorrectionSide,
  CorrectionStart,
  nextHandIn,
  useCorrection,
  useKeyedScorePanel,
} from '../components/correction';
import { SubmissionStatus } from '../components/SubmissionStatus';

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
  const { notifier } = useExamkit();
  const { call, overview, load: reload, current, setCurrent, open } = useCorrection(id);
  const [questionNo, setQuestionNo] = useState<number | null>(null);
  const [tool, setTool] = useState<AnnotationKind>('tick');
  const [note, setNote] = useState('');
  const panel = useKeyedScorePanel();

  // The first subjective question (or the first) once the overview arrives.
  useEffect(() => {
    if (overview)
      setQuestionNo(
        (n) =>
          n ??
          (overview.questions.find((q) => q.type === 'subjective') ?? overview.questions[0])?.no ??
          null,
      );
  }, [overview]);
  const load = async () => void (await reload());

  if (!id)
    return (
      <CorrectionStart
        titleId="correct-title"
        title="作业批改"
        list={{ to: '/homework/school-base', label: '校本作业' }}
        noun="作业"
      />
    );

  const question = overview?.questions.find((q) => q.no === questionNo) ?? null;
  const answer = current?.answers.find((a) => a.questionNo === questionNo) ?? null;

  /**
   * After a score: the next hand-in in the list, from the current one on. A score changes no
   * one's place in the list, so the next hand-in opens while the list reloads, not after it
   * (bench/homework-correct.mjs).
   */
  const next = async (detail: SubmissionDetail) => {
    const following = nextHandIn(overview, detail.id);
    if (following) await Promise.all([load(), open(following)]);
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
      <CorrectionLayout>
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
              {current.status === 'submitted' &&
                overview?.questions.every((q) =>
                  current.answers.some((a) => a.questionNo === q.no && a.score !== null),
                ) && (
                  // 作业设置 教师批改: scored from the key, 已批改 once a teacher saves a score.
                  <Note>各题已有得分，保存本题得分即确认批改（教师批改）。</Note>
                )}
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
              <AnswerImages
                submission={current}
                questionNo={question.no}
                alt={`${current.studentName}第 ${question.label} 题作答`}
                annotations={marks}
                onPlace={(x, y) => void annotate(x, y)}
                empty="这份作业没有本题的扫描图像"
              />
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
        <CorrectionSide>
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
          <CorrectionRoster
            overview={overview}
            currentId={current?.id}
            onOpen={(submissionId) => void open(submissionId)}
          />
        </CorrectionSide>
      </CorrectionLayout>
    </PageBox>
  );
}
