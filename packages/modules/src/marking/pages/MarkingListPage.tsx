import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  examRoutes,
  jointPoolRoutes,
  markingRoutes,
  type BlockState,
  type DataOf,
  type ExamSummary,
  type MarkingBlock,
} from '@examkit/contracts';
import { Empty, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Actions, PageBox, Table, Tabs, Toolbar } from '../components/styled';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { BLOCK_STATE_LABELS, MODE_LABELS } from '../utils/scoring';
import { useReportExams } from '../../common/useReportExams';

const TABS: { state: BlockState | 'all'; label: string }[] = [
  { state: 'all', label: '全部' },
  { state: 'open', label: '阅卷中' },
  { state: 'paused', label: '已暂停' },
  { state: 'setup', label: '未开始' },
  { state: 'finished', label: '已结束' },
];

const ROLE_LABELS: Record<string, string> = {
  manager: '管理',
  leader: '组长',
  marker: '阅卷',
  arbitrator: '仲裁',
};

export const readPaperPath = (blockId: number, arbitration = false) =>
  `/exam/marking/readPaper/${blockId}/0/${arbitration ? 0 : 1}/${arbitration ? 1 : 0}/0`;

const isLeader = (b: MarkingBlock) => b.roles.includes('leader') || b.roles.includes('manager');

function BlockTable({
  blocks,
  tasksOnly,
  reportExamIds = new Set(),
}: {
  blocks: MarkingBlock[];
  tasksOnly: boolean;
  /** Exams whose report the user may open: a finished subject links to its results there. */
  reportExamIds?: ReadonlySet<number>;
}) {
  return (
    <ListTable
      label={tasksOnly ? '我的阅卷任务' : '阅卷题块'}
      rows={blocks}
      headers={['考试', '科目', '题块', '评阅方式', '状态', '进度', '我的角色', '操作']}
      empty={tasksOnly ? '暂无阅卷任务' : '暂无阅卷题块'}
    >
      {(b) => (
        <tr key={b.blockId}>
          <td>{b.examName}</td>
          <td>{b.subjectName}</td>
          <td>
            {b.name}（满分 {b.fullScore}）
          </td>
          <td>{MODE_LABELS[b.mode] ?? b.mode}</td>
          <td>{BLOCK_STATE_LABELS[b.state] ?? b.state}</td>
          <td>
            已完成 {b.papers.done}/{b.papers.total}
            {b.papers.arbitration > 0 && `，待仲裁 ${b.papers.arbitration}`}
            {b.papers.problem > 0 && `，问题卷 ${b.papers.problem}`}
          </td>
          <td>{b.roles.map((r) => ROLE_LABELS[r] ?? r).join('、') || '—'}</td>
          <td>
            <Actions>
              {b.state === 'finished' && reportExamIds.has(b.examId) && (
                <Link
                  to={`/exam/single/report/class/basic/${b.examId}`}
                  aria-label={`查看成绩：${b.examName} ${b.subjectName}`}
                >
                  查看成绩
                </Link>
              )}
              {b.roles.includes('marker') && b.state === 'open' && (
                <Link to={readPaperPath(b.blockId)} aria-label={`进入阅卷：${b.name}`}>
                  进入阅卷
                </Link>
              )}
              {/* The server lets an arbitrator or a leader arbitrate, not a manager alone. */}
              {(b.roles.includes('arbitrator') || b.roles.includes('leader')) &&
                b.state !== 'finished' &&
                b.mode !== 'single' && (
                  <Link to={readPaperPath(b.blockId, true)} aria-label={`仲裁：${b.name}`}>
                    仲裁（{b.papers.arbitration}）
                  </Link>
                )}
              {!tasksOnly && isLeader(b) && (
                <>
                  <Link
                    to={`/exam/marking/readMonitor/${b.blockId}`}
                    aria-label={`监控：${b.name}`}
                  >
                    监控
                  </Link>
                  <Link
                    to={`/exam/marking/data/quality/${b.blockId}`}
                    aria-label={`质量：${b.name}`}
                  >
                    质量
                  </Link>
                  <Link
                    to={`/exam/marking/error?blockId=${b.blockId}`}
                    aria-label={`问题卷：${b.name}`}
                  >
                    问题卷（{b.papers.problem}）
                  </Link>
                  <Link to={`/exam/marking/checkPaper/${b.blockId}`} aria-label={`查卷：${b.name}`}>
                    查卷
                  </Link>
                </>
              )}
              {!tasksOnly && b.roles.includes('manager') && (
                <Link
                  to={`/exam/marking/setting/${b.examSubjectId}?block=${b.blockId}`}
                  aria-label={`设置：${b.name}`}
                >
                  设置
                </Link>
              )}
            </Actions>
          </td>
        </tr>
      )}
    </ListTable>
  );
}

function useBlocks(state: BlockState | 'all') {
  const call = useMarkingCall();
  const [blocks, setBlocks] = useState<MarkingBlock[] | null>(null);
  const load = useCallback(async () => {
    const r = await call(markingRoutes.list, state === 'all' ? {} : { state }, { dedupe: false });
    setBlocks(r.ok ? r.data.list : []);
  }, [call, state]);
  useEffect(() => {
    void load();
  }, [load]);
  return { blocks, load };
}

