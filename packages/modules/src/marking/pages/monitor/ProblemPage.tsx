import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { markingRoutes, type MarkingBlock, type PaperDetail } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, Empty, Select } from '@examkit/ui';
import { MonitorFrame } from '../../components/MonitorFrame';
import { PaperCard } from '../../components/PaperCard';
import { ResolveScoreForm } from '../../components/ResolveScoreForm';
import { Note, PageBox, Toolbar } from '../../components/styled';
import { useMarkingCall } from '../../hooks/useMarkingCall';
import { newIdempotencyKey } from '../../utils/scoring';

/**
 * /exam/marking/error (and paperReview): the problem-paper queue of a block (`?blockId=`),
 * resolved by the leader: back to the pool, or a final score.
 */
export function ProblemPage() {
  const [search, setSearch] = useSearchParams();
  const blockId = Number(search.get('blockId') ?? 0);
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [blocks, setBlocks] = useState<MarkingBlock[]>([]);
  const [papers, setPapers] = useState<PaperDetail[] | null>(null);
  const block = blocks.find((b) => b.blockId === blockId) ?? null;
  useEffect(() => {
    void call(markingRoutes.list, {}, { quiet: true }).then((r) => {
      if (r.ok)
        setBlocks(
          r.data.list.filter((b) => b.roles.includes('leader') || b.roles.includes('manager')),
        );
    });
  }, [call]);
  const load = useCallback(async () => {
    if (!blockId) return;
    const r = await call(markingRoutes.problemList, { blockId }, { dedupe: false });
    setPapers(r.ok ? r.data.list : []);
  }, [call, blockId]);
  useEffect(() => {
    void load();
  }, [load]);
  const back = async (paper: PaperDetail) => {
    const r = await call(markingRoutes.resolve, {
      paperId: paper.paperId,
      action: 'return',
      idempotencyKey: newIdempotencyKey(),
    });
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
          onChange={(e) => setSearch(e.target.value ? { blockId: e.target.value } : {})}
        />
      </Toolbar>
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
                    onDone={() => void load()}
                  />
                )}
              </>
            }
          />
        ))
      )}
    </>
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
