import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  PROBLEM_REASONS,
  markingRoutes,
  type MarkingBlock,
  type ProblemReason,
} from '@examkit/contracts';
import { createStorage } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import {
  INITIAL_TRANSFORM,
  InlineImagePreview,
  type PreviewTransform,
} from '@examkit/image-preview';
import { Button, Dialog, Empty, FormField, Select, TextInput, themeOf } from '@examkit/ui';
import { ScorePanel, type ScorePanelHandle } from '../components/ScorePanel';
import { ErrorText, Kbd, Note } from '../components/styled';
import { useLeasedPapers } from '../hooks/useLeasedPapers';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { PROBLEM_LABELS, formatPoints, formatTime, newIdempotencyKey } from '../utils/scoring';
import {
  createSubmitQueue,
  type QueuedSubmit,
  type SendResult,
  type SubmitQueue,
} from '../utils/submitQueue';

const Screen = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  grid-template-rows: auto minmax(0, 1fr);
  gap: 12px;
  height: calc(100vh - 24px);
  min-height: 480px;
  padding: 12px;
  box-sizing: border-box;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: ${(p) => themeOf(p).colors.background};
`;

const Header = styled.header`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  h1 {
    margin: 0;
    font-size: 18px;
  }
  a {
    color: ${(p) => themeOf(p).colors.primaryHover};
  }
`;

const Stage = styled.section`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 0;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
`;

const StageTools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 6px 8px;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
`;

const View = styled.div`
  flex: 1;
  min-height: 0;
`;

const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-height: 0;
  overflow: auto;
  padding: 12px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  h2 {
    margin: 0;
    font-size: 15px;
  }
  details summary {
    cursor: pointer;
    font-weight: 600;
  }
  pre {
    margin: 6px 0 0;
    white-space: pre-wrap;
    font: inherit;
    line-height: 1.6;
  }
`;

const Status = styled.p<{ $warn?: boolean }>`
  margin: 0;
  color: ${(p) => (p.$warn ? themeOf(p).colors.danger : themeOf(p).colors.textSecondary)};
`;

const Marks = styled.section`
  padding: 8px;
  border: 1px solid ${(p) => themeOf(p).colors.warning};
  border-radius: 4px;
  p {
    margin: 4px 0;
    font-size: 16px;
  }
`;

const Keys = styled.p`
  margin: 0;
  color: ${(p) => themeOf(p).colors.textSecondary};
  font-size: 12px;
  line-height: 2;
`;

const ReviewList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: 2px 0;
  }
`;

const SLOT_NAMES = ['一评', '二评', '三评'];

interface ReviewItem {
  taskId: number;
  paperId: number;
  score: number;
  submittedAt: number;
  canRescore: boolean;
}

type Sender = (item: QueuedSubmit) => Promise<SendResult>;

/**
 * One outbox per tab (sessionStorage), alive as long as the tab: scores still waiting when the
 * screen closes are sent by the next marking screen of the tab, through its http client.
 */
let sharedQueue: SubmitQueue | null = null;
let sender: Sender | null = null;

function submitQueue(): SubmitQueue {
  sharedQueue ??= createSubmitQueue({
    storage: createStorage('session'),
    send: (item) => (sender ? sender(item) : Promise.resolve('retry')),
  });
  return sharedQueue;
}

function useSubmitQueue(send: Sender) {
  const queue = submitQueue();
  useEffect(() => {
    sender = send;
  });
  useEffect(() => {
    void queue.flush();
  }, [queue]);
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  return { queue, state };
}

/**
 * The marking screen (/exam/marking/readPaper/:id/:type/:normal/:arbitrate/:end and
 * readPaper2): `id` is the block, `arbitrate` = 1 opens the arbitration queue. The crop in the
 * inline previewer, the score panel with keyboard entry beside the scoring guide; the next
 * papers are leased and decoded ahead; scores go through a persisted outbox that survives a
 * dropped connection; 回评, 问题卷 and 样卷.
 */
