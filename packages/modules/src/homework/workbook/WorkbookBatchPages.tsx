import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_STATE_LABELS,
  homeworkWorkbookRoutes as r,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookChapter,
} from '@examkit/contracts';
import { usePermission } from '@examkit/permission';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { chosenIds, TargetChecks, targetKey } from '../components/AssignPanel';
import { useApiCall } from '../../common/useApiCall';
import { useMyScope } from '../../common/useMyScope';
import { formatPoints } from '../../marking/utils/scoring';
import { AssistantTabs } from '../assistant/AssistantPages';
import { gradesOf, subjectsOfGrade, useHomeworkOptions } from '../useHomeworkOptions';
import { FormSubmit } from '../../common/FormSubmit';
import { useFormSubmit } from '../../common/useFormSubmit';

const TA = '/homework/teaching-assistant';

/** The batch's classes and teaching classes (教学班) the user has, as one line. */
const namesOf = (b: WorkbookBatch) =>
  [...b.classes.map((c) => c.name), ...b.teachingClasses.map((c) => `${c.name}（教学班）`)].join(
    '、',
  );

/** A workbook's 教辅名称 and 出版社 (新建教辅, 编辑教辅). */
function BatchNameFields(props: {
  name: string;
  publisher: string;
  onName(name: string): void;
  onPublisher(publisher: string): void;
}) {
  return (
    <>
      <FormField label="教辅名称" required>
        <TextInput
          value={props.name}
          maxLength={60}
          onChange={(e) => props.onName(e.target.value)}
        />
      </FormField>
      <FormField label="出版社">
        <TextInput
          value={props.publisher}
          maxLength={60}
          onChange={(e) => props.onPublisher(e.target.value)}
        />
      </FormField>
    </>
  );
}

/** 新建教辅: name, publisher, grade × subject (those the user teaches) and the classes using it. */
function BatchForm({ onCancel }: { onCancel(): void }) {
  const call = useApiCall();
  const navigate = useNavigate();
  const options = useHomeworkOptions();
  const [key] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [publisher, setPublisher] = useState('');
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const { error, setError, busy, send } = useFormSubmit();
  useEffect(() => {
    const first = options?.[0];
    if (first && gradeId === null) {
      setGradeId(first.gradeId);
      setSubjectId(first.subjectId);
    }
  }, [options, gradeId]);
  if (options === null) return null;
  if (options.length === 0) return <Note>您没有可布置作业的年级和科目。</Note>;
  const pair = options.find((o) => o.gradeId === gradeId && o.subjectId === subjectId);
  const targets = pair?.targets ?? [];

  async function create() {
    if (name.trim() === '') return setError('请填写教辅名称');
    if (!pair) return setError('请选择年级和科目');
    if (chosen.size === 0) return setError('请选择使用这本教辅的班级或教学班');
    const x = await send(() =>
      call(
        r.workbookBatchCreate,
        {
          name: name.trim(),
          publisher: publisher.trim(),
          gradeId: pair.gradeId,
          subjectId: pair.subjectId,
          classIds: chosenIds(chosen, 'class'),
          teachingClassIds: chosenIds(chosen, 'teachingClass'),
          idempotencyKey: key,
        },
        { errorMessage: false },
      ),
    );
    if (x.ok) void navigate(`${TA}/batchDetail?id=${x.data.id}`);
  }

  return (
    <section aria-labelledby="batch-form-title">
      <h2 id="batch-form-title">新建教辅</h2>
      <Toolbar>
        <BatchNameFields
          name={name}
          publisher={publisher}
          onName={setName}
          onPublisher={setPublisher}
        />
        <FormField label="年级" required>
          <Select
            value={gradeId ?? ''}
            options={gradesOf(options)}
            onChange={(e) => {
              const g = Number(e.target.value);
              setGradeId(g);
              setSubjectId(subjectsOfGrade(options, g)[0]?.value ?? null);
              setChosen(new Set());
            }}
          />
        </FormField>
        <FormField label="科目" required>
          <Select
            value={subjectId ?? ''}
            options={subjectsOfGrade(options, gradeId)}
            onChange={(e) => {
              setSubjectId(Number(e.target.value));
              setChosen(new Set());
            }}
          />
        </FormField>
      </Toolbar>
      <TargetChecks legend="使用班级" targets={targets} chosen={chosen} onChange={setChosen} />
      <FormSubmit error={error} busy={busy} label="创建教辅" onSubmit={create}>
        <Button onClick={onCancel}>取消</Button>
      </FormSubmit>
    </section>
  );
}

