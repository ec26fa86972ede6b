import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  examRoutes,
  examToolRoutes,
  type AssignPlan,
  type AssignRecord,
  type AssignStudent,
  type AssignSummary,
} from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { Actions, CheckGroup, Note, PageBox, StateTag, Toolbar } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useMyScope } from '../../common/useMyScope';
import {
  DataTable,
  GradeClassPicker,
  num,
  useCallData,
  useQueryId,
  type Option,
  ToolIntroPage,
  ToolListPage,
} from './common';

const BASE = '/exam/tool/classAssign';
const STATE: Record<AssignSummary['state'], string> = {
  draft: '未应用',
  applied: '已应用',
  undone: '已撤销',
};
const SEX = ['未填', '男', '女'];

/** Students by rank (no score last), then 学号. */
const byRank = (students: readonly AssignStudent[]) =>
  [...students].sort(
    (a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.studentNo < b.studentNo ? -1 : 1),
  );

/** 新建分班, for those who manage a grade (the server refuses everyone else). */
function useCreateLink(): [string, string][] {
  const scope = useMyScope();
  const manages = scope !== null && (scope.schoolWide || scope.manageGradeIds.length > 0);
  return manages ? [[`${BASE}/create_step1`, '新建分班']] : [];
}

/** /exam/tool/classAssign/intro: what 分班 does. */
export function AssignIntroPage() {
  const create = useCreateLink();
  return (
    <ToolIntroPage
      title="分班"
      text="把一个年级的学生分到若干个班：按一次考试的总分（或仅按花名册）排序，在同一选科组合、同一性别内蛇形分配，再在同组学生之间交换以缩小各班平均分的差距。保存方案后可查看各班人数、平均分、标准差、男女人数和选科组合，确认后一次性应用到学生名单，并可撤销。"
      links={[...create, [`${BASE}/list`, '分班列表'], [`${BASE}/record`, '分班记录']]}
    />
  );
}

/** /exam/tool/classAssign/list: saved plans of the grades the caller manages. */
export function AssignListPage() {
  const create = useCreateLink();
  return (
    <ToolListPage<AssignSummary>
      title="分班列表"
      links={[...create, [`${BASE}/record`, '分班记录'], [`${BASE}/intro`, '分班介绍']]}
      route={examToolRoutes.assignList}
      label="分班方案"
      empty="暂无分班方案"
      columns={['名称', '年级', '依据', '班级数', '学生数', '状态', '操作']}
      rowKey={(a) => a.id}
      cells={(a) => [
        a.name,
        a.gradeName,
        a.examName ?? '花名册',
        a.classCount,
        a.studentCount,
        <StateTag key="state">{STATE[a.state]}</StateTag>,
        <Actions key="actions">
          <Link to={`${BASE}/classDetail?id=${a.id}`} aria-label={`班级详情：${a.name}`}>
            班级详情
          </Link>
          <Link to={`${BASE}/rankDetail?id=${a.id}`} aria-label={`排名详情：${a.name}`}>
            排名详情
          </Link>
        </Actions>,
      ]}
    />
  );
}

/** The options of a plan as they travel from step 1 to step 2 in the address. */
interface AssignForm {
  name: string;
  gradeId: number;
  examId?: number;
  classIds: number[];
  balanceSex: boolean;
  byCombination: boolean;
}

