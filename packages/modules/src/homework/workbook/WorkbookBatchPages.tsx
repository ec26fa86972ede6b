import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_STATE_LABELS,
  homeworkWorkbookRoutes as r,
  type WorkbookBatch,
  type WorkbookBatchDetail,
} from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Actions, CheckGroup, ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useMyScope } from '../../common/useMyScope';
import { formatPoints } from '../../marking/utils/scoring';
import { AssistantTabs } from '../assistant/AssistantPages';
import { gradesOf, subjectsOfGrade, useHomeworkOptions } from '../useHomeworkOptions';

const TA = '/homework/teaching-assistant';

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
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
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
  const classes = pair?.targets.filter((t) => t.kind === 'class') ?? [];

  async function create() {
    if (name.trim() === '') return setError('请填写教辅名称');
    if (!pair) return setError('请选择年级和科目');
    if (chosen.size === 0) return setError('请选择使用这本教辅的班级');
    setError('');
    setBusy(true);
    const x = await call(
      r.workbookBatchCreate,
      {
        name: name.trim(),
        publisher: publisher.trim(),
        gradeId: pair.gradeId,
        subjectId: pair.subjectId,
        classIds: [...chosen],
        idempotencyKey: key,
      },
      { errorMessage: false },
    );
    setBusy(false);
    if (!x.ok) return setError(x.message);
    void navigate(`${TA}/batchDetail?id=${x.data.id}`);
  }

  return (
    <section aria-labelledby="batch-form-title">
      <h2 id="batch-form-title">新建教辅</h2>
      <Toolbar>
        <FormField label="教辅名称" required>
          <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="出版社">
          <TextInput
            value={publisher}
            maxLength={60}
            onChange={(e) => setPublisher(e.target.value)}
          />
        </FormField>
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
      <CheckGroup>
        <legend>使用班级</legend>
        {classes.map((c) => (
          <label key={c.id}>
            <input
              type="checkbox"
              checked={chosen.has(c.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(c.id);
                else next.delete(c.id);
                setChosen(next);
              }}
            />
            {c.name}（{c.studentCount} 人）
          </label>
        ))}
      </CheckGroup>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button type="primary" loading={busy} onClick={() => void create()}>
          创建教辅
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Actions>
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
            <td>{b.classes.map((c) => c.name).join('、') || '—'}</td>
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

/**
 * /homework/teaching-assistant/batchDetail?id= (批次详情): a workbook's chapters in book order
 * with the hand-ins of the user's classes, and the ways on: a chapter's page, scan, 批改, 讲评;
 * the students' records and the wrong questions of the whole workbook.
 */
export function WorkbookBatchDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const writes = useMyScope()?.reader !== true;
  const [detail, setDetail] = useState<WorkbookBatchDetail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id) return;
    void call(r.workbookBatchDetail, { id }, { errorMessage: false }).then((x) => {
      if (x.ok) setDetail(x.data);
      else setError(x.message);
    });
  }, [call, id]);

  if (!id || error)
    return (
      <PageBox aria-label="批次详情">
        <p role="alert">{error || '缺少教辅编号，请从教辅列表进入。'}</p>
        <Link to={`${TA}/batch`}>返回教辅列表</Link>
      </PageBox>
    );
  if (!detail) return null;
  const { batch, chapters } = detail;
  return (
    <PageBox aria-labelledby="workbook-detail-title">
      <h1 id="workbook-detail-title">批次详情 · {batch.name}</h1>
      <AssistantTabs />
      <p>
        {batch.gradeName} {batch.subjectName}
        {batch.publisher ? ` · ${batch.publisher}` : ''} · 班级：
        {batch.classes.map((c) => c.name).join('、') || '—'}
      </p>
      <Toolbar>
        {writes && <Link to={`${TA}/chapter?workbookId=${batch.id}`}>添加章节</Link>}
        <Link to={`${TA}/student?workbookId=${batch.id}`}>学生分析</Link>
        <Link to={`${TA}/wrong?workbookId=${batch.id}`}>错题</Link>
        <Link to={`${TA}/batch`}>返回教辅列表</Link>
      </Toolbar>
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
                <Link to={`${TA}/chapter?id=${c.homeworkId}`} aria-label={`${c.title}详情`}>
                  {c.state === 'assigned' ? '详情' : '布置'}
                </Link>
                {c.state === 'assigned' && (
                  <>
                    <Link
                      to={`${TA}/chapter/scan?id=${c.homeworkId}`}
                      aria-label={`扫描${c.title}`}
                    >
                      扫描
                    </Link>
                    <Link to={`${TA}/correct?id=${c.homeworkId}`} aria-label={`批改${c.title}`}>
                      批改
                    </Link>
                    <Link to={`${TA}/comment?id=${c.homeworkId}`} aria-label={`讲评${c.title}`}>
                      讲评
                    </Link>
                  </>
                )}
              </Toolbar>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