/**
 * /exam/marking: the question blocks the user may see, by state, with the way into marking,
 * arbitration, monitoring and set-up; a manager opens the set-up of any subject of an exam in
 * marking.
 */
export function MarkingListPage() {
  const [state, setState] = useState<BlockState | 'all'>('all');
  const { blocks } = useBlocks(state);
  const reportExams = useReportExams(200);
  const reportExamIds = new Set((reportExams ?? []).map((e) => e.examId));
  const isManager = blocks?.some((b) => b.roles.includes('manager')) ?? false;
  return (
    <PageBox>
      <h1>网上阅卷</h1>
      <Tabs role="tablist" aria-label="题块状态">
        {TABS.map((t) => (
          <button
            key={t.state}
            type="button"
            role="tab"
            aria-selected={state === t.state}
            onClick={() => setState(t.state)}
          >
            {t.label}
          </button>
        ))}
      </Tabs>
      {blocks === null ? (
        <Empty text="正在加载…" />
      ) : (
        <BlockTable blocks={blocks} tasksOnly={false} reportExamIds={reportExamIds} />
      )}
      <PoolTasks />
      {(isManager || blocks?.length === 0) && <NewBlockEntry />}
    </PageBox>
  );
}

type PoolBlock = DataOf<typeof jointPoolRoutes.jointPoolMine>['list'][number];

/**
 * The pool blocks of 统一阅卷 joint exams the user marks (docs/marking.md "Joint exams"): papers
 * of every participating school, marked anonymously on the marking screen (`type` = `pool`).
 * Nothing when the user marks none.
 */
function PoolTasks() {
  const call = useMarkingCall();
  const [list, setList] = useState<PoolBlock[]>([]);
  useEffect(() => {
    void call(jointPoolRoutes.jointPoolMine, {}, { quiet: true, dedupe: false }).then((r) => {
      if (r.ok) setList(r.data.list);
    });
  }, [call]);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="pool-tasks-title">
      <h2 id="pool-tasks-title">联考统一阅卷</h2>
      <Table aria-label="联考统一阅卷任务">
        <thead>
          <tr>
            <th>联考</th>
            <th>科目</th>
            <th>题块</th>
            <th>状态</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.map((b) => (
            <tr key={b.blockId}>
              <td>{b.jointExamName}</td>
              <td>{b.subjectCode}</td>
              <td>
                {b.name}（满分 {b.fullScore}）
              </td>
              <td>{BLOCK_STATE_LABELS[b.state] ?? b.state}</td>
              <td>
                <Actions>
                  {b.state === 'open' && b.roles.includes('marker') && (
                    <Link
                      to={`/exam/marking/readPaper/${b.blockId}/pool/1/0/0`}
                      aria-label={`进入统一阅卷：${b.name}`}
                    >
                      进入阅卷
                    </Link>
                  )}
                  {b.state === 'open' &&
                    b.mode !== 'single' &&
                    (b.roles.includes('arbitrator') || b.roles.includes('leader')) && (
                      <Link
                        to={`/exam/marking/readPaper/${b.blockId}/pool/1/1/0`}
                        aria-label={`统一阅卷仲裁：${b.name}`}
                      >
                        仲裁
                      </Link>
                    )}
                  {b.roles.includes('leader') && b.state !== 'setup' && (
                    <Link
                      to={`/exam/marking/error?blockId=${b.blockId}&pool=1`}
                      aria-label={`问题卷与改分：${b.name}`}
                    >
                      问题卷与改分
                    </Link>
                  )}
                  {b.state !== 'open' && !b.roles.includes('leader') && '—'}
                </Actions>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** A manager's way to the set-up of a subject that has no block yet. */
function NewBlockEntry() {
  const call = useMarkingCall();
  const [exams, setExams] = useState<ExamSummary[]>([]);
  const [examId, setExamId] = useState('');
  useEffect(() => {
    void call(
      examRoutes.list,
      { academicYear: 0, state: 'marking', pageSize: 100 },
      { quiet: true },
    ).then((r) => {
      if (r.ok) setExams(r.data.list);
    });
  }, [call]);
  if (exams.length === 0) return null;
  const exam = exams.find((e) => String(e.id) === examId);
  return (
    <section aria-label="新建题块">
      <h2>新建题块</h2>
      <Toolbar>
        <Select
          label="阅卷中的考试"
          placeholder="选择考试"
          value={examId}
          options={exams.map((e) => ({ value: e.id, label: e.name }))}
          onChange={(e) => setExamId(e.target.value)}
        />
        {exam?.subjects.map((s) => (
          <Link key={s.id} to={`/exam/marking/setting/${s.id}`}>
            设置{s.subjectName}题块
          </Link>
        ))}
      </Toolbar>
    </section>
  );
}

/** /exam/marking/examTask: the blocks where the user marks or arbitrates. */
export function MarkingTaskPage() {
  const { blocks } = useBlocks('all');
  const mine = (blocks ?? []).filter(
    (b) => b.roles.includes('marker') || b.roles.includes('arbitrator'),
  );
  return (
    <PageBox>
      <h1>阅卷任务</h1>
      {blocks === null ? <Empty text="正在加载…" /> : <BlockTable blocks={mine} tasksOnly />}
    </PageBox>
  );
}
