import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMPOSITION_DIMENSION_LABELS,
  COMPOSITION_DIMENSIONS,
  homeworkCompositionRoutes as c,
  type CompositionDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { styled } from 'styled-components';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
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

const Comment = styled.textarea`
  width: 100%;
  min-height: 80px;
  font: inherit;
`;

const ESSAY = 1;

/**
 * /homework/composition/correct?id=: essays corrected by the rubric. The marking screen's score
 * panel takes one score per part (内容, 结构, 语言, 书写; digits anywhere, Enter moves on, Enter on
 * the last part saves and opens the next essay); the 评语 and 范文 are set before the scores.
 * AI批改建议 fills the scores and the 评语 from the school's model for the teacher to check; only
 * 保存 stores them.
 */
export function CompositionCorrectPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const { notifier } = useExamkit();
  const commentId = useId();
  const { call, overview, load: loadOverview, current, open: openHandIn } = useCorrection(id);
  const [composition, setComposition] = useState<CompositionDetail | null>(null);
  const [initial, setInitial] = useState<number[] | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [exemplary, setExemplary] = useState(false);
  const panel = useKeyedScorePanel();
  /** Bumped when a suggestion fills the panel, so it takes the new values. */
  const [filled, setFilled] = useState(0);
  const [asking, setAsking] = useState(false);
  const [aiNote, setAiNote] = useState<{ error: boolean; text: string } | null>(null);
  const aiNoteId = useId();
  const currentId = useRef<number | null>(null);
  currentId.current = current?.id ?? null;

  const loadComposition = useCallback(async () => {
    if (!id) return;
    const a = await call(c.compositionDetail, { id });
    if (a.ok) setComposition(a.data);
  }, [call, id]);
  useEffect(() => void loadComposition(), [loadComposition]);
  const load = () => Promise.all([loadComposition(), loadOverview()]);

  /** A hand-in with its review: the scores, 评语 and 范文 set before. */
  const open = useCallback(
    async (submissionId: number) => {
      const v = await call(c.compositionReview, { submissionId });
      if (!v.ok) return;
      setInitial(v.data ? COMPOSITION_DIMENSIONS.map((k) => v.data!.scores[k]) : undefined);
      setComment(v.data?.comment ?? '');
      setExemplary(v.data?.exemplary ?? false);
      setAiNote(null);
      await openHandIn(submissionId);
    },
    [call, openHandIn],
  );

  if (!id)
    return (
      <CorrectionStart
        titleId="composition-correct-title"
        title="作文批改"
        list={{ to: '/homework/composition', label: '作文作业' }}
        noun="作文"
      />
    );

  /** Fills the form with the model's suggestion for the essay still open when it arrives. */
  const suggest = async () => {
    if (!current) return;
    const submissionId = current.id;
    setAsking(true);
    setAiNote(null);
    const x = await call(c.compositionSuggest, { submissionId }, { errorMessage: false });
    setAsking(false);
    if (currentId.current !== submissionId) return;
    if (!x.ok) return setAiNote({ error: true, text: x.message });
    setInitial(COMPOSITION_DIMENSIONS.map((k) => x.data.scores[k]));
    setComment(x.data.comment);
    setFilled((n) => n + 1);
    setAiNote({ error: false, text: '已填入AI批改建议，请核对后保存' });
  };

  const save = async (values: number[]) => {
    if (!current) return;
    const [content, structure, language, writing] = values as [number, number, number, number];
    const x = await call(c.compositionCorrect, {
      submissionId: current.id,
      scores: { content, structure, language, writing },
      comment,
      exemplary,
    });
    if (!x.ok) return;
    notifier.message('success', `已保存：${current.studentName} ${formatPoints(x.data.total)} 分`);
    await load();
    const following = nextHandIn(overview, current.id);
    if (following) await open(following);
    else {
      await open(current.id);
      notifier.message('success', '已是最后一篇作文');
    }
  };

  return (
    <PageBox aria-labelledby="composition-correct-title">
      <h1 id="composition-correct-title">作文批改{composition ? ` · ${composition.name}` : ''}</h1>
      {composition && (
        <Note>
          {composition.genre}，不少于 {composition.minWords} 字。{composition.prompt}
        </Note>
      )}
      <Toolbar>
        <Link to={`/homework/composition/${id}/scan`}>上传扫描</Link>
        <Link to={`/homework/composition/${id}/report/basic`}>作文报告</Link>
      </Toolbar>
      <CorrectionLayout $side={300}>
        <div>
          {current ? (
            <section aria-labelledby="essay-title">
              <h2 id="essay-title">
                {current.className} {current.studentName} 的作文
              </h2>
              <p>
                状态：
                <SubmissionStatus status={current.status} />
                {current.score !== null && `，得分 ${formatPoints(current.score)} 分`}
              </p>
              <AnswerImages
                submission={current}
                questionNo={ESSAY}
                alt={`${current.studentName}的作文`}
                annotations={current.annotations.filter((a) => a.questionNo === ESSAY)}
                onPlace={() => undefined}
                empty="这篇作文没有扫描图像"
              />
            </section>
          ) : (
            <Note>在右侧名单中点击“批改”开始批改。</Note>
          )}
        </div>
        <CorrectionSide>
          {current && composition && (
            <section aria-labelledby="review-title">
              <h2 id="review-title">评分</h2>
              <Toolbar>
                <Button
                  loading={asking}
                  disabled={composition.aiSuggestion !== null}
                  aria-describedby={aiNoteId}
                  onClick={() => void suggest()}
                >
                  AI批改建议
                </Button>
              </Toolbar>
              {composition.aiSuggestion !== null ? (
                <Note id={aiNoteId}>{composition.aiSuggestion}</Note>
              ) : aiNote?.error ? (
                <ErrorText id={aiNoteId} role="alert">
                  {aiNote.text}
                </ErrorText>
              ) : (
                <Note id={aiNoteId} role="status">
                  {aiNote?.text ?? 'AI 阅读作文图像给出各项得分与评语的建议，核对后再保存。'}
                </Note>
              )}
              <label htmlFor={commentId}>评语</label>
              <Comment
                id={commentId}
                value={comment}
                maxLength={500}
                onChange={(e) => setComment(e.target.value)}
              />
              <label>
                <input
                  type="checkbox"
                  checked={exemplary}
                  onChange={(e) => setExemplary(e.target.checked)}
                />
                设为范文
              </label>
              <Note>先写评语，再逐项打分：回车到下一项，最后一项回车保存并打开下一篇。</Note>
              <ScorePanel
                ref={panel}
                questions={COMPOSITION_DIMENSIONS.map((k) => ({
                  label: COMPOSITION_DIMENSION_LABELS[k],
                  full: composition.rubric[k],
                }))}
                step={0.5}
                paperKey={`${current.id}:${filled}`}
                initial={initial}
                submitLabel="保存并下一篇"
                onSubmit={(values) => void save(values)}
              />
            </section>
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
