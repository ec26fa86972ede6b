import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  administrationRoutes,
  examRoutes,
  markingRoutes,
  type BlockSetup,
  type MarkingBlock,
  type MarkingMode,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Fieldset, Note, PageBox, Table, Toolbar } from '../components/styled';
import { SeedPapers } from '../components/SeedPapers';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { BLOCK_STATE_LABELS, MODE_LABELS } from '../utils/scoring';

interface LeafQuestion {
  id: number;
  number: string;
  fullMarks: number;
}

interface Teacher {
  id: number;
  name: string;
  loginName: string;
  roleNames: string[];
}

export interface BlockForm {
  name: string;
  questionIds: number[];
  mode: MarkingMode;
  tolerance: string;
  scoreStep: '1' | '0.5';
  distribution: 'pool' | 'quota';
  anonymous: boolean;
  /** 重评比例: percent (0–50) of a marker's papers sent back to them blind. */
  recheckPercent: string;
  guide: string;
  answer: string;
  /** userId → quota text ('' = none). */
  markers: Record<number, string>;
  arbitrators: number[];
  leaders: number[];
}

type FormErrors = Partial<
  Record<'name' | 'questions' | 'tolerance' | 'recheck' | 'markers' | 'arbitrators', string>
>;

const EMPTY_FORM: BlockForm = {
  name: '',
  questionIds: [],
  mode: 'double',
  tolerance: '2',
  scoreStep: '1',
  distribution: 'pool',
  anonymous: true,
  recheckPercent: '0',
  guide: '',
  answer: '',
  markers: {},
  arbitrators: [],
  leaders: [],
};

/** The set-up rules the server also enforces, with the messages shown beside the fields. */
export function validateBlockForm(form: BlockForm, fullScore: number): FormErrors {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = '请输入题块名称';
  if (form.questionIds.length === 0) errors.questions = '请选择至少一道主观题';
  const tolerance = Number(form.tolerance);
  if (form.tolerance.trim() === '' || !Number.isFinite(tolerance) || tolerance < 0)
    errors.tolerance = '请输入误差阈值';
  else if (Math.round(tolerance * 2) !== tolerance * 2)
    errors.tolerance = '误差阈值必须是 0.5 的倍数';
  else if (fullScore > 0 && tolerance > fullScore) errors.tolerance = '误差阈值不能超过题块满分';
  const recheck = form.recheckPercent.trim();
  if (!/^\d{1,2}$/.test(recheck) || Number(recheck) > 50)
    errors.recheck = '重评比例须为 0–50 之间的整数';
  const markerIds = Object.keys(form.markers);
  const needed = form.mode === 'triple' ? 3 : form.mode === 'double' ? 2 : 1;
  if (markerIds.length < needed)
    errors.markers =
      needed === 1 ? '请选择阅卷老师' : `${MODE_LABELS[form.mode]}至少需要 ${needed} 位阅卷老师`;
  else if (
    form.distribution === 'quota' &&
    Object.values(form.markers).some((q) => !/^[1-9]\d*$/.test(q.trim()))
  )
    errors.markers = '定量分配时每位阅卷老师需要任务量';
  if (form.mode !== 'single' && form.arbitrators.length === 0)
    errors.arbitrators = '双评或三评需要指定仲裁老师';
  return errors;
}

function toSetup(form: BlockForm, examSubjectId: number): BlockSetup {
  return {
    examSubjectId,
    name: form.name.trim(),
    questionIds: form.questionIds,
    mode: form.mode,
    tolerance: Number(form.tolerance),
    scoreStep: form.scoreStep === '1' ? 1 : 0.5,
    distribution: form.distribution,
    anonymous: form.anonymous,
    guide: form.guide,
    answer: form.answer,
    recheckPercent: Number(form.recheckPercent.trim()),
    leaseMinutes: 5,
    markers: Object.entries(form.markers).map(([userId, quota]) => ({
      userId: Number(userId),
      ...(form.distribution === 'quota' ? { quota: Number(quota) } : {}),
    })),
    arbitrators: form.arbitrators,
    leaders: form.leaders,
  };
}

function fromBlock(b: MarkingBlock): BlockForm {
  return {
    name: b.name,
    questionIds: b.questionIds,
    mode: b.mode,
    tolerance: String(b.tolerance),
    scoreStep: b.scoreStep === 1 ? '1' : '0.5',
    distribution: b.distribution === 'quota' ? 'quota' : 'pool',
    anonymous: b.anonymous,
    recheckPercent: String(b.recheckPercent),
    guide: b.guide,
    answer: b.answer,
    markers: Object.fromEntries(b.markers.map((m) => [m.userId, m.quota ? String(m.quota) : ''])),
    arbitrators: b.arbitrators,
    leaders: b.leaders,
  };
}

