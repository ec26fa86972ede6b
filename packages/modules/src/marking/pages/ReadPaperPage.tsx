import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { jointPoolRoutes, markingRoutes, type MarkingBlock } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { InlineImagePreview } from '@examkit/image-preview';
import { Button, Empty } from '@examkit/ui';
import { ExistingMarks } from '../components/ExistingMarks';
import { ProblemDialog } from '../components/ProblemDialog';
import {
  Header,
  Keys,
  Screen,
  Side,
  Stage,
  StageTools,
  Status,
  View,
} from '../components/readPaperLayout';
import { ReviewList } from '../components/ReviewList';
import { ScorePanel, type ScorePanelHandle } from '../components/ScorePanel';
import { ScoringGuide } from '../components/ScoringGuide';
import { ErrorText, Kbd, Note } from '../components/styled';
import { useLeasedPapers } from '../hooks/useLeasedPapers';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { useMarkingShortcuts } from '../hooks/useMarkingShortcuts';
import { usePaperView } from '../hooks/usePaperView';
import { useReviews } from '../hooks/useReviews';
import { useSubmitQueue } from '../hooks/useSubmitQueue';
import { poolBlockView } from '../utils/poolBlock';
import { formatPoints, newIdempotencyKey } from '../utils/scoring';

/**
 * The marking screen (/exam/marking/readPaper/:id/:type/:normal/:arbitrate/:end and
 * readPaper2): `id` is the block, `arbitrate` = 1 opens the arbitration queue. The crop in the
 * inline previewer, the score panel with keyboard entry beside the scoring guide; the next
 * papers are leased and decoded ahead; scores go through a persisted outbox that survives a
 * dropped connection; 回评, 问题卷 and 样卷. `type` = `pool` opens a pool block of a 统一阅卷 joint
 * exam (docs/marking.md "Joint exams"): the same screen through the pool's calls (回评, 问题卷 and
 * 样卷 included), always anonymous.
 */
