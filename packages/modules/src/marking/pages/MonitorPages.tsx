import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import {
  markingRoutes,
  type DataOf,
  type MarkingBlock,
  type PaperDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, Empty, Select, TextInput } from '@examkit/ui';
import { Actions, Bar, ErrorText, Note, PageBox, Table, Tabs, Toolbar } from '../components/styled';
import { useMarkingCall } from '../hooks/useMarkingCall';
import {
  MARK_KIND_LABELS,
  PAPER_STATE_LABELS,
  PROBLEM_LABELS,
  SOURCE_LABELS,
  formatPercent,
  formatPoints,
  formatTime,
  newIdempotencyKey,
  scoreError,
} from '../utils/scoring';

type Progress = DataOf<typeof markingRoutes.progress>;
type Quality = DataOf<typeof markingRoutes.quality>;

/** How often progress is asked again. */
export const PROGRESS_POLL_MS = 5000;

function DataTabs({ blockId }: { blockId: number }) {
  const { pathname } = useLocation();
  const tabs: [string, string][] = [
    [
      pathname.includes('/readMonitor/')
        ? `/exam/marking/readMonitor/${blockId}`
        : `/exam/marking/data/progress/${blockId}`,
      '阅卷进度',
    ],
    [`/exam/marking/data/quality/${blockId}`, '阅卷质量'],
    [`/exam/marking/data/checkPaper/${blockId}`, '阅卷抽查'],
    [`/exam/marking/error?blockId=${blockId}`, '问题卷'],
  ];
  return (
    <Tabs as="nav" aria-label="阅卷数据">
      {tabs.map(([to, label]) => (
        <NavLink key={to} to={to}>
          {label}
        </NavLink>
      ))}
      <Link to="/exam/marking">返回网上阅卷</Link>
    </Tabs>
  );
}

function useBlock(blockId: number) {
  const call = useMarkingCall();
  const [block, setBlock] = useState<MarkingBlock | null>(null);
  useEffect(() => {
    if (!blockId) return;
    // dedupe off: a page may ask for its block beside the frame's own call.
    void call(markingRoutes.getBlock, { blockId }, { quiet: true, dedupe: false }).then((r) => {
      if (r.ok) setBlock(r.data);
    });
  }, [call, blockId]);
  return block;
}

function Frame({
  title,
  blockId,
  children,
}: {
  title: string;
  blockId: number;
  children: ReactNode;
}) {
  const block = useBlock(blockId);
  return (
    <PageBox>
      <h1>
        {title}
        {block ? `：${block.examName} · ${block.subjectName} · ${block.name}` : ''}
      </h1>
      <DataTabs blockId={blockId} />
      {children}
    </PageBox>
  );
}

/**
 * /exam/marking/readMonitor/:id, data/progress/:id, data/monitor/:id: progress of the block
 * and of each marker (marked, remaining, speed, estimated finish), asked again every few seconds.
 */
