import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMPOSITION_DIMENSION_LABELS,
  COMPOSITION_DIMENSIONS,
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkCompositionRoutes as c,
  homeworkSubmissionRoutes as r,
  type CompositionDetail,
  type CorrectionOverview,
  type SubmissionDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { styled } from 'styled-components';
import { fetchImage } from '../../common/fetchImage';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { ScorePanel, type ScorePanelHandle } from '../../marking/components/ScorePanel';
import { useMarkingShortcuts } from '../../marking/hooks/useMarkingShortcuts';
import { formatPoints } from '../../marking/utils/scoring';
import { AnnotatedImage } from '../components/AnnotatedImage';
import { SubmissionStatus } from '../components/SubmissionStatus';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(300px, 1fr);
  gap: 16px;
  align-items: start;
`;
const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
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
 */
export function CompositionCorrectPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const { storage, notifier } = useExamkit();
  const commentId = useId();
  const [composition, setComposition] = useState<CompositionDetail | null>(null);
  const [overview, setOverview] = useState<CorrectionOverview | null>(null);
  const [current, setCurrent] = useState<SubmissionDetail | null>(null);
  const [initial, setInitial] = useState<number[] | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [exemplary, setExemplary] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const panel = useRef<ScorePanelHandle>(null);

  const load = useCallback(async () => {
    if (!id) return;
    const [a, b] = await Promise.all([
      call(c.compositionDetail, { id }),
      call(r.correctOverview, { id }),
    ]);
    if (a.ok) setComposition(a.data);
    if (b.ok) setOverview(b.data);
  }, [call, id]);
  useEffect(() => void load(), [load]);

  const open = useCallback(
    async (submissionId: number) => {
      const [d, v] = await Promise.all([
        call(r.submission, { submissionId }),
        call(c.compositionReview, { submissionId }),
      ]);
      if (!d.ok || !v.ok) return;
      setInitial(v.data ? COMPOSITION_DIMENSIONS.map((k) => v.data!.scores[k]) : undefined);
      setComment(v.data?.comment ?? '');
      setExemplary(v.data?.exemplary ?? false);
      setCurrent(d.data);
    },
    [call],
  );

  useEffect(() => {
    setImage(null);
    if (!current?.answers.find((a) => a.questionNo === ESSAY)?.hasImage) return;
    let url: string | null = null;
    let stale = false;
    void fetchImage(
      `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${current.id}&questionNo=${ESSAY}`,
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
  }, [current?.id, storage, notifier]); // eslint-disable-line react-hooks/exhaustive-deps

  useMarkingShortcuts(
    () => false,
    (key) => panel.current?.type(key),
  );

  if (!id)
    return (
      <PageBox aria-labelledby="composition-correct-title">
        <h1 id="composition-correct-title">作文批改</h1>
        <Note>
          请在<Link to="/homework/composition">作文作业</Link>列表中选择已布置的作文，点击“批改”。
        </Note>
      </PageBox>
    );

  const handedIn = overview?.students.filter((s) => s.submissionId !== null) ?? [];

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
    const at = handedIn.findIndex((s) => s.submissionId === current.id);
    const following = handedIn[at + 1];
    if (following?.submissionId) await open(following.submissionId);
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
      <Layout>
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
              {image ? (
                <AnnotatedImage
                  src={image}
                  alt={`${current.studentName}的作文`}
                  annotations={current.annotations.filter((a) => a.questionNo === ESSAY)}
                  onPlace={() => undefined}
                />
              ) : (
                <Note>这篇作文没有扫描图像</Note>
              )}
            </section>
          ) : (
            <Note>在右侧名单中点击“批改”开始批改。</Note>
          )}
        </div>
        <Side>
          {current && composition && (
            <section aria-labelledby="review-title">
              <h2 id="review-title">评分</h2>
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
                paperKey={current.id}
                initial={initial}
                submitLabel="保存并下一篇"
                onSubmit={(values) => void save(values)}
              />
            </section>
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
