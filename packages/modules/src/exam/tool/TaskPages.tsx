import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  examToolRoutes,
  type DataOf,
  type TaskSummary,
  type ToolSheetSummary,
} from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import {
  Actions,
  CellSelect,
  ErrorText,
  Note,
  PageBox,
  StateTag,
  Toolbar,
} from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { DataTable, useCallData, ToolIntroPage, ToolListPage } from './common';

const BASE = '/exam/tool/task';
const SHEETS = '/exam/tool/sheet';

/** /exam/tool/task/intro: what an entry task is. */
export function TaskIntroPage() {
  return (
    <ToolIntroPage
      title="录入任务"
      text="为一张成绩表布置成绩录入：按班级和学科指定录入教师并设截止日期。被指定的教师在“录入任务”中看到自己的任务，即可录入对应班级和学科的成绩；布置者按年级查看每个班每个学科的录入进度。"
      links={[
        [`${BASE}/create`, '新建任务'],
        [`${BASE}/list`, '任务列表'],
      ]}
    />
  );
}

/** /exam/tool/task/list: tasks the caller set or has a part in, with completion. */
export function TaskListPage() {
  return (
    <ToolListPage<TaskSummary>
      title="任务列表"
      links={[
        [`${BASE}/create`, '新建任务'],
        [`${BASE}/intro`, '任务介绍'],
      ]}
      route={examToolRoutes.taskList}
      label="录入任务"
      empty="暂无录入任务"
      columns={['任务', '成绩表', '年级', '截止日期', '完成', '操作']}
      rowKey={(t) => t.id}
      cells={(t) => [
        t.name,
        t.sheetName,
        t.gradeName,
        t.deadline,
        `${t.doneCount} / ${t.itemCount}`,
        <Link key="go" to={`${BASE}/list/${t.id}/${t.gradeId}`} aria-label={`查看进度：${t.name}`}>
          查看进度
        </Link>,
      ]}
    />
  );
}

/** /exam/tool/task/list/{id}/{gradeId}: each part's teacher and progress. */
export function TaskDetailPage() {
  const { id, gradeId } = useParams();
  const taskId = Number(id);
  const grade = Number(gradeId);
  const { data: task } = useCallData(
    examToolRoutes.taskDetail,
    taskId > 0 && grade > 0 ? { taskId, gradeId: grade } : null,
  );
  if (!task) return null;
  return (
    <PageBox aria-labelledby="task-detail-title">
      <h1 id="task-detail-title">{task.name}</h1>
      <Note>
        成绩表：{task.sheetName} · {task.gradeName} · 截止 {task.deadline} · 完成 {task.doneCount} /{' '}
        {task.itemCount}
        {task.note ? ` · ${task.note}` : ''}
      </Note>
      <Toolbar>
        <Link to={`${SHEETS}/detail?id=${task.sheetId}`}>去录入成绩</Link>
        <Link to={`${BASE}/list`}>任务列表</Link>
      </Toolbar>
      <DataTable
        label="任务分工与进度"
        columns={['班级', '学科', '录入教师', '已录入', '状态']}
        rows={task.items}
        rowKey={(i) => `${i.classId}-${i.subjectId}`}
        cells={(i) => [
          i.className,
          i.subjectName,
          i.teacherName,
          `${i.entered} / ${i.total}`,
          <StateTag key="state">
            {i.total > 0 && i.entered >= i.total ? '已完成' : '未完成'}
          </StateTag>,
        ]}
      />
    </PageBox>
  );
}

/** What the three steps carry between them (router state: a reload starts over at step 1). */
interface TaskDraft {
  name: string;
  deadline: string;
  note: string;
  sheet: ToolSheetSummary;
  items?: { classId: number; subjectId: number; teacherId: number }[];
  teacherNames?: Record<number, string>;
}

function StartOver() {
  return (
    <PageBox aria-labelledby="task-start-over">
      <h1 id="task-start-over">新建任务</h1>
      <Link to={`${BASE}/create/first`}>请从第一步开始</Link>
    </PageBox>
  );
}

/** /exam/tool/task/create/first: name, deadline and the score sheet. */
export function TaskFirstPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const previous = (useLocation().state as TaskDraft | null) ?? null;
  const [sheets, setSheets] = useState<ToolSheetSummary[]>([]);
  const [name, setName] = useState(previous?.name ?? '');
  const [deadline, setDeadline] = useState(previous?.deadline ?? '');
  const [note, setNote] = useState(previous?.note ?? '');
  const [sheetId, setSheetId] = useState(previous ? String(previous.sheet.id) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void call(examToolRoutes.sheetList, { pageNum: 1, pageSize: 100 }).then(
      // Only the sheet's creator (or a school-wide role) may set a task on it.
      (r) => r.ok && setSheets(r.data.list.filter((s) => s.owner)),
    );
  }, [call]);
  function next(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = '请输入任务名称';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline)) found.deadline = '请选择截止日期';
    const sheet = sheets.find((s) => String(s.id) === sheetId);
    if (!sheet) found.sheetId = '请选择成绩表';
    setErrors(found);
    if (!sheet || Object.keys(found).length) return;
    const draft: TaskDraft = { name: name.trim(), deadline, note: note.trim(), sheet };
    navigate(`${BASE}/create/second`, { state: draft });
  }
  return (
    <PageBox aria-labelledby="task-first-title">
      <h1 id="task-first-title">新建任务（第一步：基本信息）</h1>
      <form noValidate aria-label="任务信息" onSubmit={next} style={{ maxWidth: 560 }}>
        <FormField label="任务名称" required error={errors.name}>
          <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="截止日期" required error={errors.deadline}>
          <TextInput type="date" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </FormField>
        <FormField
          label="成绩表"
          required
          error={errors.sheetId}
          hint={sheets.length ? undefined : '请先新建成绩表'}
        >
          <Select
            value={sheetId}
            placeholder="请选择"
            options={sheets.map((s) => ({ value: s.id, label: `${s.name}（${s.gradeName}）` }))}
            onChange={(e) => setSheetId(e.target.value)}
          />
        </FormField>
        <FormField label="说明">
          <TextInput value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <Actions>
          <Link to={`${SHEETS}/newsheet`}>新建成绩表</Link>
          <Button type="primary" nativeType="submit">
            下一步：分配教师
          </Button>
        </Actions>
      </form>
    </PageBox>
  );
}

