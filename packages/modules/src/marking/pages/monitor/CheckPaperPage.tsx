import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { jointPoolRoutes, markingRoutes, type PaperDetail } from '@examkit/contracts';
import { Button, Empty, TextInput } from '@examkit/ui';
import { MonitorFrame, usePoolBlock } from '../../components/MonitorFrame';
import { PaperCard } from '../../components/PaperCard';
import { RemarkForm } from '../../components/RemarkForm';
import { Note, Toolbar } from '../../components/styled';
import { useMarkingBlock } from '../../hooks/useMarkingBlock';
import { useMarkingCall } from '../../hooks/useMarkingCall';

/**
 * /exam/marking/checkPaper/:id and data/checkPaper/:id (`id` = block): find a student's paper
 * by student number and every mark on it; a random sample of finished papers. With `?pool=1` a
 * 统一阅卷 pool block's random sample only (no student is named in the pool).
 */
export function CheckPaperPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const pool = usePoolBlock();
  const block = useMarkingBlock(pool ? 0 : blockId);
  const [studentNo, setStudentNo] = useState('');
  const [searched, setSearched] = useState('');
  const [papers, setPapers] = useState<PaperDetail[] | null>(null);
  const canRemark =
    block !== null &&
    block.state !== 'finished' &&
    (block.roles.includes('leader') || block.roles.includes('manager'));
  const find = async (no = studentNo.trim()) => {
    if (!no) return;
    setSearched(no);
    const r = await call(markingRoutes.checkPaper, { blockId, studentNo: no }, { dedupe: false });
    setPapers(r.ok ? r.data.list : []);
  };
  const sample = async () => {
    const route = pool ? jointPoolRoutes.jointPoolMonitorCheck : markingRoutes.randomCheck;
    const r = await call(route, { blockId, count: 5 }, { dedupe: false });
    setPapers(r.ok ? r.data.list : []);
  };
  return (
    <MonitorFrame title="查看试卷" blockId={blockId}>
      <Toolbar>
        {!pool && (
          <form
            style={{ display: 'flex', gap: 8 }}
            onSubmit={(e) => {
              e.preventDefault();
              void find();
            }}
          >
            <TextInput
              aria-label="考号"
              placeholder="输入考号"
              value={studentNo}
              onChange={(e) => setStudentNo(e.target.value)}
            />
            <Button type="primary" nativeType="submit">
              查找
            </Button>
          </form>
        )}
        <Button onClick={() => void sample()}>随机抽查 5 份</Button>
      </Toolbar>
      {papers === null ? (
        <Note>
          {pool
            ? '随机抽查已评完的试卷和每一次评分（不显示考生）。'
            : '输入考号查找该考生的试卷和每一次评分。'}
        </Note>
      ) : papers.length === 0 ? (
        <Empty text="没有找到试卷" />
      ) : (
        papers.map((p) => (
          <PaperCard
            key={p.paperId}
            paper={p}
            actions={
              canRemark && (
                <RemarkForm
                  paper={p}
                  block={block}
                  onDone={() => {
                    if (searched) void find(searched);
                  }}
                />
              )
            }
          />
        ))
      )}
    </MonitorFrame>
  );
}