export function ReadPaperPage() {
  const { id = '', arbitrate } = useParams();
  const blockId = Number(id);
  const arbitration = arbitrate === '1';
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [block, setBlock] = useState<MarkingBlock | null>(null);
  const [blockError, setBlockError] = useState<string | null>(null);
  const [transform, setTransform] = useState<PreviewTransform>(INITIAL_TRANSFORM);
  const [problemOpen, setProblemOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [reviews, setReviews] = useState<ReviewItem[]>([]);
  const [reviewing, setReviewing] = useState<{ item: ReviewItem; crop: string | null } | null>(
    null,
  );
  const [marked, setMarked] = useState(0);
  const done = useRef(new Set<number>());
  const panel = useRef<ScorePanelHandle>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const natural = useRef<{ w: number; h: number } | null>(null);

  const { queue, state: outbox } = useSubmitQueue(async (item) => {
    const r = await call(
      markingRoutes.submit,
      {
        taskId: item.taskId,
        leaseToken: item.leaseToken,
        idempotencyKey: item.idempotencyKey,
        ...(item.parts ? { parts: item.parts } : { score: item.score! }),
      },
      { quiet: true },
    );
    if (r.ok) return 'sent';
    if (r.retry) return 'retry';
    notifier.message('error', `试卷 ${item.paperId} 的评分未保存：${r.message}`);
    return { refused: r.message };
  });

  useEffect(() => {
    // dedupe off: a remounted screen asks again while the first request is still in flight,
    // and the client would drop the second as a duplicate.
    void call(markingRoutes.getBlock, { blockId }, { dedupe: false }).then((r) => {
      if (r.ok) setBlock(r.data);
      else setBlockError(r.message);
    });
  }, [call, blockId]);

  const leased = useLeasedPapers({
    blockId,
    arbitration,
    enabled: block !== null && block.state !== 'finished',
    pendingCount: () => queue.getState().pending.length,
    isDone: (taskId) => done.current.has(taskId),
  });
  const { current } = leased;

  // Hand the leases back when the screen closes, unless scores still wait to be sent.
  useEffect(
    () => () => {
      if (queue.getState().pending.length === 0)
        void call(markingRoutes.release, { blockId }, { quiet: true });
    },
    [call, blockId, queue],
  );

  // A new paper: the view starts fitted.
  useEffect(() => setTransform(INITIAL_TRANSFORM), [current?.taskId, reviewing?.item.taskId]);

  const questions = useMemo(
    () =>
      block
        ? block.questionFullScores.map((full, i) => ({
            label: block.questionFullScores.length === 1 ? '本题得分' : `第 ${i + 1} 小题`,
            full,
          }))
        : [],
    [block],
  );

  const loadReviews = useCallback(async () => {
    const r = await call(markingRoutes.reviewList, { blockId, limit: 20 }, { quiet: true });
    if (r.ok) setReviews(r.data.list);
  }, [call, blockId]);

  const submit = (values: number[]) => {
    if (!block) return;
    const body = values.length === 1 ? { score: values[0]! } : { parts: values };
    if (reviewing) {
      const { item } = reviewing;
      void call(markingRoutes.rescore, {
        taskId: item.taskId,
        idempotencyKey: newIdempotencyKey(),
        ...body,
      }).then((r) => {
        if (!r.ok) return;
        notifier.message('success', `回评已保存：${formatPoints(r.data.score)} 分`);
        setReviewing(null);
        void loadReviews();
      });
      return;
    }
    if (!current) return;
    done.current.add(current.taskId);
    queue.add({
      blockId,
      taskId: current.taskId,
      paperId: current.paperId,
      leaseToken: current.leaseToken,
      idempotencyKey: newIdempotencyKey(),
      ...body,
      queuedAt: Date.now(),
    });
    setMarked((n) => n + 1);
    leased.advance();
  };

  const fitWidth = () => {
    const el = viewRef.current;
    const size = natural.current;
    if (!el || !size) return;
    const w = el.clientWidth;
    const h = el.clientHeight;
    const shown = Math.min(size.w, w, (size.w * h) / size.h);
    if (shown > 0) setTransform({ ...INITIAL_TRANSFORM, scale: Math.min(5, w / shown) });
  };
  const rotate = () => setTransform((t) => ({ ...t, rotation: t.rotation + 90 }));
  const zoom = (d: number) =>
    setTransform((t) => ({
      ...t,
      scale: Math.max(0.2, Math.min(5, Math.round((t.scale + d) * 10) / 10)),
      ...(t.scale + d <= 1 ? { offsetX: 0, offsetY: 0 } : {}),
    }));

  const openReview = () => {
    setReviewOpen((open) => !open);
    void loadReviews();
  };

  const onShortcut = (key: string): boolean => {
    switch (key) {
      case 'r':
      case 'R':
        rotate();
        return true;
      case 'w':
      case 'W':
        fitWidth();
        return true;
      case '+':
      case '=':
        zoom(0.2);
        return true;
      case '-':
        zoom(-0.2);
        return true;
      case 'p':
      case 'P':
        if (current && !reviewing) setProblemOpen(true);
        return true;
      case 'b':
      case 'B':
        openReview();
        return true;
      default:
        return false;
    }
  };

  // The keys also work when the focus is not in a score box (e.g. after a click on the image).
  const shortcutRef = useRef(onShortcut);
  shortcutRef.current = onShortcut;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="region"]')) return;
      if (/^[\d.]$/.test(event.key)) {
        panel.current?.focus();
        return;
      }
      if (shortcutRef.current(event.key)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const shownCrop = reviewing ? reviewing.crop : leased.crop;
  const paperKey = reviewing ? `review-${reviewing.item.taskId}` : (current?.taskId ?? 'none');

  const openReviewItem = (item: ReviewItem) => {
    setReviewing({ item, crop: null });
    void call(markingRoutes.crop, { taskId: item.taskId }, { dedupe: false }).then((r) => {
      if (r.ok)
        setReviewing((rv) =>
          rv && rv.item.taskId === item.taskId ? { ...rv, crop: r.data.dataUrl } : rv,
        );
    });
  };

  const setSample = (kind: 'exemplary' | 'typical') => {
    if (!current) return;
    void call(markingRoutes.sample, { paperId: current.paperId, kind, note: '' }).then((r) => {
      if (r.ok)
        notifier.message('success', kind === 'exemplary' ? '已设为优秀样卷' : '已设为典型错误');
    });
  };

  if (blockError)
    return (
      <Screen>
        <Header>
          <h1>阅卷</h1>
          <Link to="/exam/marking">返回阅卷列表</Link>
        </Header>
        <ErrorText role="alert">{blockError}</ErrorText>
      </Screen>
    );

  const title = block ? `${block.examName} · ${block.subjectName} · ${block.name}` : '阅卷';
  const pending = outbox.pending.length;

  return (
    <Screen aria-label={arbitration ? '仲裁' : '阅卷'}>
      <Header>
        <h1>
          {arbitration ? '仲裁 · ' : ''}
          {title}
        </h1>
        <Status role="status" aria-live="polite" $warn={outbox.offline || leased.unreachable}>
          本次已评 <strong>{marked}</strong> 份
          {block ? `，满分 ${formatPoints(block.fullScore)} 分` : ''}
          {pending > 0 &&
            (outbox.offline || leased.unreachable
              ? `；网络已断开，${pending} 份评分待提交，恢复后自动提交`
              : `；${pending} 份正在提交`)}
        </Status>
        <Button size="small" aria-keyshortcuts="B" aria-expanded={reviewOpen} onClick={openReview}>
          回评<Kbd>B</Kbd>
        </Button>
        <Link to="/exam/marking">返回阅卷列表</Link>
      </Header>
      <Stage aria-label="答题卡裁切图">
        <StageTools>
          <Button size="small" aria-keyshortcuts="R" onClick={rotate}>
            旋转<Kbd>R</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="W" onClick={fitWidth}>
            适应宽度<Kbd>W</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="+" onClick={() => zoom(0.2)}>
            放大<Kbd>+</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="-" onClick={() => zoom(-0.2)}>
            缩小<Kbd>-</Kbd>
          </Button>
          <Button size="small" onClick={() => setTransform(INITIAL_TRANSFORM)}>
            复原
          </Button>
          {current && !reviewing && (
            <>
              <Button size="small" aria-keyshortcuts="P" onClick={() => setProblemOpen(true)}>
                问题卷<Kbd>P</Kbd>
              </Button>
              <Button size="small" onClick={() => setSample('exemplary')}>
                设为优秀样卷
              </Button>
              <Button size="small" onClick={() => setSample('typical')}>
                设为典型错误
              </Button>
            </>
          )}
          {reviewing && (
            <Button size="small" type="primary" onClick={() => setReviewing(null)}>
              结束回评，继续阅卷
            </Button>
          )}
        </StageTools>
        <View ref={viewRef}>
          {shownCrop ? (
            <InlineImagePreview
              urls={[shownCrop]}
              index={0}
              showIndex={false}
              tools={[]}
              transform={transform}
              onTransformChange={setTransform}
              alts={[reviewing ? '回评试卷' : '当前试卷']}
              labels={{ dialog: '试卷图像' }}
            />
          ) : block?.state === 'finished' ? (
            <Empty text="题块已结束" />
          ) : leased.empty && !reviewing ? (
            <Empty
              text={
                block && block.state !== 'open'
                  ? '题块未在阅卷中'
                  : arbitration
                    ? '暂无待仲裁试卷'
                    : '暂无可评试卷，所有试卷已分配完'
              }
            />
          ) : (
            <Empty text="正在加载试卷…" />
          )}
          {shownCrop && (
            <img
              hidden
              alt=""
              src={shownCrop}
              onLoad={(e) => {
                natural.current = {
                  w: e.currentTarget.naturalWidth,
                  h: e.currentTarget.naturalHeight,
                };
              }}
            />
          )}
        </View>
      </Stage>
      <Side>
        {reviewing && (
          <Note role="note">
            回评：原分 {formatPoints(reviewing.item.score)} 分，输入新分数后按 Enter 保存
          </Note>
        )}
        {current && current.kind === 'arbitration' && !reviewing && (
          <Marks aria-label="已有评分">
            <h2>已有评分</h2>
            {current.marks.map((m, i) => (
              <p key={i}>
                {SLOT_NAMES[i] ?? `第 ${i + 1} 评`}：<strong>{formatPoints(m.score)}</strong> 分
                {m.parts.length > 1 ? `（${m.parts.map(formatPoints).join(' + ')}）` : ''}
              </p>
            ))}
          </Marks>
        )}
        {current && !block?.anonymous && current.studentName && !reviewing && (
          <Note>
            考生：{current.studentName}（{current.studentNo}）
          </Note>
        )}
        {block && (
          <ScorePanel
            ref={panel}
            questions={questions}
            step={block.scoreStep}
            paperKey={paperKey}
            initial={reviewing ? [reviewing.item.score] : undefined}
            disabled={!reviewing && !current}
            submitLabel={reviewing ? '保存回评' : arbitration ? '提交仲裁' : '提交'}
            onSubmit={submit}
            onShortcut={onShortcut}
          />
        )}
        <Keys>
          快捷键：数字与 .5 输入分数，<Kbd>Enter</Kbd> 提交，<Kbd>F</Kbd> 满分，<Kbd>Z</Kbd> 零分，
          <Kbd>R</Kbd> 旋转，<Kbd>W</Kbd> 适应宽度，<Kbd>+</Kbd>/<Kbd>-</Kbd> 缩放，<Kbd>P</Kbd>{' '}
          问题卷，<Kbd>B</Kbd> 回评
        </Keys>
        {reviewOpen && (
          <section aria-label="回评">
            <h2>回评（最近评阅）</h2>
            {reviews.length === 0 ? (
              <Note>暂无已评试卷</Note>
            ) : (
              <ReviewList>
                {reviews.map((item, i) => (
                  <li key={item.taskId}>
                    <span>
                      {i + 1}. {formatPoints(item.score)} 分 · {formatTime(item.submittedAt)}
                    </span>
                    <Button
                      size="tiny"
                      type="link"
                      disabled={!item.canRescore}
                      onClick={() => openReviewItem(item)}
                      aria-label={`回评第 ${i + 1} 份（${formatPoints(item.score)} 分）`}
                    >
                      {item.canRescore ? '重评' : '不可重评'}
                    </Button>
                  </li>
                ))}
              </ReviewList>
            )}
          </section>
        )}
        {block && (block.guide || block.answer) && (
          <section aria-label="评分标准">
            <details open>
              <summary>评分标准</summary>
              <pre>{block.guide || '—'}</pre>
            </details>
            <details open>
              <summary>参考答案</summary>
              <pre>{block.answer || '—'}</pre>
            </details>
          </section>
        )}
      </Side>
      {current && (
        <ProblemDialog
          open={problemOpen}
          onClose={() => {
            setProblemOpen(false);
            panel.current?.focus();
          }}
          onFlag={async (reason, note) => {
            const r = await call(markingRoutes.flagProblem, {
              taskId: current.taskId,
              reason,
              note,
            });
            if (!r.ok) return false;
            notifier.message('success', '已标记为问题卷，交由题块组长处理');
            done.current.add(current.taskId);
            setProblemOpen(false);
            leased.advance();
            return true;
          }}
        />
      )}
    </Screen>
  );
}

function ProblemDialog({
  open,
  onClose,
  onFlag,
}: {
  open: boolean;
  onClose(): void;
  onFlag(reason: ProblemReason, note: string): Promise<boolean>;
}) {
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setNote('');
      setError(null);
    }
  }, [open]);
  const confirm = async () => {
    if (!reason) {
      setError('请选择问题类型');
      return;
    }
    if (reason === 'other' && !note.trim()) {
      setError('请填写问题说明');
      return;
    }
    setBusy(true);
    await onFlag(reason, note.trim());
    setBusy(false);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="标记问题卷"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()}>
            确定标记
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <FormField label="问题类型" required error={error}>
          <Select
            value={reason}
            placeholder="请选择"
            options={PROBLEM_REASONS.map((r) => ({ value: r, label: PROBLEM_LABELS[r]! }))}
            onChange={(e) => {
              setReason(e.target.value as ProblemReason);
              setError(null);
            }}
          />
        </FormField>
        <FormField label="问题说明">
          <TextInput value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </form>
    </Dialog>
  );
}
