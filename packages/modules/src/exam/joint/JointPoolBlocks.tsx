import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { jointPaperRoutes, jointPoolRoutes, type DataOf } from '@examkit/contracts';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { ListTable } from '../../common/ListTable';
import { SeedPapers } from '../../marking/components/SeedPapers';
import { Actions, Note } from '../components/styled';
import { FormSubmit } from '../../common/FormSubmit';

type Teacher = DataOf<typeof jointPoolRoutes.jointPoolRoster>['list'][number];
type PoolBlock = DataOf<typeof jointPoolRoutes.jointPoolBlocks>['list'][number];
interface Leaf {
  id: number;
  number: string;
  fullMarks: number;
}

const MODE_LABELS: Record<string, string> = { single: '单评', double: '双评', triple: '三评' };

const STATE_LABELS: Record<string, string> = {
  setup: '未开始',
  open: '阅卷中',
  paused: '已暂停',
  finished: '已结束',
};

/**
 * A pool block's 阅卷进度, 阅卷质量 and 阅卷抽查: the marking data pages over the pool's monitoring
 * calls (`?pool=1`), for the organiser and a participating school's manager holding 网上阅卷.
 */
function PoolMonitorLinks({ blockId, name }: { blockId: number; name: string }) {
  // The data pages are 网上阅卷's (Exam-Wuhen); a caller without it (the bureau's seat) is not
  // offered them.
  const codes = useExamkitStore((st) => st.permCodes);
  if (!hasPermission(codes, 'Exam-Wuhen')) return null;
  const pages: [string, string][] = [
    ['progress', '阅卷进度'],
    ['quality', '阅卷质量'],
    ['checkPaper', '阅卷抽查'],
  ];
  return (
    <Actions>
      {pages.map(([page, label]) => (
        <Link
          key={page}
          to={`/exam/marking/data/${page}/${blockId}?pool=1`}
          aria-label={`${label}：${name}`}
        >
          {label}
        </Link>
      ))}
    </Actions>
  );
}

/**
 * The organiser's pool blocks of a 统一阅卷 joint exam (docs/marking.md "Joint exams"): a block of
 * subjective questions of one subject, its markers named from the roster of every participating
 * school's teachers (name and school only), 单评 or 双评 with its 误差 and 仲裁老师, and its 组长
 * (问题卷 and 组长改分 on the pool, from 网上阅卷) — several of each, ticked in one table per school
 * beside the markers, as the school's own block set-up does —, started, paused and finished here; a finished
 * subject's scores are written into each school's own exam. Papers come from each school's scan
 * hand-off (交给阅卷 on the school's scan page). 整体分配 or 定量分配 with each marker's 任务量; each
 * block's 隐藏样卷 (`SeedPapers` over the pool's seed calls) below the table.
 */