function formOf(params: URLSearchParams): AssignForm | null {
  const gradeId = Number(params.get('gradeId'));
  const classIds = (params.get('classIds') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const examId = Number(params.get('examId'));
  const name = params.get('name') ?? '';
  if (!gradeId || classIds.length < 2 || !name) return null;
  return {
    name,
    gradeId,
    ...(examId > 0 ? { examId } : {}),
    classIds,
    balanceSex: params.get('sex') === '1',
    byCombination: params.get('combo') === '1',
  };
}

const optionsOf = ({ name: _name, ...options }: AssignForm) => options;

/** /exam/tool/classAssign/create_step1: grade, target classes, ranking source and strata. */
export function AssignStep1Page() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = formOf(params);
  const [name, setName] = useState(initial?.name ?? '');
  const [gradeId, setGradeId] = useState(initial ? String(initial.gradeId) : '');
  const [classIds, setClassIds] = useState<number[]>(initial?.classIds ?? []);
  const [examId, setExamId] = useState(initial?.examId ? String(initial.examId) : '');
  const [balanceSex, setBalanceSex] = useState(initial?.balanceSex ?? true);
  const [byCombination, setByCombination] = useState(initial?.byCombination ?? true);
  const [exams, setExams] = useState<Option[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!gradeId) return setExams([]);
    void call(examRoutes.list, { academicYear: 0, gradeId: Number(gradeId), pageSize: 100 }).then(
      (r) =>
        r.ok &&
        setExams(
          r.data.list
            .filter((e) => e.state === 'finished' || e.state === 'published')
            .map((e) => ({ id: e.id, name: e.name })),
        ),
    );
  }, [call, gradeId]);

  function next(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = '请输入方案名称';
    if (!gradeId) found.gradeId = '请选择年级';
    if (classIds.length < 2) found.classIds = '请至少选择两个班级';
    setErrors(found);
    if (Object.keys(found).length) return;
    const query = new URLSearchParams({
      name: name.trim(),
      gradeId,
      classIds: classIds.join(','),
      sex: balanceSex ? '1' : '0',
      combo: byCombination ? '1' : '0',
      ...(examId ? { examId } : {}),
    });
    navigate(`${BASE}/create_step2?${query}`);
  }

  return (
    <PageBox aria-labelledby="assign-step1-title">
      <h1 id="assign-step1-title">新建分班（第一步：设置）</h1>
      <form noValidate aria-label="分班设置" onSubmit={next} style={{ maxWidth: 720 }}>
        <FormField label="方案名称" required error={errors.name}>
          <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <GradeClassPicker
          gradeId={gradeId}
          classIds={classIds}
          onGrade={(g) => {
            setGradeId(g);
            setExamId('');
          }}
          onClasses={setClassIds}
          legend="分到这些班级（年级全部学生重新分配）"
          gradeError={errors.gradeId}
          classError={errors.classIds}
        />
        <FormField label="成绩依据" hint="不选考试时只按人数、性别和选科组合均衡">
          <Select
            value={examId}
            placeholder="不按成绩（花名册）"
            options={exams.map((x) => ({ value: x.id, label: x.name }))}
            onChange={(e) => setExamId(e.target.value)}
          />
        </FormField>
        <CheckGroup>
          <legend>均衡条件</legend>
          <label>
            <input
              type="checkbox"
              checked={balanceSex}
              onChange={(e) => setBalanceSex(e.target.checked)}
            />
            男女均衡
          </label>
          <label>
            <input
              type="checkbox"
              checked={byCombination}
              onChange={(e) => setByCombination(e.target.checked)}
            />
            选科组合均衡
          </label>
        </CheckGroup>
        <Actions>
          <Link to={`${BASE}/list`}>取消</Link>
          <Button type="primary" nativeType="submit">
            下一步：预览分班
          </Button>
        </Actions>
      </form>
    </PageBox>
  );
}

/** Size, mean, spread, sexes and 选科组合 of each class of a plan. */
function BalanceTable({ plan }: { plan: AssignPlan }) {
  return (
    <>
      <Note role="status">
        各班人数相差 {plan.sizeRange} 人
        {plan.meanRange === null
          ? '（未按成绩分班）'
          : `，平均分最大相差 ${num(plan.meanRange)} 分`}
      </Note>
      <DataTable
        label="各班均衡情况"
        columns={['班级', '人数', '平均分', '标准差', '男', '女', '选科组合']}
        rows={plan.classes}
        rowKey={(c) => c.classId}
        cells={(c) => [
          c.className,
          c.count,
          num(c.mean),
          num(c.sd),
          c.male,
          c.female,
          c.combinations.map((x) => `${x.name} ${x.count}`).join('，') || '—',
        ]}
      />
    </>
  );
}

/** /exam/tool/classAssign/create_step2: the computed plan with its balance; save it. */
export function AssignStep2Page() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = formOf(params);
  const key = params.toString();
  const { data: plan } = useCallData(examToolRoutes.assignPreview, form && optionsOf(form));
  const [saving, setSaving] = useState(false);
  if (!form)
    return (
      <PageBox aria-labelledby="assign-step2-title">
        <h1 id="assign-step2-title">新建分班（第二步：预览）</h1>
        <Link to={`${BASE}/create_step1`}>请先完成第一步</Link>
      </PageBox>
    );
  async function save() {
    setSaving(true);
    const r = await call(examToolRoutes.assignCreate, form!);
    setSaving(false);
    if (r.ok) navigate(`${BASE}/classDetail?id=${r.data.id}`);
  }
  return (
    <PageBox aria-labelledby="assign-step2-title">
      <h1 id="assign-step2-title">新建分班（第二步：预览）</h1>
      <Note>{form.name}</Note>
      {plan && <BalanceTable plan={plan} />}
      <Actions>
        <Link to={`${BASE}/create_step1?${key}`}>上一步</Link>
        <Button type="primary" loading={saving} disabled={!plan} onClick={() => void save()}>
          保存分班方案
        </Button>
      </Actions>
    </PageBox>
  );
}

const useAssign = (id: number | null) =>
  useCallData(examToolRoutes.assignDetail, id ? { assignId: id } : null);

function AssignHeader({ assign, current }: { assign: AssignSummary; current: string }) {
  return (
    <>
      <h1 id="assign-detail-title">
        {assign.name}：{current}
      </h1>
      <Note>
        {assign.gradeName} · 依据：{assign.examName ?? '花名册'} · {assign.studentCount} 人分到{' '}
        {assign.classCount} 个班 · 状态：<StateTag>{STATE[assign.state]}</StateTag>
      </Note>
      <Toolbar>
        <Link to={`${BASE}/classDetail?id=${assign.id}`}>班级详情</Link>
        <Link to={`${BASE}/rankDetail?id=${assign.id}`}>排名详情</Link>
        <Link to={`${BASE}/list`}>分班列表</Link>
        <Link to={`${BASE}/record`}>分班记录</Link>
      </Toolbar>
    </>
  );
}