type Teachers = DataOf<typeof examToolRoutes.taskTeachers>;

/** /exam/tool/task/create/second: a teacher per class and subject (who teaches it, by default). */
export function TaskSecondPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const draft = (useLocation().state as TaskDraft | null) ?? null;
  const [data, setData] = useState<Teachers | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const sheetId = draft?.sheet.id;
  useEffect(() => {
    if (!sheetId) return;
    void call(examToolRoutes.taskTeachers, { sheetId }).then((r) => {
      if (!r.ok) return;
      setData(r.data);
      setChosen((c) => {
        const out = { ...c };
        for (const s of r.data.suggested) {
          const key = `${s.classId}:${s.subjectId}`;
          if (out[key] === undefined) out[key] = s.teacherId ? String(s.teacherId) : '';
        }
        for (const i of draft?.items ?? [])
          out[`${i.classId}:${i.subjectId}`] = String(i.teacherId);
        return out;
      });
    });
    // The draft's items only seed the choice once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, sheetId]);
  if (!draft) return <StartOver />;
  const current: TaskDraft = draft;
  const { sheet } = draft;
  function next() {
    const items = Object.entries(chosen)
      .filter(([, t]) => t)
      .map(([key, t]) => {
        const [classId, subjectId] = key.split(':').map(Number) as [number, number];
        return { classId, subjectId, teacherId: Number(t) };
      });
    if (items.length === 0) return setError('请至少为一个班级的一个学科指定录入教师');
    const teacherNames = Object.fromEntries((data?.teachers ?? []).map((t) => [t.id, t.name]));
    navigate(`${BASE}/create/third`, {
      state: { ...current, items, teacherNames } satisfies TaskDraft,
    });
  }
  const options = (data?.teachers ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <PageBox aria-labelledby="task-second-title">
      <h1 id="task-second-title">新建任务（第二步：分配教师）</h1>
      <Note>{sheet.name}：默认为任教该班该学科的教师；不需要录入的留空。</Note>
      <DataTable
        label="录入教师"
        columns={['班级', ...sheet.subjects.map((s) => s.name)]}
        rows={sheet.classes}
        rowKey={(c) => c.classId}
        cells={(c) => [
          c.className,
          ...sheet.subjects.map((s) => {
            const key = `${c.classId}:${s.id}`;
            return (
              <CellSelect
                key={key}
                aria-label={`${c.className} ${s.name} 录入教师`}
                value={chosen[key] ?? ''}
                onChange={(e) => setChosen((x) => ({ ...x, [key]: e.target.value }))}
              >
                <option value="">不安排</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </CellSelect>
            );
          }),
        ]}
      />
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Link to={`${BASE}/create/first`} state={draft}>
          上一步
        </Link>
        <Button type="primary" onClick={next}>
          下一步：确认
        </Button>
      </Actions>
    </PageBox>
  );
}

/** /exam/tool/task/create/third: confirm and create. */
export function TaskThirdPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const draft = (useLocation().state as TaskDraft | null) ?? null;
  const [saving, setSaving] = useState(false);
  if (!draft?.items) return <StartOver />;
  const { sheet, items } = draft;
  const className = new Map(sheet.classes.map((c) => [c.classId, c.className]));
  const subjectName = new Map(sheet.subjects.map((s) => [s.id, s.name]));
  async function create() {
    setSaving(true);
    const r = await call(examToolRoutes.taskCreate, {
      name: draft!.name,
      sheetId: sheet.id,
      deadline: draft!.deadline,
      ...(draft!.note ? { note: draft!.note } : {}),
      items: items!,
    });
    setSaving(false);
    if (r.ok) navigate(`${BASE}/list/${r.data.id}/${sheet.gradeId}`);
  }
  return (
    <PageBox aria-labelledby="task-third-title">
      <h1 id="task-third-title">新建任务（第三步：确认）</h1>
      <Note>
        {draft.name} · 成绩表：{sheet.name} · 截止 {draft.deadline}
      </Note>
      <DataTable
        label="任务分工"
        columns={['班级', '学科', '录入教师']}
        rows={items}
        rowKey={(i) => `${i.classId}-${i.subjectId}`}
        cells={(i) => [
          className.get(i.classId),
          subjectName.get(i.subjectId),
          draft.teacherNames?.[i.teacherId] ?? '',
        ]}
      />
      <Actions>
        <Link to={`${BASE}/create/second`} state={draft}>
          上一步
        </Link>
        <Button type="primary" loading={saving} onClick={() => void create()}>
          创建任务
        </Button>
      </Actions>
    </PageBox>
  );
}
