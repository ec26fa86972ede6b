import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  jointPoolRoutes,
  markingRoutes,
  type MarkingBlock,
  type PaperDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, Empty, Select } from '@examkit/ui';
import { MonitorFrame } from '../../components/MonitorFrame';
import { PaperCard } from '../../components/PaperCard';
import { RemarkForm } from '../../components/RemarkForm';
import { SeedPapers } from '../../components/SeedPapers';
import { ResolveScoreForm } from '../../components/ResolveScoreForm';
import { Note, PageBox, Toolbar } from '../../components/styled';
import { useMarkingCall } from '../../hooks/useMarkingCall';
import { poolBlockView } from '../../utils/poolBlock';
import { newIdempotencyKey } from '../../utils/scoring';

/**
 * /exam/marking/error (and paperReview): the problem-paper queue of a block (`?blockId=`),
 * resolved by the leader: back to the pool, or a final score. With `&pool=1` the block is a
 * 统一阅卷 pool block of a joint exam (docs/marking.md "Joint exams"), reached by its 组长 from
 * 网上阅卷: the same queue and forms through the pool's calls, every paper anonymous, and the
 * block's marked papers below for 组长改分, and the block's 隐藏样卷 (the pool's seed calls).
 */
export function ProblemPage() {
  const [search, setSearch] = useSearchParams();
  const blockId = Number(search.get('blockId') ?? 0);
  const pool = search.get('pool') === '1';
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [blocks, setBlocks] = useState<MarkingBlock[]>([]);
  const [papers, setPapers] = useState<PaperDetail[] | null>(null);
  const [marked, setMarked] = useState<PaperDetail[]>([]);
  const block = blocks.find((b) => b.blockId === blockId) ?? null;
  useEffect(() => {
    if (pool) {
      void call(jointPoolRoutes.jointPoolMine, {}, { quiet: true, dedupe: false }).then((r) => {
        if (r.ok)
          setBlocks(r.data.list.filter((b) => b.roles.includes('leader')).map(poolBlockView));
      });
      return;
    }
    void call(markingRoutes.list, {}, { quiet: true }).then((r) => {
      if (r.ok)
        setBlocks(
          r.data.list.filter((b) => b.roles.includes('leader') || b.roles.includes('manager')),
        );
    });
  }, [call, pool]);
  const load = useCallback(async () => {
    if (!blockId) return;
    if (pool) {
      const [problems, done] = await Promise.all([
        call(jointPoolRoutes.jointPoolProblems, { blockId }, { dedupe: false }),
        call(jointPoolRoutes.jointPoolPaperList, { blockId, limit: 50 }, { dedupe: false }),
      ]);
      setPapers(problems.ok ? problems.data.list : []);
      setMarked(done.ok ? done.data.list : []);
      return;
    }
    const r = await call(markingRoutes.problemList, { blockId }, { dedupe: false });
    setPapers(r.ok ? r.data.list : []);
  }, [call, blockId, pool]);
  useEffect(() => {
    void load();
  }, [load]);
  const back = async (paper: PaperDetail) => {
    const body = {
      paperId: paper.paperId,
      action: 'return' as const,
      idempotencyKey: newIdempotencyKey(),
    };
    const r = pool
      ? await call(jointPoolRoutes.jointPoolResolve, body)
      : await call(markingRoutes.resolve, body);
    if (r.ok) {
      notifier.message('success', '已退回试卷池');
      void load();
    }
  };
  const content = (
    <>
      <Toolbar>
        <Select
          label="题块"
          placeholder="选择题块"
          value={blockId || ''}
          options={blocks.map((b) => ({
            value: b.blockId,
            label: `${b.examName} · ${b.subjectName} · ${b.name}`,
          }))}
          onChange={(e) => {
            const next = new URLSearchParams(e.target.value ? { blockId: e.target.value } : {});
            if (pool) next.set('pool', '1');
            setSearch(next);
          }}
        />
      </Toolbar>
      {pool && (
        <Note>联考统一阅卷：试卷来自各参考学校，不显示考生和学校，外校的阅卷老师不显示姓名。</Note>
      )}
      {!blockId ? (
        <Note>选择题块查看问题卷。</Note>
      ) : papers === null ? (
        <Empty text="正在加载…" />
      ) : papers.length === 0 ? (
        <Empty text="没有待处理的问题卷" />
      ) : (
        papers.map((p) => (
          <PaperCard
            key={p.paperId}
            paper={p}
            pool={pool}
            actions={
              <>
                <Button size="small" onClick={() => void back(p)}>
                  退回重评
                </Button>
                {block && (
                  <ResolveScoreForm
                    paper={p}
                    full={block.fullScore}
                    step={block.scoreStep}
                    pool={pool}
                    onDone={() => void load()}
                  />
                )}
              </>
            }
          />
        ))
      )}
      {pool && blockId > 0 && block && (
        <section aria-labelledby="pool-remark-title">
          <h2 id="pool-remark-title">组长改分</h2>
          {marked.length === 0 ? (
            <Empty text="还没有评完的试卷" />
          ) : (
            marked.map((p) => (
              <PaperCard
                key={p.paperId}
                paper={p}
                pool
                actions={
                  block.state !== 'finished' && (
                    <RemarkForm paper={p} block={block} pool onDone={() => void load()} />
                  )
                }
              />
            ))
          )}
        </section>
      )}
      {pool && blockId > 0 && block && <SeedPapers key={block.blockId} block={block} pool />}
    </>
  );
  if (pool)
    return (
      <PageBox>
        <h1>
          问题卷处理
          {block ? `：${block.examName} · ${block.subjectName} · ${block.name}` : ''}
        </h1>
        <Link to="/exam/marking">返回网上阅卷</Link>
        {content}
      </PageBox>
    );
  return blockId ? (
    <MonitorFrame title="问题卷处理" blockId={blockId}>
      {content}
    </MonitorFrame>
  ) : (
    <PageBox>
      <h1>问题卷处理</h1>
      {content}
    </PageBox>
  );
}