/** /exam/tool/classAssign/classDetail?id=: the balance, each class's students, apply or undo. */
export function AssignClassDetailPage() {
  const id = useQueryId();
  const call = useApiCall();
  const { data, reload } = useAssign(id);
  const [asking, setAsking] = useState<'apply' | 'undo' | null>(null);
  const [done, setDone] = useState<AssignRecord | null>(null);
  if (!id) return <Link to={`${BASE}/list`}>前往分班列表</Link>;
  if (!data) return null;
  const { assign, plan } = data;
  async function act() {
    const route = asking === 'undo' ? examToolRoutes.assignUndo : examToolRoutes.assignApply;
    const r = await call(route, { assignId: assign.id });
    setAsking(null);
    if (r.ok) {
      setDone(r.data);
      await reload();
    }
  }
  return (
    <PageBox aria-labelledby="assign-detail-title">
      <AssignHeader assign={assign} current="班级详情" />
      <Actions style={{ marginBottom: 12 }}>
        {assign.state !== 'applied' && (
          <Button type="primary" onClick={() => setAsking('apply')}>
            应用到学生名单
          </Button>
        )}
        {assign.state === 'applied' && <Button onClick={() => setAsking('undo')}>撤销分班</Button>}
      </Actions>
      {done && (
        <p role="status">
          {done.action === 'apply' ? '已应用' : '已撤销'}：调整 {done.moved} 名学生的班级
          {done.skipped ? `，${done.skipped} 名学生因已再次调班未改动` : ''}。
        </p>
      )}
      <BalanceTable plan={plan} />
      {plan.classes.map((c) => (
        <section key={c.classId} aria-labelledby={`assign-class-${c.classId}`}>
          <h2 id={`assign-class-${c.classId}`}>
            {c.className}（{c.count} 人）
          </h2>
          <DataTable
            label={`${c.className}学生`}
            columns={['学号', '姓名', '性别', '选科组合', '成绩', '名次']}
            rows={byRank(plan.students.filter((s) => s.toClassId === c.classId))}
            rowKey={(s) => s.studentId}
            cells={(s) => [
              s.studentNo,
              s.name,
              SEX[s.sex] ?? '未填',
              s.combination ?? '—',
              num(s.score),
              s.rank ?? '—',
            ]}
          />
        </section>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'undo' ? '撤销分班' : '应用分班'}
        confirmLabel={asking === 'undo' ? '确定撤销' : '确定应用'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void act()}
      >
        {asking === 'undo'
          ? `把“${assign.name}”调整过的学生调回原班级？之后又调过班的学生不会改动。`
          : `按“${assign.name}”把${assign.gradeName}的 ${assign.studentCount} 名学生调整到新班级？操作会记入分班记录，可撤销。`}
      </ConfirmDialog>
    </PageBox>
  );
}

/** /exam/tool/classAssign/rankDetail?id=: every student by rank with the class before and after. */
export function AssignRankDetailPage() {
  const id = useQueryId();
  const { data } = useAssign(id);
  if (!id) return <Link to={`${BASE}/list`}>前往分班列表</Link>;
  if (!data) return null;
  const names = new Map(data.plan.classes.map((c) => [c.classId, c.className]));
  return (
    <PageBox aria-labelledby="assign-detail-title">
      <AssignHeader assign={data.assign} current="排名详情" />
      <DataTable
        label="学生排名与分班"
        columns={['名次', '学号', '姓名', '性别', '选科组合', '成绩', '原班级', '新班级']}
        rows={byRank(data.plan.students)}
        rowKey={(s) => s.studentId}
        cells={(s) => [
          s.rank ?? '—',
          s.studentNo,
          s.name,
          SEX[s.sex] ?? '未填',
          s.combination ?? '—',
          num(s.score),
          names.get(s.fromClassId) ?? '其他班级',
          names.get(s.toClassId),
        ]}
      />
    </PageBox>
  );
}

/** /exam/tool/classAssign/record: every application and undo, newest first. */
export function AssignRecordPage() {
  return (
    <ToolListPage<AssignRecord>
      title="分班记录"
      links={[[`${BASE}/list`, '分班列表']]}
      route={examToolRoutes.assignRecords}
      label="分班记录"
      empty="暂无分班记录"
      columns={['时间', '方案', '年级', '操作', '调整人数', '未改动', '操作人']}
      rowKey={(r) => r.id}
      cells={(r) => [
        new Date(r.at).toLocaleString('zh-CN'),
        <Link key="plan" to={`${BASE}/classDetail?id=${r.assignId}`}>
          {r.assignName}
        </Link>,
        r.gradeName,
        r.action === 'apply' ? '应用' : '撤销',
        r.moved,
        r.skipped,
        r.operator,
      ]}
    />
  );
}