export function JointPoolBlocks({
  jointExamId,
  subjects,
  onChanged,
}: {
  jointExamId: number;
  subjects: readonly { subjectCode: string; subjectName: string }[];
  onChanged: () => void;
}) {
  const call = useApiCall();
  const { http } = useExamkit();
  const [roster, setRoster] = useState<Teacher[]>([]);
  const [blocks, setBlocks] = useState<PoolBlock[]>([]);
  const [subjectCode, setSubjectCode] = useState(subjects[0]?.subjectCode ?? '');
  const [leaves, setLeaves] = useState<Leaf[]>([]);
  const [name, setName] = useState('');
  const [questionIds, setQuestionIds] = useState<number[]>([]);
  const [markers, setMarkers] = useState<number[]>([]);
  const [mode, setMode] = useState<'single' | 'double'>('single');
  const [tolerance, setTolerance] = useState('');
  const [arbitrators, setArbitrators] = useState<number[]>([]);
  const [leaders, setLeaders] = useState<number[]>([]);
  const [distribution, setDistribution] = useState<'pool' | 'quota'>('pool');
  /** userId → 任务量 text, under 定量分配. */
  const [quotas, setQuotas] = useState<Record<number, string>>({});
  /** The block whose 隐藏样卷 are shown below the table. */
  const [seedBlockId, setSeedBlockId] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const loadBlocks = useCallback(async () => {
    const r = await call(jointPoolRoutes.jointPoolBlocks, { jointExamId });
    if (r.ok) setBlocks(r.data.list);
  }, [call, jointExamId]);

  useEffect(() => {
    void call(jointPoolRoutes.jointPoolRoster, { jointExamId }).then((r) => {
      if (r.ok) setRoster(r.data.list);
    });
    void loadBlocks();
  }, [call, jointExamId, loadBlocks]);

  useEffect(() => {
    if (!subjectCode) return;
    void call(jointPaperRoutes.jointPaperGet, { jointExamId, subjectCode }).then((r) => {
      if (!r.ok) return;
      const found: Leaf[] = [];
      for (const q of r.data.questions)
        for (const leaf of q.children.length > 0 ? q.children : [q])
          if (leaf.kind === 'subjective')
            found.push({ id: leaf.id, number: leaf.fullNumber, fullMarks: leaf.fullMarks });
      setLeaves(found);
    });
  }, [call, jointExamId, subjectCode]);

  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...list, id] : list.filter((x) => x !== id);

  async function save() {
    if (!name.trim()) return setError('请输入题块名称');
    if (questionIds.length === 0) return setError('请选择题块的题目');
    if (markers.length === 0) return setError('请选择阅卷老师');
    if (
      distribution === 'quota' &&
      markers.some((id) => !/^[1-9]\d{0,5}$/.test((quotas[id] ?? '').trim()))
    )
      return setError('定量分配时每位阅卷老师需要任务量（正整数）');
    const points = Number(tolerance);
    if (mode === 'double') {
      if (markers.length < 2) return setError('双评至少需要两位阅卷老师');
      if (!tolerance.trim() || !Number.isFinite(points) || points < 0 || (points * 2) % 1 !== 0)
        return setError('请输入误差，须为 0.5 的整数倍');
    }
    setError('');
    setSaving(true);
    const r = await call(jointPoolRoutes.jointPoolBlockSave, {
      jointExamId,
      subjectCode,
      setup: {
        name: name.trim(),
        questionIds,
        mode,
        tolerance: mode === 'double' ? points : 0,
        scoreStep: 0.5,
        distribution,
        markers: markers.map((userId) =>
          distribution === 'quota' ? { userId, quota: Number(quotas[userId]) } : { userId },
        ),
        arbitrators: mode === 'double' ? arbitrators : [],
        leaders,
        guide: '',
        answer: '',
        recheckPercent: 0,
        leaseMinutes: 5,
      },
    });
    setSaving(false);
    if (!r.ok) return setError(r.message);
    http.notifier.message('success', '已保存统一阅卷题块');
    setName('');
    setQuestionIds([]);
    setMarkers([]);
    setMode('single');
    setTolerance('');
    setArbitrators([]);
    setLeaders([]);
    setDistribution('pool');
    setQuotas({});
    await loadBlocks();
    onChanged();
  }

  async function changeState(block: PoolBlock, action: 'start' | 'pause' | 'finish') {
    setError('');
    const r = await call(jointPoolRoutes.jointPoolBlockState, { blockId: block.blockId, action });
    if (!r.ok) return setError(r.message);
    await loadBlocks();
    onChanged();
  }

  async function writeScores(code: string) {
    setError('');
    const r = await call(jointPoolRoutes.jointPoolFinish, { jointExamId, subjectCode: code });
    if (!r.ok) return setError(r.message);
    http.notifier.message('success', '已将成绩写入各校的本校考试');
    onChanged();
  }

  const subjectName = (code: string) =>
    subjects.find((s) => s.subjectCode === code)?.subjectName ?? code;
  const shown = roster.filter(
    (t) => !filter.trim() || t.name.includes(filter.trim()) || t.schoolName.includes(filter.trim()),
  );
  const schools = [...new Map(roster.map((t) => [t.schoolId, t.schoolName])).entries()];
  const named = (list: readonly Teacher[]) =>
    list.map((m) => `${m.name}（${m.schoolName}）`).join('、') || '—';
  /** The markers, each with their 任务量 under 定量分配. */
  const markersOf = (b: PoolBlock) =>
    b.distribution !== 'quota'
      ? named(b.markers)
      : b.markers
          .map((m) => {
            const quota = b.quotas.find((q) => q.userId === m.userId)?.quota;
            return `${m.name}（${m.schoolName}）任务量 ${quota ?? '—'}`;
          })
          .join('、') || '—';
  const seedBlock = blocks.find((b) => b.blockId === seedBlockId) ?? null;
  const finishedSubjects = subjects.filter((s) => {
    const own = blocks.filter((b) => b.subjectCode === s.subjectCode);
    return own.length > 0 && own.every((b) => b.state === 'finished');
  });

  return (
    <section aria-labelledby="joint-pool-blocks-title">
      <h3 id="joint-pool-blocks-title">统一阅卷题块</h3>
      <Note>
        题块整体分配或定量分配（每位阅卷老师的任务量）、匿名阅卷，可设单评或双评（两评之差超过误差时交仲裁老师）；阅卷老师、仲裁老师和组长可以来自任一参考学校。组长在“网上阅卷”中处理问题卷和改分。组织方和组长可为题块添加隐藏样卷（试评卷），阅卷质量中统计样本卷准确率。各校扫描答题卡后点“交给阅卷”，主观题的裁切图自动进入阅卷池。
      </Note>
      {blocks.length > 0 && (
        <ListTable
          label="统一阅卷题块"
          rows={blocks}
          headers={['科目', '题块', '评阅方式', '状态', '阅卷老师', '仲裁老师', '组长', '操作']}
        >
          {(b) => (
            <tr key={b.blockId}>
              <td>{subjectName(b.subjectCode)}</td>
              <td>{b.name}</td>
              <td>
                {MODE_LABELS[b.mode] ?? b.mode}
                {b.mode !== 'single' ? `（误差 ${b.tolerance} 分）` : ''}
              </td>
              <td>{STATE_LABELS[b.state] ?? b.state}</td>
              <td>{markersOf(b)}</td>
              <td>{named(b.arbitrators)}</td>
              <td>{named(b.leaders)}</td>
              <td>
                <Actions>
                  {(b.state === 'setup' || b.state === 'paused') && (
                    <Button size="small" onClick={() => void changeState(b, 'start')}>
                      开始阅卷：{b.name}
                    </Button>
                  )}
                  {b.state === 'open' && (
                    <Button size="small" onClick={() => void changeState(b, 'pause')}>
                      暂停：{b.name}
                    </Button>
                  )}
                  {(b.state === 'open' || b.state === 'paused') && (
                    <Button size="small" onClick={() => void changeState(b, 'finish')}>
                      结束阅卷：{b.name}
                    </Button>
                  )}
                  <Button
                    size="small"
                    type="link"
                    aria-pressed={seedBlockId === b.blockId}
                    onClick={() => setSeedBlockId((id) => (id === b.blockId ? null : b.blockId))}
                  >
                    隐藏样卷：{b.name}
                  </Button>
                </Actions>
                {b.state !== 'setup' && <PoolMonitorLinks blockId={b.blockId} name={b.name} />}
              </td>
            </tr>
          )}
        </ListTable>
      )}
      {seedBlock && (
        <div>
          <Note>
            题块：{subjectName(seedBlock.subjectCode)} · {seedBlock.name}
          </Note>
          <SeedPapers key={seedBlock.blockId} block={seedBlock} pool />
        </div>
      )}
      {finishedSubjects.length > 0 && (
        <Actions>
          {finishedSubjects.map((s) => (
            <Button
              key={s.subjectCode}
              type="primary"
              onClick={() => void writeScores(s.subjectCode)}
            >
              将{s.subjectName}成绩写入各校
            </Button>
          ))}
        </Actions>
      )}
      <form
        noValidate
        aria-label="新建统一阅卷题块"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormField label="题块科目">
          <Select
            value={subjectCode}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => {
              setSubjectCode(e.target.value);
              setQuestionIds([]);
            }}
          />
        </FormField>
        <FormField label="题块名称" required>
          <TextInput value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <fieldset>
          <legend>题块的题目</legend>
          {leaves.length === 0 && <Note>该科目还没有主观题，请先设置试卷结构</Note>}
          {leaves.map((q) => (
            <label key={q.id}>
              <input
                type="checkbox"
                checked={questionIds.includes(q.id)}
                onChange={(e) => setQuestionIds((l) => toggle(l, q.id, e.target.checked))}
              />{' '}
              第{q.number}题（{q.fullMarks}分）{' '}
            </label>
          ))}
        </fieldset>
        <FormField label="评阅方式">
          <Select
            value={mode}
            options={[
              { value: 'single', label: '单评' },
              { value: 'double', label: '双评' },
            ]}
            onChange={(e) => setMode(e.target.value === 'double' ? 'double' : 'single')}
          />
        </FormField>
        {mode === 'double' && (
          <FormField
            label="误差（分）"
            required
            hint="两位老师的给分之差不超过误差时取平均分，超过时交仲裁"
          >
            <TextInput
              inputMode="decimal"
              value={tolerance}
              maxLength={6}
              onChange={(e) => setTolerance(e.target.value)}
            />
          </FormField>
        )}
        <FormField label="分配方式">
          <Select
            value={distribution}
            options={[
              { value: 'pool', label: '整体分配' },
              { value: 'quota', label: '定量分配（每人任务量）' },
            ]}
            onChange={(e) => setDistribution(e.target.value === 'quota' ? 'quota' : 'pool')}
          />
        </FormField>
        <FormField label="查找阅卷老师" hint="按姓名或学校筛选">
          <TextInput value={filter} maxLength={32} onChange={(e) => setFilter(e.target.value)} />
        </FormField>
        <Note>
          已选阅卷老师 {markers.length} 位
          {mode === 'double' && `，仲裁老师 ${arbitrators.length} 位（不选时由组长仲裁）`}，组长{' '}
          {leaders.length} 位（处理问题卷、组长改分）
        </Note>
        {schools.map(([schoolId, schoolName]) => (
          <div key={schoolId}>
            <h4>{schoolName}的教师</h4>
            <ListTable
              label={`${schoolName}的教师`}
              rows={shown.filter((t) => t.schoolId === schoolId)}
              headers={[
                '教师',
                '阅卷老师',
                ...(distribution === 'quota' ? ['任务量'] : []),
                ...(mode === 'double' ? ['仲裁老师'] : []),
                '组长',
              ]}
              empty="没有符合条件的教师"
            >
              {(t) => {
                const who = `${t.name}（${t.schoolName}）`;
                const pick = (
                  role: string,
                  list: number[],
                  setList: (update: (l: number[]) => number[]) => void,
                ) => (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${role}：${who}`}
                      checked={list.includes(t.userId)}
                      onChange={(e) => setList((l) => toggle(l, t.userId, e.target.checked))}
                    />
                  </td>
                );
                return (
                  <tr key={t.userId}>
                    <td>{t.name}</td>
                    {pick('阅卷老师', markers, setMarkers)}
                    {distribution === 'quota' && (
                      <td>
                        {markers.includes(t.userId) && (
                          <TextInput
                            inputMode="numeric"
                            aria-label={`任务量：${who}`}
                            maxLength={6}
                            style={{ width: 80 }}
                            value={quotas[t.userId] ?? ''}
                            onChange={(e) =>
                              setQuotas((q) => ({ ...q, [t.userId]: e.target.value }))
                            }
                          />
                        )}
                      </td>
                    )}
                    {mode === 'double' && pick('仲裁老师', arbitrators, setArbitrators)}
                    {pick('组长', leaders, setLeaders)}
                  </tr>
                );
              }}
            </ListTable>
          </div>
        ))}
        <FormSubmit error={error} busy={saving} label="保存题块" />
      </form>
    </section>
  );
}

type SchoolProgress = DataOf<typeof jointPoolRoutes.jointPoolSchoolProgress>;

/**
 * A participating school's view of a 统一阅卷 joint exam's marking: each pool block overall and
 * the school's own share (its papers, its markers and their marks). Nothing in 各校分别阅卷, or
 * for a caller the server refuses (not the school's exam manager).
 */
export function JointPoolSchoolProgress({
  jointExamId,
  subjects,
}: {
  jointExamId: number;
  subjects: readonly { subjectCode: string; subjectName: string }[];
}) {
  const call = useApiCall();
  const [progress, setProgress] = useState<SchoolProgress | null>(null);
  useEffect(() => {
    void call(
      jointPoolRoutes.jointPoolSchoolProgress,
      { jointExamId },
      { errorMessage: false },
    ).then((r) => {
      if (r.ok) setProgress(r.data);
    });
  }, [call, jointExamId]);
  if (!progress || progress.markingMode !== 'pool') return null;
  return (
    <section aria-labelledby="joint-pool-school-title">
      <h2 id="joint-pool-school-title">统一阅卷进度</h2>
      <Note>
        本场联考统一阅卷：全部题块的总体进度，以及本校的试卷和本校每位阅卷老师的评阅量（外校阅卷老师不显示）。
      </Note>
      {progress.blocks.length === 0 ? (
        <Note>组织方还没有设置统一阅卷题块</Note>
      ) : (
        <ListTable
          label="本校统一阅卷进度"
          rows={progress.blocks}
          headers={[
            '科目',
            '题块',
            '状态',
            '全部试卷',
            '已评完',
            '本校试卷',
            '本校已评完',
            '本校阅卷老师',
            '本校已给分',
            '阅卷数据',
          ]}
        >
          {(b) => (
            <tr key={b.blockId}>
              <td>
                {subjects.find((s) => s.subjectCode === b.subjectCode)?.subjectName ??
                  b.subjectCode}
              </td>
              <td>{b.name}</td>
              <td>{STATE_LABELS[b.state] ?? b.state}</td>
              <td>{b.papers}</td>
              <td>{b.done}</td>
              <td>{b.own.papers}</td>
              <td>{b.own.done}</td>
              <td>
                {b.ownMarkers.length === 0
                  ? b.own.markers
                  : b.ownMarkers.map((m) => `${m.name}（${m.marks} 份）`).join('、')}
              </td>
              <td>{b.own.marks}</td>
              <td>
                <PoolMonitorLinks blockId={b.blockId} name={b.name} />
              </td>
            </tr>
          )}
        </ListTable>
      )}
    </section>
  );
}