/**
 * /homework/teaching-assistant/batch (批次分析): the workbook batches of the user's grades and
 * subjects, each with its classes and chapters; 新建教辅 for those who may write.
 */
export function WorkbookBatchPage() {
  const call = useApiCall();
  const writes = useMyScope()?.reader !== true;
  const [rows, setRows] = useState<WorkbookBatch[] | null>(null);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void call(r.workbookBatches, {}).then((x) => setRows(x.ok ? x.data : []));
  }, [call]);

  return (
    <PageBox aria-labelledby="workbook-batch-title">
      <h1 id="workbook-batch-title">作业分析 · 教辅</h1>
      <AssistantTabs />
      <Note>
        教辅是学校为班级统一征订的练习册，按章节布置：每一章像作业一样打印答题卡、扫描、批改和讲评。
      </Note>
      {writes && !creating && (
        <Toolbar>
          <Button type="primary" onClick={() => setCreating(true)}>
            新建教辅
          </Button>
        </Toolbar>
      )}
      {creating && <BatchForm onCancel={() => setCreating(false)} />}
      <ListTable
        label="教辅列表"
        rows={rows}
        headers={['教辅名称', '出版社', '年级', '科目', '班级', '章节数', '操作']}
        empty="还没有教辅"
      >
        {(b) => (
          <tr key={b.id}>
            <td>{b.name}</td>
            <td>{b.publisher || '—'}</td>
            <td>{b.gradeName}</td>
            <td>{b.subjectName}</td>
            <td>{namesOf(b) || '—'}</td>
            <td>{b.chapterCount}</td>
            <td>
              <Link to={`${TA}/batchDetail?id=${b.id}`} aria-label={`查看${b.name}`}>
                查看
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}

/** 编辑教辅: its name, publisher and classes (those of the batch and those the user teaches). */
function BatchEditForm({
  batch,
  onDone,
  onCancel,
}: {
  batch: WorkbookBatch;
  onDone(): void;
  onCancel(): void;
}) {
  const call = useApiCall();
  const options = useHomeworkOptions();
  const [name, setName] = useState(batch.name);
  const [publisher, setPublisher] = useState(batch.publisher);
  const [chosen, setChosen] = useState<Set<string>>(
    new Set([
      ...batch.classes.map((c) => targetKey({ kind: 'class', id: c.id })),
      ...batch.teachingClasses.map((c) => targetKey({ kind: 'teachingClass', id: c.id })),
    ]),
  );
  const { error, setError, busy, send } = useFormSubmit();
  const pair = options?.find((o) => o.gradeId === batch.gradeId && o.subjectId === batch.subjectId);
  const kept = [
    ...batch.classes.map((c) => ({ kind: 'class' as const, ...c })),
    ...batch.teachingClasses.map((c) => ({ kind: 'teachingClass' as const, ...c })),
  ];
  const targets = [
    ...kept,
    ...(pair?.targets ?? [])
      .filter((t) => !kept.some((c) => c.kind === t.kind && c.id === t.id))
      .map((t) => ({ kind: t.kind, id: t.id, name: t.name })),
  ];

  async function save() {
    if (name.trim() === '') return setError('请填写教辅名称');
    if (chosen.size === 0) return setError('请选择使用这本教辅的班级或教学班');
    const x = await send(() =>
      call(
        r.workbookBatchUpdate,
        {
          id: batch.id,
          name: name.trim(),
          publisher: publisher.trim(),
          classIds: chosenIds(chosen, 'class'),
          teachingClassIds: chosenIds(chosen, 'teachingClass'),
        },
        { errorMessage: false },
      ),
    );
    if (x.ok) onDone();
  }

  return (
    <section aria-labelledby="batch-edit-title">
      <h2 id="batch-edit-title">编辑教辅</h2>
      <Toolbar>
        <BatchNameFields
          name={name}
          publisher={publisher}
          onName={setName}
          onPublisher={setPublisher}
        />
      </Toolbar>
      <TargetChecks legend="使用班级" targets={targets} chosen={chosen} onChange={setChosen} />
      <Note>去掉的班级或教学班不再使用这本教辅；已布置给它的章节仍保留。</Note>
      <FormSubmit error={error} busy={busy} label="保存教辅" onSubmit={save}>
        <Button onClick={onCancel}>取消</Button>
      </FormSubmit>
    </section>
  );
}

/** 重命名 a chapter: its title (the homework is renamed with it). */
function ChapterRenameForm({
  chapter,
  onDone,
  onCancel,
}: {
  chapter: WorkbookChapter;
  onDone(): void;
  onCancel(): void;
}) {
  const call = useApiCall();
  const [title, setTitle] = useState(chapter.title);
  const { error, setError, busy, send } = useFormSubmit();
  async function save() {
    if (title.trim() === '') return setError('请填写章节名称');
    const x = await send(() =>
      call(
        r.workbookChapterUpdate,
        { id: chapter.homeworkId, title: title.trim() },
        { errorMessage: false },
      ),
    );
    if (x.ok) onDone();
  }
  return (
    <section aria-labelledby="chapter-rename-title">
      <h2 id="chapter-rename-title">重命名章节 · 第 {chapter.position} 章</h2>
      <Toolbar>
        <FormField label="章节名称" required>
          <TextInput value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
        </FormField>
      </Toolbar>
      <FormSubmit error={error} busy={busy} label="保存章节名称" onSubmit={save}>
        <Button onClick={onCancel}>取消</Button>
      </FormSubmit>
    </section>
  );
}

/**
 * /homework/teaching-assistant/batchDetail?id= (批次详情): a workbook's chapters in book order
 * with the hand-ins of the user's classes, and the ways on: a chapter's page, scan, 批改, 讲评;
 * the students' records and the wrong questions of the whole workbook. Those who may change the
 * batch (`editable`) edit it, rename chapters, and delete chapters (and the batch) without
 * hand-ins.
 */
export function WorkbookBatchDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const navigate = useNavigate();
  const writes = useMyScope()?.reader !== true;
  // A chapter's own pages (布置, scan, 批改, 讲评) are homework pages: they need 校本作业.
  const schoolBase = usePermission('Homework-SchoolBase');
  const [detail, setDetail] = useState<WorkbookBatchDetail | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState(false);
  const [renaming, setRenaming] = useState<WorkbookChapter | null>(null);
  const [removing, setRemoving] = useState<WorkbookChapter | 'batch' | null>(null);
  const [removeError, setRemoveError] = useState('');
  const load = useCallback(() => {
    if (!id) return;
    void call(r.workbookBatchDetail, { id }, { errorMessage: false }).then((x) => {
      if (x.ok) setDetail(x.data);
      else setError(x.message);
    });
  }, [call, id]);
  useEffect(load, [load]);

  if (!id || error)
    return (
      <PageBox aria-label="批次详情">
        <p role="alert">{error || '缺少教辅编号，请从教辅列表进入。'}</p>
        <Link to={`${TA}/batch`}>返回教辅列表</Link>
      </PageBox>
    );
  if (!detail) return null;
  const { batch, chapters } = detail;
  const canEdit = writes && batch.editable;
  const handedIn = chapters.some((c) => c.submitted > 0);

  async function remove() {
    if (removing === null) return;
    const x =
      removing === 'batch'
        ? await call(r.workbookBatchRemove, { id: batch.id }, { errorMessage: false })
        : await call(r.workbookChapterRemove, { id: removing.homeworkId }, { errorMessage: false });
    if (!x.ok) {
      setRemoving(null);
      return setRemoveError(x.message);
    }
    setRemoveError('');
    if (removing === 'batch') return void navigate(`${TA}/batch`);
    setRemoving(null);
    load();
  }

  return (
    <PageBox aria-labelledby="workbook-detail-title">
      <h1 id="workbook-detail-title">批次详情 · {batch.name}</h1>
      <AssistantTabs />
      <p>
        {batch.gradeName} {batch.subjectName}
        {batch.publisher ? ` · ${batch.publisher}` : ''} · 班级：
        {namesOf(batch) || '—'}
      </p>
      <Toolbar>
        {writes && <Link to={`${TA}/chapter?workbookId=${batch.id}`}>添加章节</Link>}
        <Link to={`${TA}/student?workbookId=${batch.id}`}>学生分析</Link>
        <Link to={`${TA}/wrong?workbookId=${batch.id}`}>错题</Link>
        <Link to={`${TA}/batch`}>返回教辅列表</Link>
        {canEdit && !editing && <Button onClick={() => setEditing(true)}>编辑教辅</Button>}
        {canEdit && !handedIn && <Button onClick={() => setRemoving('batch')}>删除教辅</Button>}
      </Toolbar>
      {editing && (
        <BatchEditForm
          batch={batch}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            load();
          }}
        />
      )}
      {renaming && (
        <ChapterRenameForm
          key={renaming.homeworkId}
          chapter={renaming}
          onCancel={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            load();
          }}
        />
      )}
      {removeError && <ErrorText role="alert">{removeError}</ErrorText>}
      <ListTable
        label="章节列表"
        rows={chapters}
        headers={[
          '序号',
          '章节',
          '状态',
          '题数',
          '满分',
          '应交',
          '已交',
          '已批改',
          '平均分',
          '操作',
        ]}
        empty="还没有章节，请先添加章节"
      >
        {(c) => (
          <tr key={c.homeworkId}>
            <td>{c.position}</td>
            <td>{c.title}</td>
            <td>{HOMEWORK_STATE_LABELS[c.state]}</td>
            <td>{c.questionCount}</td>
            <td>{formatPoints(c.fullMarks)}</td>
            <td>{c.expected}</td>
            <td>{c.submitted}</td>
            <td>{c.corrected}</td>
            <td>{c.average === null ? '—' : formatPoints(c.average)}</td>
            <td>
              <Toolbar>
                {schoolBase && (
                  <Link
                    to={`${TA}/chapter?id=${c.homeworkId}`}
                    aria-label={`${c.state === 'assigned' || !writes ? '详情' : '布置'}${c.title}`}
                  >
                    {c.state === 'assigned' || !writes ? '详情' : '布置'}
                  </Link>
                )}
                {schoolBase && c.state === 'assigned' && (
                  <>
                    {writes && (
                      <Link
                        to={`${TA}/chapter/scan?id=${c.homeworkId}`}
                        aria-label={`扫描${c.title}`}
                      >
                        扫描
                      </Link>
                    )}
                    {writes && (
                      <Link to={`${TA}/correct?id=${c.homeworkId}`} aria-label={`批改${c.title}`}>
                        批改
                      </Link>
                    )}
                    <Link to={`${TA}/comment?id=${c.homeworkId}`} aria-label={`讲评${c.title}`}>
                      讲评
                    </Link>
                  </>
                )}
                {canEdit && <RowAction text="重命名" of={c.title} onClick={() => setRenaming(c)} />}
                {canEdit && c.submitted === 0 && (
                  <RowAction text="删除" of={c.title} onClick={() => setRemoving(c)} />
                )}
              </Toolbar>
            </td>
          </tr>
        )}
      </ListTable>
      {canEdit && handedIn && (
        <Note>已有学生提交的章节不能删除，可以重命名；有这样的章节时，教辅也不能删除。</Note>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing === 'batch' ? '删除教辅' : '删除章节'}
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        {removing === 'batch'
          ? `确定删除教辅“${batch.name}”和它的 ${chapters.length} 个章节吗？`
          : `确定删除章节“${removing?.title ?? ''}”吗？它的题目和布置一并删除，后面的章节序号前移。`}
      </ConfirmDialog>
    </PageBox>
  );
}