export function ProgressPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const [data, setData] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const load = useCallback(async () => {
    const r = await call(markingRoutes.progress, { blockId }, { quiet: true, dedupe: false });
    if (r.ok) {
      setData(r.data);
      setError(null);
      setUpdatedAt(Date.now());
    } else setError(r.message);
  }, [call, blockId]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  const p = data?.papers;
  return (
    <Frame title="阅卷进度" blockId={blockId}>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {!data ? (
        <Empty text="正在加载…" />
      ) : (
        <>
          <section aria-label="题块进度">
            <Table aria-label="题块进度">
              <tbody>
                <tr>
                  <th>试卷</th>
                  <td>
                    <Bar $ratio={p!.total ? p!.done / p!.total : 0} />
                    已完成 <strong data-testid="papers-done">{p!.done}</strong> / {p!.total}（
                    {formatPercent(p!.total ? p!.done / p!.total : 0)}）
                  </td>
                  <th>评阅中</th>
                  <td>{p!.marking}</td>
                  <th>待仲裁</th>
                  <td>{p!.arbitration}</td>
                  <th>问题卷</th>
                  <td>{p!.problem}</td>
                </tr>
                <tr>
                  <th>已评次数</th>
                  <td data-testid="marks-done">{data.doneMarks}</td>
                  <th>剩余次数</th>
                  <td>{data.remainingMarks}</td>
                  <th>速度</th>
                  <td>{formatPoints(data.speedPerHour)} 份/小时</td>
                  <th>预计完成</th>
                  <td>{formatTime(data.estimatedFinishAt)}</td>
                </tr>
              </tbody>
            </Table>
            <Note role="status">
              每 {PROGRESS_POLL_MS / 1000} 秒自动刷新
              {updatedAt ? `，更新于 ${formatTime(updatedAt)}` : ''}
            </Note>
          </section>
          <h2>阅卷老师进度</h2>
          <Table aria-label="阅卷老师进度">
            <thead>
              <tr>
                <th>阅卷老师</th>
                <th>已评</th>
                <th>领取中</th>
                <th>任务量</th>
                <th>剩余</th>
                <th>近一小时</th>
                <th>速度（份/小时）</th>
                <th>预计完成</th>
              </tr>
            </thead>
            <tbody>
              {data.markers.map((m) => (
                <tr key={m.userId}>
                  <td>{m.name}</td>
                  <td>{m.marked}</td>
                  <td>{m.leased}</td>
                  <td>{m.quota ?? '—'}</td>
                  <td>{m.remaining ?? '—'}</td>
                  <td>{m.lastHour}</td>
                  <td>{formatPoints(m.speedPerHour)}</td>
                  <td>{formatTime(m.estimatedFinishAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Frame>
  );
}

function Distribution({ dist, count }: { dist: Record<string, number>; count: number }) {
  const keys = Object.keys(dist).sort((a, b) => Number(a) - Number(b));
  if (keys.length === 0) return <>—</>;
  return (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {keys.map((k) => (
        <li key={k}>
          <span style={{ display: 'inline-block', width: 36 }}>{k}分</span>
          <Bar $ratio={count ? dist[k]! / count : 0} />
          {dist[k]}
        </li>
      ))}
    </ul>
  );
}

/**
 * /exam/marking/data/quality/:id and data/spread/:id: each marker's mean, deviation, score
 * distribution, zero and full shares, disagreement, re-mark consistency and seed papers beside
 * the block's.
 */
export function QualityPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const [data, setData] = useState<Quality | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void call(markingRoutes.quality, { blockId }, { quiet: true }).then((r) => {
      if (r.ok) setData(r.data);
      else setError(r.message);
    });
  }, [call, blockId]);
  return (
    <Frame title="阅卷质量" blockId={blockId}>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {!data ? (
        !error && <Empty text="正在加载…" />
      ) : (
        <Table aria-label="阅卷质量">
          <thead>
            <tr>
              <th>阅卷老师</th>
              <th>份数</th>
              <th>平均分</th>
              <th>标准差</th>
              <th>零分率</th>
              <th>满分率</th>
              <th>双评超差率</th>
              <th>复评一致率</th>
              <th>样本卷准确率</th>
              <th>给分分布</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">全题块</th>
              <td>{data.block.count}</td>
              <td>{formatPoints(data.block.mean)}</td>
              <td>{formatPoints(data.block.stdDev)}</td>
              <td>{formatPercent(data.block.zeroShare)}</td>
              <td>{formatPercent(data.block.fullShare)}</td>
              <td>—</td>
              <td>—</td>
              <td>—</td>
              <td>
                <Distribution dist={data.block.distribution} count={data.block.count} />
              </td>
            </tr>
            {data.markers.map((m) => (
              <tr key={m.userId}>
                <th scope="row">{m.name}</th>
                <td>{m.count}</td>
                <td>{m.count ? formatPoints(m.mean) : '—'}</td>
                <td>{m.count ? formatPoints(m.stdDev) : '—'}</td>
                <td>{m.count ? formatPercent(m.zeroShare) : '—'}</td>
                <td>{m.count ? formatPercent(m.fullShare) : '—'}</td>
                <td>
                  {formatPercent(m.disagreementRate)}
                  {m.pairs ? `（${m.pairs} 对）` : ''}
                </td>
                <td>
                  {formatPercent(m.recheckSameShare)}
                  {m.rechecks
                    ? `（${m.rechecks} 份，均差 ${formatPoints(m.recheckMeanDiff)}）`
                    : ''}
                </td>
                <td>
                  {formatPercent(m.seedExactShare)}
                  {m.seeds ? `（${m.seeds} 份，均误差 ${formatPoints(m.seedMeanError)}）` : ''}
                </td>
                <td>
                  <Distribution dist={m.distribution} count={m.count} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Frame>
  );
}

function PaperCard({ paper, actions }: { paper: PaperDetail; actions?: ReactNode }) {
  const call = useMarkingCall();
  const [crop, setCrop] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const show = () => {
    setAsked(true);
    void call(markingRoutes.crop, { paperId: paper.paperId }, { dedupe: false }).then((r) => {
      if (r.ok) setCrop(r.data.dataUrl);
    });
  };
  return (
    <article
      aria-label={`试卷 ${paper.paperId}`}
      style={{ border: '1px solid #dcdfe6', borderRadius: 4, padding: 12, marginBottom: 12 }}
    >
      <p style={{ margin: '0 0 8px' }}>
        <strong>{paper.studentName ?? '匿名考生'}</strong>
        {paper.studentNo ? `（${paper.studentNo}）` : ''} · {paper.blockName} · 状态：
        {PAPER_STATE_LABELS[paper.state] ?? paper.state} · 最终得分：
        {formatPoints(paper.finalScore)}
        {paper.finalSource ? `（${SOURCE_LABELS[paper.finalSource] ?? paper.finalSource}）` : ''}
      </p>
      {paper.problem && (
        <p style={{ margin: '0 0 8px' }}>
          问题：{PROBLEM_LABELS[paper.problem.reason] ?? paper.problem.reason}
          {paper.problem.note ? `，${paper.problem.note}` : ''}
        </p>
      )}
      {paper.marks.length > 0 && (
        <Table aria-label={`试卷 ${paper.paperId} 的评分记录`}>
          <thead>
            <tr>
              <th>类型</th>
              <th>评次</th>
              <th>阅卷老师</th>
              <th>分数</th>
              <th>时间</th>
              <th>改分原因</th>
            </tr>
          </thead>
          <tbody>
            {paper.marks.map((m, i) => (
              <tr key={i}>
                <td>{MARK_KIND_LABELS[m.kind] ?? m.kind}</td>
                <td>{m.slot ?? '—'}</td>
                <td>{m.userName}</td>
                <td>{formatPoints(m.score)}</td>
                <td>{formatTime(m.at)}</td>
                <td>{m.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Actions style={{ marginTop: 8 }}>
        {!asked && (
          <Button size="small" onClick={show}>
            查看原卷
          </Button>
        )}
        {actions}
      </Actions>
      {crop && (
        <img
          src={crop}
          alt={`试卷 ${paper.paperId} 原卷`}
          style={{ maxWidth: '100%', marginTop: 8 }}
        />
      )}
    </article>
  );
}

/**
 * /exam/marking/checkPaper/:id and data/checkPaper/:id (`id` = block): find a student's paper
 * by student number and every mark on it; a random sample of finished papers.
 */
export function CheckPaperPage() {
  const blockId = Number(useParams().id);
  const call = useMarkingCall();
  const block = useBlock(blockId);
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
    const r = await call(markingRoutes.randomCheck, { blockId, count: 5 }, { dedupe: false });
    setPapers(r.ok ? r.data.list : []);
  };
  return (
    <Frame title="查看试卷" blockId={blockId}>
      <Toolbar>
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
        <Button onClick={() => void sample()}>随机抽查 5 份</Button>
      </Toolbar>
      {papers === null ? (
        <Note>输入考号查找该考生的试卷和每一次评分。</Note>
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
    </Frame>
  );
}

/**
 * 组长改分 on checkPaper: the leader (or a marking manager) sets the paper's final score with
 * a reason; one score per question for blocks of several questions. Sent once per click
 * with a client UUID, so a retried call is written once.
 */
function RemarkForm({
  paper,
  block,
  onDone,
}: {
  paper: PaperDetail;
  block: MarkingBlock;
  onDone(): void;
}) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const fulls = block.questionFullScores.length ? block.questionFullScores : [block.fullScore];
  const [values, setValues] = useState<string[]>(() => fulls.map(() => ''));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (i: number) =>
    fulls.length === 1
      ? `改分：试卷 ${paper.paperId}`
      : `改分：试卷 ${paper.paperId} 第 ${i + 1} 小题`;
  const give = async () => {
    const err =
      fulls.map((full, i) => scoreError(values[i] ?? '', full, block.scoreStep)).find(Boolean) ??
      (reason.trim() ? null : '请填写改分原因');
    setError(err);
    if (err) return;
    const points = values.map(Number);
    setBusy(true);
    const r = await call(markingRoutes.remark, {
      paperId: paper.paperId,
      reason: reason.trim(),
      idempotencyKey: newIdempotencyKey(),
      ...(points.length === 1 ? { score: points[0]! } : { parts: points }),
    });
    setBusy(false);
    if (r.ok) {
      notifier.message('success', `已改为 ${formatPoints(r.data.score)} 分`);
      setValues(fulls.map(() => ''));
      setReason('');
      onDone();
    }
  };
  return (
    <form
      aria-label={`组长改分：试卷 ${paper.paperId}`}
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      {fulls.map((full, i) => (
        <TextInput
          key={i}
          aria-label={label(i)}
          placeholder={`满分 ${full}`}
          inputMode="decimal"
          size={5}
          value={values[i] ?? ''}
          onChange={(e) => {
            const next = [...values];
            next[i] = e.target.value;
            setValues(next);
          }}
        />
      ))}
      <TextInput
        aria-label={`改分原因：试卷 ${paper.paperId}`}
        placeholder="改分原因"
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button size="small" type="primary" nativeType="submit" disabled={busy}>
        确认改分
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </form>
  );
}

function ResolveScore({
  paper,
  full,
  step,
  onDone,
}: {
  paper: PaperDetail;
  full: number;
  step: number;
  onDone(): void;
}) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const give = async () => {
    const err = scoreError(value, full, step);
    setError(err);
    if (err) return;
    const r = await call(markingRoutes.resolve, {
      paperId: paper.paperId,
      action: 'score',
      idempotencyKey: newIdempotencyKey(),
      score: Number(value),
    });
    if (r.ok) {
      notifier.message('success', '已给出最终分数');
      onDone();
    }
  };
  return (
    <form
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      <TextInput
        aria-label={`最终分数：试卷 ${paper.paperId}`}
        inputMode="decimal"
        size={5}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button size="small" nativeType="submit">
        给分
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </form>
  );
}

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
                  <ResolveScore
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
    <Frame title="问题卷处理" blockId={blockId}>
      {content}
    </Frame>
  ) : (
    <PageBox>
      <h1>问题卷处理</h1>
      {content}
    </PageBox>
  );
}