const toggle = (list: number[], id: number, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

/**
 * /exam/marking/setting/:id (and setting2): the question blocks of one exam subject (`id`) and
 * the set-up of one: its questions, markers (teachers or grading teachers of the school), mode,
 * tolerance, arbitrators, distribution, score step, guide, answer, anonymity, the blind re-check
 * share (重评比例) and, once saved, the hidden seed papers (隐藏样卷); start, pause and finish,
 * with the server's reason when it refuses.
 */
export function BlockSettingPage() {
  const { id = '' } = useParams();
  const examSubjectId = Number(id);
  const [search, setSearch] = useSearchParams();
  const selected = search.get('block') ? Number(search.get('block')) : null;
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [questions, setQuestions] = useState<LeafQuestion[]>([]);
  const [subjectTitle, setSubjectTitle] = useState('');
  const [blocks, setBlocks] = useState<MarkingBlock[]>([]);
  const [block, setBlock] = useState<MarkingBlock | null>(null);
  const [teachers, setTeachers] = useState<Teacher[]>([]);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState<BlockForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [stateError, setStateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [seedCount, setSeedCount] = useState<number | null>(null);

  useEffect(() => {
    void call(examRoutes.questionsGet, { examSubjectId }, { quiet: true }).then((r) => {
      if (!r.ok) return;
      setSubjectTitle(`${r.data.examName} · ${r.data.subject.subjectName}`);
      const leaves: LeafQuestion[] = [];
      for (const q of r.data.questions) {
        if (q.children.length === 0) {
          if (q.kind === 'subjective')
            leaves.push({ id: q.id, number: q.fullNumber, fullMarks: q.fullMarks });
        } else
          for (const c of q.children)
            if (c.kind === 'subjective')
              leaves.push({ id: c.id, number: c.fullNumber, fullMarks: c.fullMarks });
      }
      setQuestions(leaves);
    });
    void call(
      administrationRoutes.queryTeachers,
      { pageNum: 1, pageSize: 200 },
      { quiet: true },
    ).then((r) => {
      if (r.ok)
        setTeachers(
          r.data.list.map((t) => ({
            id: t.id,
            name: t.name,
            loginName: t.loginName,
            roleNames: t.roleNames,
          })),
        );
    });
  }, [call, examSubjectId]);

  const loadBlocks = useCallback(async () => {
    const r = await call(markingRoutes.list, {}, { dedupe: false });
    if (r.ok) setBlocks(r.data.list.filter((b) => b.examSubjectId === examSubjectId));
  }, [call, examSubjectId]);
  useEffect(() => {
    void loadBlocks();
  }, [loadBlocks]);

  useEffect(() => {
    setErrors({});
    setStateError(null);
    setSeedCount(null);
    if (selected === null) {
      setBlock(null);
      setForm(EMPTY_FORM);
      return;
    }
    void call(markingRoutes.getBlock, { blockId: selected }, { dedupe: false }).then((r) => {
      if (!r.ok) return;
      setBlock(r.data);
      setForm(fromBlock(r.data));
    });
  }, [call, selected]);

  const fullScore = useMemo(
    () =>
      questions.filter((q) => form.questionIds.includes(q.id)).reduce((a, q) => a + q.fullMarks, 0),
    [questions, form.questionIds],
  );
  const set = <K extends keyof BlockForm>(key: K, value: BlockForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const locked = block !== null && block.state !== 'setup';
  const shownTeachers = teachers.filter(
    (t) =>
      !filter ||
      t.name.includes(filter) ||
      t.loginName.includes(filter) ||
      form.markers[t.id] !== undefined,
  );

  const save = async () => {
    const found = validateBlockForm(form, fullScore);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r = await call(markingRoutes.saveBlock, {
      ...(selected !== null ? { blockId: selected } : {}),
      setup: toSetup(form, examSubjectId),
    });
    setSaving(false);
    if (!r.ok) return;
    notifier.message('success', '题块已保存');
    await loadBlocks();
    if (selected !== r.data.blockId) setSearch({ block: String(r.data.blockId) });
    else {
      const b = await call(markingRoutes.getBlock, { blockId: r.data.blockId });
      if (b.ok) setBlock(b.data);
    }
  };

  const changeState = async (action: 'start' | 'pause' | 'finish') => {
    if (selected === null) return;
    setStateError(null);
    const r = await call(markingRoutes.blockState, { blockId: selected, action }, { quiet: true });
    if (!r.ok) {
      setStateError(r.message);
      return;
    }
    notifier.message(
      'success',
      action === 'start' ? '已开始阅卷' : action === 'pause' ? '已暂停阅卷' : '题块已结束',
    );
    const b = await call(markingRoutes.getBlock, { blockId: selected });
    if (b.ok) setBlock(b.data);
    await loadBlocks();
  };

  return (
    <PageBox>
      <h1>阅卷设置{subjectTitle ? `：${subjectTitle}` : ''}</h1>
      <Toolbar>
        <Link to="/exam/marking">返回网上阅卷</Link>
      </Toolbar>
      <h2>题块</h2>
      <ListTable
        label="本科目题块"
        rows={blocks}
        headers={['题块', '评阅方式', '状态', '进度', '操作']}
        empty="还没有题块"
      >
        {(b) => (
          <tr key={b.blockId} aria-current={b.blockId === selected ? 'true' : undefined}>
            <td>{b.name}</td>
            <td>{MODE_LABELS[b.mode]}</td>
            <td>{BLOCK_STATE_LABELS[b.state]}</td>
            <td>
              {b.papers.done}/{b.papers.total}
            </td>
            <td>
              <Button
                size="small"
                type="link"
                onClick={() => setSearch({ block: String(b.blockId) })}
              >
                编辑{b.name}
              </Button>
            </td>
          </tr>
        )}
      </ListTable>
      <Toolbar>
        <Button onClick={() => setSearch({})}>新建题块</Button>
      </Toolbar>

      <h2>
        {block ? `编辑题块：${block.name}（${BLOCK_STATE_LABELS[block.state]}）` : '新建题块'}
      </h2>
      {block && (
        <section aria-label="阅卷状态">
          <Actions>
            <Button
              type="primary"
              disabled={block.state === 'open' || block.state === 'finished'}
              onClick={() => void changeState('start')}
            >
              {block.state === 'paused' ? '继续阅卷' : '开始阅卷'}
            </Button>
            <Button disabled={block.state !== 'open'} onClick={() => void changeState('pause')}>
              暂停阅卷
            </Button>
            <Button
              disabled={block.state === 'finished'}
              onClick={() => void changeState('finish')}
            >
              结束阅卷
            </Button>
          </Actions>
          {stateError && <ErrorText role="alert">{stateError}</ErrorText>}
          <Note>
            共 {block.papers.total} 份，已完成 {block.papers.done}，评阅中 {block.papers.marking}
            ，待仲裁 {block.papers.arbitration}，问题卷 {block.papers.problem}
          </Note>
          <Note>
            重评比例 {block.recheckPercent}%{seedCount === null ? '' : `，隐藏样卷 ${seedCount} 份`}
          </Note>
        </section>
      )}
      <form
        aria-label="题块设置"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormField label="题块名称" required error={errors.name}>
          <TextInput
            value={form.name}
            maxLength={64}
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
        <Fieldset aria-describedby={errors.questions ? 'questions-error' : undefined}>
          <legend>题目（满分合计 {fullScore} 分）</legend>
          {questions.length === 0 && <Note>本科目没有主观题</Note>}
          {questions.map((q) => (
            <label key={q.id}>
              <input
                type="checkbox"
                disabled={locked}
                checked={form.questionIds.includes(q.id)}
                onChange={(e) =>
                  set('questionIds', toggle(form.questionIds, q.id, e.target.checked))
                }
              />{' '}
              第{q.number}题（{q.fullMarks}分）
            </label>
          ))}
          {errors.questions && (
            <ErrorText id="questions-error" role="alert">
              {errors.questions}
            </ErrorText>
          )}
        </Fieldset>
        <Toolbar>
          <FormField label="评阅方式">
            <Select
              value={form.mode}
              disabled={locked}
              options={(['single', 'double', 'triple'] as const).map((m) => ({
                value: m,
                label: MODE_LABELS[m]!,
              }))}
              onChange={(e) => set('mode', e.target.value as MarkingMode)}
            />
          </FormField>
          <FormField label="误差阈值（分）" error={errors.tolerance}>
            <TextInput
              inputMode="decimal"
              value={form.tolerance}
              disabled={form.mode === 'single'}
              onChange={(e) => set('tolerance', e.target.value)}
            />
          </FormField>
          <FormField label="给分步长">
            <Select
              value={form.scoreStep}
              disabled={locked}
              options={[
                { value: '1', label: '1 分' },
                { value: '0.5', label: '0.5 分' },
              ]}
              onChange={(e) => set('scoreStep', e.target.value as '1' | '0.5')}
            />
          </FormField>
          <FormField label="分配方式">
            <Select
              value={form.distribution}
              options={[
                { value: 'pool', label: '平均分配（共享试卷池）' },
                { value: 'quota', label: '定量分配（每人任务量）' },
              ]}
              onChange={(e) => set('distribution', e.target.value as 'pool' | 'quota')}
            />
          </FormField>
          <label>
            <input
              type="checkbox"
              checked={form.anonymous}
              onChange={(e) => set('anonymous', e.target.checked)}
            />{' '}
            匿名阅卷（阅卷老师看不到考生姓名和考号）
          </label>
        </Toolbar>
        <FormField
          label="重评比例（%）"
          error={errors.recheck}
          hint="每位阅卷老师已评的试卷中，按此比例不加提示地再发给本人评一次，检查前后给分是否一致；0 为不重评，最多 50"
        >
          <TextInput
            inputMode="numeric"
            maxLength={2}
            style={{ width: 120 }}
            value={form.recheckPercent}
            onChange={(e) => set('recheckPercent', e.target.value)}
          />
        </FormField>
        {(
          [
            ['guide', '评分标准'],
            ['answer', '参考答案'],
          ] as const
        ).map(([key, label]) => (
          <FormField key={key} label={label}>
            <textarea
              aria-label={label}
              rows={3}
              style={{ width: '100%', font: 'inherit' }}
              value={form[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          </FormField>
        ))}
        <h2>阅卷人员</h2>
        <Toolbar>
          <TextInput
            type="search"
            aria-label="查找教师"
            placeholder="姓名或账号"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <Note>
            已选阅卷老师 {Object.keys(form.markers).length} 位，仲裁 {form.arbitrators.length}{' '}
            位，组长 {form.leaders.length} 位
          </Note>
        </Toolbar>
        {errors.markers && <ErrorText role="alert">{errors.markers}</ErrorText>}
        {errors.arbitrators && <ErrorText role="alert">{errors.arbitrators}</ErrorText>}
        <Table aria-label="阅卷人员">
          <thead>
            <tr>
              <th>教师</th>
              <th>角色</th>
              <th>阅卷老师</th>
              {form.distribution === 'quota' && <th>任务量</th>}
              <th>仲裁</th>
              <th>组长</th>
            </tr>
          </thead>
          <tbody>
            {shownTeachers.slice(0, 100).map((t) => {
              const who = `${t.name}（${t.loginName}）`;
              const marker = form.markers[t.id] !== undefined;
              return (
                <tr key={t.id}>
                  <td>{who}</td>
                  <td>{t.roleNames.join('、')}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`阅卷老师：${who}`}
                      checked={marker}
                      onChange={(e) =>
                        setForm((f) => {
                          const markers = { ...f.markers };
                          if (e.target.checked) markers[t.id] = '';
                          else delete markers[t.id];
                          return { ...f, markers };
                        })
                      }
                    />
                  </td>
                  {form.distribution === 'quota' && (
                    <td>
                      <input
                        aria-label={`任务量：${who}`}
                        inputMode="numeric"
                        size={5}
                        disabled={!marker}
                        value={form.markers[t.id] ?? ''}
                        onChange={(e) =>
                          setForm((f) => ({
                            ...f,
                            markers: { ...f.markers, [t.id]: e.target.value },
                          }))
                        }
                      />
                    </td>
                  )}
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`仲裁：${who}`}
                      checked={form.arbitrators.includes(t.id)}
                      onChange={(e) =>
                        set('arbitrators', toggle(form.arbitrators, t.id, e.target.checked))
                      }
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`组长：${who}`}
                      checked={form.leaders.includes(t.id)}
                      onChange={(e) => set('leaders', toggle(form.leaders, t.id, e.target.checked))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        <Toolbar style={{ marginTop: 16 }}>
          <Button type="primary" nativeType="submit" loading={saving}>
            保存题块
          </Button>
        </Toolbar>
      </form>
      {block && <SeedPapers key={block.blockId} block={block} onCount={setSeedCount} />}
    </PageBox>
  );
}