export function ReadPaperPage() {
  const { id = '', arbitrate, type } = useParams();
  const blockId = Number(id);
  const arbitration = arbitrate === '1';
  const pool = type === 'pool';
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [block, setBlock] = useState<MarkingBlock | null>(null);
  const [blockError, setBlockError] = useState<string | null>(null);
  const view = usePaperView();
  const [problemOpen, setProblemOpen] = useState(false);
  const reviews = useReviews(blockId, pool);
  const { reviewing } = reviews;
  const [marked, setMarked] = useState(0);
  const done = useRef(new Set<number>());
  const panel = useRef<ScorePanelHandle>(null);

  const { queue, state: outbox } = useSubmitQueue(async (item) => {
    const body = {
      taskId: item.taskId,
      leaseToken: item.leaseToken,
      idempotencyKey: item.idempotencyKey,
      ...(item.parts ? { parts: item.parts } : { score: item.score! }),
    };
    const r = item.pool
      ? await call(jointPoolRoutes.jointPoolSubmit, body, { quiet: true })
      : await call(markingRoutes.submit, body, { quiet: true });
    if (r.ok) return 'sent';
    if (r.retry) return 'retry';
    notifier.message('error', `试卷 ${item.paperId} 的评分未保存：${r.message}`);
    return { refused: r.message };
  });

  useEffect(() => {
    if (pool) {
      void call(jointPoolRoutes.jointPoolMine, {}, { dedupe: false }).then((r) => {
        const b = r.ok ? r.data.list.find((x) => x.blockId === blockId) : undefined;
        if (b) setBlock(poolBlockView(b));
        else setBlockError(r.ok ? '阅卷题块不存在' : r.message);
      });
      return;
    }
    // dedupe off: a remounted screen asks again while the first request is still in flight,
    // and the client would drop the second as a duplicate.
    void call(markingRoutes.getBlock, { blockId }, { dedupe: false }).then((r) => {
      if (r.ok) setBlock(r.data);
      else setBlockError(r.message);
    });
  }, [call, blockId, pool]);

  const leased = useLeasedPapers({
    blockId,
    arbitration,
    enabled: block !== null && block.state !== 'finished',
    pendingCount: () => queue.getState().pending.length,
    isDone: (taskId) => done.current.has(taskId),
    pool,
  });
  const { current } = leased;

  // Hand the leases back when the screen closes, unless scores still wait to be sent.
  useEffect(
    () => () => {
      // A pool block's leases run out by themselves (the pool has no release call).
      if (!pool && queue.getState().pending.length === 0)
        void call(markingRoutes.release, { blockId }, { quiet: true });
    },
    [call, blockId, queue, pool],
  );

  // A new paper: the view starts fitted.
  const { reset: resetView } = view;
  useEffect(() => resetView(), [resetView, current?.taskId, reviewing?.item.taskId]);

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

  const submit = (values: number[]) => {
    if (!block) return;
    const body = values.length === 1 ? { score: values[0]! } : { parts: values };
    if (reviewing) {
      reviews.rescore(body);
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
      ...(pool ? { pool: true } : {}),
      ...body,
      queuedAt: Date.now(),
    });
    setMarked((n) => n + 1);
    leased.advance();
  };

  const onShortcut = (key: string): boolean => {
    switch (key) {
      case 'r':
      case 'R':
        view.rotate();
        return true;
      case 'w':
      case 'W':
        view.fitWidth();
        return true;
      case '+':
      case '=':
        view.zoom(0.2);
        return true;
      case '-':
        view.zoom(-0.2);
        return true;
      case 'p':
      case 'P':
        if (current && !reviewing) setProblemOpen(true);
        return true;
      case 'b':
      case 'B':
        reviews.toggleList();
        return true;
      default:
        return false;
    }
  };

  useMarkingShortcuts(onShortcut, (key) => panel.current?.type(key));

  const shownCrop = reviewing ? reviewing.crop : leased.crop;
  const paperKey = reviewing ? `review-${reviewing.item.taskId}` : (current?.taskId ?? 'none');

  const setSample = (kind: 'exemplary' | 'typical') => {
    if (!current) return;
    const body = { paperId: current.paperId, kind, note: '' };
    const sent = pool
      ? call(jointPoolRoutes.jointPoolSample, body)
      : call(markingRoutes.sample, body);
    void sent.then((r) => {
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
        <Button
          size="small"
          aria-keyshortcuts="B"
          aria-expanded={reviews.listOpen}
          onClick={reviews.toggleList}
        >
          回评<Kbd>B</Kbd>
        </Button>
        <Link to="/exam/marking">返回阅卷列表</Link>
      </Header>
      <Stage aria-label="答题卡裁切图">
        <StageTools>
          <Button size="small" aria-keyshortcuts="R" onClick={view.rotate}>
            旋转<Kbd>R</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="W" onClick={view.fitWidth}>
            适应宽度<Kbd>W</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="+" onClick={() => view.zoom(0.2)}>
            放大<Kbd>+</Kbd>
          </Button>
          <Button size="small" aria-keyshortcuts="-" onClick={() => view.zoom(-0.2)}>
            缩小<Kbd>-</Kbd>
          </Button>
          <Button size="small" onClick={view.reset}>
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
            <Button size="small" type="primary" onClick={reviews.stop}>
              结束回评，继续阅卷
            </Button>
          )}
        </StageTools>
        <View ref={view.viewRef}>
          {shownCrop ? (
            <InlineImagePreview
              urls={[shownCrop]}
              index={0}
              showIndex={false}
              tools={[]}
              transform={view.transform}
              onTransformChange={view.setTransform}
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
          {shownCrop && <img hidden alt="" src={shownCrop} onLoad={view.onImageLoad} />}
        </View>
      </Stage>
      <Side>
        {reviewing && (
          <Note role="note">
            回评：原分 {formatPoints(reviewing.item.score)} 分，输入新分数后按 Enter 保存
          </Note>
        )}
        {current && current.kind === 'arbitration' && !reviewing && (
          <ExistingMarks marks={current.marks} />
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
          问题卷，
          <Kbd>B</Kbd> 回评
        </Keys>
        {pool && <Note>联考统一阅卷：试卷来自各参考学校，不显示考生和学校</Note>}
        {reviews.listOpen && <ReviewList items={reviews.items} onPick={reviews.start} />}
        {block && <ScoringGuide block={block} />}
      </Side>
      {current && (
        <ProblemDialog
          open={problemOpen}
          onClose={() => {
            setProblemOpen(false);
            panel.current?.focus();
          }}
          onFlag={async (reason, note) => {
            const body = { taskId: current.taskId, reason, note };
            const r = pool
              ? await call(jointPoolRoutes.jointPoolFlag, body)
              : await call(markingRoutes.flagProblem, body);
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
