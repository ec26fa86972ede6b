import { useCallback, useEffect, useRef, useState } from 'react';
import {
  jointPoolRoutes,
  markingRoutes,
  type BlockPaperOption,
  type MarkingBlock,
  type SeedPaper,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { PAPER_STATE_LABELS, formatPoints, scoreError } from '../utils/scoring';
import { Note, Toolbar } from './styled';

export interface SeedPapersProps {
  /** The block being set up (saved: seeds need its papers). */
  block: Pick<MarkingBlock, 'blockId' | 'fullScore' | 'scoreStep'> & { state: string };
  /** Told the number of seed papers after every load, for the block summary. */
  onCount?: (count: number) => void;
  /**
   * A 统一阅卷 pool block of a joint exam: the pool's seed calls (its organiser or 组长), papers
   * by number only — no student or school, so no search by exam number or name.
   */
  pool?: boolean;
}

type Named = { paperId: number; studentName: string | null; studentNo: string | null };

/** The columns that say whose paper a row is: its number in a pool, else the student. */
const paperHeaders = (pool: boolean) => (pool ? ['试卷编号'] : ['考号', '姓名']);

function PaperCells({ paper, pool }: { paper: Named; pool: boolean }) {
  return pool ? (
    <td>{paper.paperId}</td>
  ) : (
    <>
      <td>{paper.studentNo ?? '—'}</td>
      <td>{paper.studentName ?? '—'}</td>
    </>
  );
}

/**
 * 隐藏样卷 (试评卷) of a block: the seed papers with their known score and how many markers
 * marked them; find a paper of the block by exam number or name (or among the finished ones),
 * look at it, give its known score and add it; remove a seed nobody has marked yet.
 * @see docs/marking.md "Set-up page"
 */
export function SeedPapers({ block, onCount, pool = false }: SeedPapersProps) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const { blockId } = block;
  const [seeds, setSeeds] = useState<SeedPaper[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [doneOnly, setDoneOnly] = useState(false);
  const [found, setFound] = useState<BlockPaperOption[] | null>(null);
  const [chosen, setChosen] = useState<BlockPaperOption | null>(null);
  const [crop, setCrop] = useState<string | null>(null);
  const [score, setScore] = useState('');
  const [scoreProblem, setScoreProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SeedPaper | null>(null);
  const [busy, setBusy] = useState(false);
  const finished = block.state === 'finished';
  const countRef = useRef(onCount);
  countRef.current = onCount;
  const who = (p: Named) =>
    pool ? `试卷 ${p.paperId}` : `${p.studentName ?? '—'}（${p.studentNo ?? '—'}）`;

  const load = useCallback(async () => {
    const r = pool
      ? await call(jointPoolRoutes.jointPoolSeeds, { blockId }, { dedupe: false, quiet: true })
      : await call(markingRoutes.seeds, { blockId }, { dedupe: false, quiet: true });
    if (!r.ok) return;
    setSeeds(r.data.list);
    countRef.current?.(r.data.list.length);
  }, [call, blockId, pool]);
  // Starting the block hands the seeds out: load again when the state changes.
  useEffect(() => {
    void load();
  }, [load, block.state]);

  const search = async () => {
    const r = pool
      ? await call(
          jointPoolRoutes.jointPoolSeedPapers,
          { blockId, done: doneOnly, limit: 50 },
          { dedupe: false },
        )
      : await call(
          markingRoutes.searchPapers,
          { blockId, keyword: keyword.trim(), done: doneOnly, limit: 20 },
          { dedupe: false },
        );
    if (r.ok) setFound(r.data.list);
  };

  const choose = (paper: BlockPaperOption) => {
    setChosen(paper);
    setScore(paper.finalScore === null ? '' : String(paper.finalScore));
    setScoreProblem(null);
    setCrop(null);
    void call(
      pool ? jointPoolRoutes.jointPoolPaperCrop : markingRoutes.crop,
      {
        paperId: paper.paperId,
      },
      { dedupe: false, quiet: true },
    ).then((r) => {
      if (r.ok) setCrop(r.data.dataUrl);
    });
  };

  const add = async () => {
    if (!chosen) return;
    const problem = scoreError(score, block.fullScore, block.scoreStep);
    setScoreProblem(problem);
    if (problem) return;
    setAdding(true);
    const r = await call(pool ? jointPoolRoutes.jointPoolSeedAdd : markingRoutes.addSeed, {
      blockId,
      paperId: chosen.paperId,
      seedScore: Number(score),
    });
    setAdding(false);
    if (!r.ok) return;
    notifier.message('success', `已添加隐藏样卷：${who(chosen)}`);
    setFound((list) =>
      list ? list.map((p) => (p.paperId === chosen.paperId ? { ...p, seeded: true } : p)) : list,
    );
    setChosen(null);
    await load();
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const r = await call(pool ? jointPoolRoutes.jointPoolSeedRemove : markingRoutes.removeSeed, {
      paperId: removing.paperId,
    });
    setBusy(false);
    if (!r.ok) return;
    notifier.message('success', '隐藏样卷已删除');
    // The pool names no student: search again to learn which paper is free once more.
    setFound((list) =>
      list && !pool
        ? list.map((p) => (p.studentId === removing.studentId ? { ...p, seeded: false } : p))
        : pool
          ? null
          : list,
    );
    setRemoving(null);
    await load();
  };

  return (
    <section aria-labelledby="seed-papers-title">
      <h2 id="seed-papers-title">隐藏样卷（试评卷）</h2>
      <Note>
        样卷是已知标准分的答卷，会不加提示地混入每位阅卷老师的任务中各评一次，不计入考生成绩和阅卷进度；阅卷质量中的“样本卷准确率”即由此统计。已有老师评过的样卷不能删除。
      </Note>
      {pool && <Note>联考统一阅卷：答卷来自各参考学校，只显示试卷编号，不显示考生和学校。</Note>}
      <ListTable
        label="当前样卷"
        rows={seeds}
        headers={[...paperHeaders(pool), '标准分', '评阅情况', '操作']}
        empty="还没有隐藏样卷"
      >
        {(s) => (
          <tr key={s.paperId}>
            <PaperCells paper={s} pool={pool} />
            <td>{formatPoints(s.seedScore)} 分</td>
            <td>
              {s.assigned === 0
                ? '开始阅卷后分发'
                : `${s.marked}/${s.assigned} 位已评，${s.exact} 位给分一致`}
            </td>
            <td>
              <Button
                size="small"
                type="link"
                disabled={s.marked > 0 || finished}
                title={s.marked > 0 ? '已有老师评过，不能删除' : undefined}
                onClick={() => setRemoving(s)}
              >
                删除样卷：{who(s)}
              </Button>
            </td>
          </tr>
        )}
      </ListTable>
      {!finished && (
        <>
          <h3>添加样卷</h3>
          <Toolbar>
            <form
              role="search"
              aria-label={pool ? '本题块的答卷' : '查找本题块答卷'}
              style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}
              onSubmit={(e) => {
                e.preventDefault();
                void search();
              }}
            >
              {!pool && (
                <TextInput
                  type="search"
                  aria-label="考号或姓名"
                  placeholder="考号或姓名"
                  maxLength={32}
                  style={{ width: 240 }}
                  value={keyword}
                  onChange={(e) => setKeyword(e.target.value)}
                />
              )}
              <label>
                <input
                  type="checkbox"
                  checked={doneOnly}
                  onChange={(e) => setDoneOnly(e.target.checked)}
                />{' '}
                只看已评完的答卷
              </label>
              <Button nativeType="submit">{pool ? '列出答卷' : '查找答卷'}</Button>
            </form>
          </Toolbar>
          <ListTable
            label="查找结果"
            rows={found}
            headers={[...paperHeaders(pool), '状态', '最终得分', '操作']}
            empty="没有找到答卷"
          >
            {(p) => (
              <tr key={p.paperId} aria-current={chosen?.paperId === p.paperId || undefined}>
                <PaperCells paper={p} pool={pool} />
                <td>{PAPER_STATE_LABELS[p.state] ?? p.state}</td>
                <td>{formatPoints(p.finalScore)}</td>
                <td>
                  {p.seeded ? (
                    '已是样卷'
                  ) : (
                    <Button size="small" type="link" onClick={() => choose(p)}>
                      选为样卷：{who(p)}
                    </Button>
                  )}
                </td>
              </tr>
            )}
          </ListTable>
          {chosen && (
            <form
              aria-label="添加样卷"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void add();
              }}
            >
              <Note>已选答卷：{who(chosen)}</Note>
              {crop ? (
                <img
                  src={crop}
                  alt={`答卷：${who(chosen)}`}
                  style={{ display: 'block', maxWidth: '100%', marginBottom: 12 }}
                />
              ) : null}
              <Toolbar>
                <FormField
                  label={`标准分（满分 ${formatPoints(block.fullScore)} 分）`}
                  error={scoreProblem ?? undefined}
                >
                  <TextInput
                    inputMode="decimal"
                    style={{ width: 120 }}
                    value={score}
                    onChange={(e) => setScore(e.target.value)}
                  />
                </FormField>
                <Button type="primary" nativeType="submit" loading={adding}>
                  添加样卷
                </Button>
                <Button onClick={() => setChosen(null)}>取消</Button>
              </Toolbar>
            </form>
          )}
        </>
      )}
      {finished && <Note>题块已结束，不能再修改样卷。</Note>}
      <ConfirmDialog
        open={removing !== null}
        title="删除隐藏样卷"
        confirmLabel="确定删除"
        loading={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        {removing ? `删除 ${who(removing)} 这份样卷？还没评到它的阅卷老师将不再收到它。` : null}
      </ConfirmDialog>
    </section>
  );
}
