import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  HOMEWORK_SHEET_URL,
  HOMEWORK_STATE_LABELS,
  homeworkReportRoutes,
  homeworkWorkbookRoutes as r,
  type HomeworkDetail,
  type WorkbookBatch,
  type WorkbookChapterRef,
} from '@examkit/contracts';
import { usePermission } from '@examkit/permission';
import { Button, FormField, LOADING_TEXT, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Actions, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { useMyScope } from '../../common/useMyScope';
import { formatPoints } from '../../marking/utils/scoring';
import { AssignPanel, MinutesField } from '../components/AssignPanel';
import { QuestionEditor, draftOf, inputOf, type QuestionDraft } from '../components/QuestionEditor';
import { HomeworkScanPage } from '../pages/HomeworkScanPage';
import { CommentField } from '../report/HomeworkReportCommentPage';
import { TargetFilter, targetBody } from '../report/ReportHeader';
import { percent, useReport } from '../report/useReport';
import { useHomeworkOptions } from '../useHomeworkOptions';
import { FormSubmit } from '../../common/FormSubmit';
import { useFormSubmit } from '../../common/useFormSubmit';

const TA = '/homework/teaching-assistant';

/** 添加章节 (?workbookId=): the chapter's title, estimated minutes and questions. */
function ChapterForm({ workbookId }: { workbookId: number }) {
  const call = useApiCall();
  const navigate = useNavigate();
  const [key] = useState(() => crypto.randomUUID());
  const [batch, setBatch] = useState<WorkbookBatch | null>(null);
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('20');
  const [drafts, setDrafts] = useState<QuestionDraft[]>([]);
  const { error, setError, busy, send } = useFormSubmit();
  useEffect(() => {
    void call(r.workbookBatchDetail, { id: workbookId }).then((x) => {
      if (x.ok) setBatch(x.data.batch);
    });
  }, [call, workbookId]);

  async function save() {
    if (title.trim() === '') return setError('请填写章节名称');
    if (drafts.length === 0) return setError('请添加题目');
    const estimatedMinutes = Number(minutes);
    if (!Number.isInteger(estimatedMinutes) || estimatedMinutes < 1 || estimatedMinutes > 240)
      return setError('预计用时为 1–240 分钟的整数');
    const x = await send(() =>
      call(
        r.workbookChapterCreate,
        {
          workbookId,
          title: title.trim(),
          questions: drafts.map(inputOf),
          estimatedMinutes,
          idempotencyKey: key,
        },
        { errorMessage: false },
      ),
    );
    if (x.ok) void navigate(`${TA}/chapter?id=${x.data.id}`);
  }

  return (
    <PageBox aria-labelledby="chapter-new-title">
      <h1 id="chapter-new-title">添加章节{batch ? ` · ${batch.name}` : ''}</h1>
      <Note>对照教辅录入本章的题目：客观题填写答案（扫描后自动判分），主观题由老师批改。</Note>
      <Toolbar>
        <FormField label="章节名称" required>
          <TextInput value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
        </FormField>
        <MinutesField value={minutes} onChange={setMinutes} />
      </Toolbar>
      <QuestionEditor questions={drafts} readOnly={false} onChange={setDrafts} />
      <FormSubmit error={error} busy={busy} label="保存章节" onSubmit={save}>
        <Link to={`${TA}/batchDetail?id=${workbookId}`}>返回批次详情</Link>
      </FormSubmit>
    </PageBox>
  );
}

/**
 * A chapter (?id=): its questions with their knowledge points (标注知识点 for who may change the
 * workbook), 打印答题卡, 布置 to the workbook's classes, and the ways on.
 */
function ChapterView({ id }: { id: number }) {
  const call = useApiCall();
  const download = useDownload();
  const options = useHomeworkOptions();
  const writes = useMyScope()?.reader !== true;
  const schoolBase = usePermission('Homework-SchoolBase');
  const [ref, setRef] = useState<WorkbookChapterRef | null>(null);
  const [batch, setBatch] = useState<WorkbookBatch | null>(null);
  const [homework, setHomework] = useState<HomeworkDetail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void (async () => {
      const c = await call(r.workbookChapter, { id }, { errorMessage: false });
      if (!c.ok) return setError(c.message);
      setRef(c.data);
      setHomework(c.data.homework);
      const b = await call(r.workbookBatchDetail, { id: c.data.workbookId });
      if (b.ok) setBatch(b.data.batch);
    })();
  }, [call, id]);

  if (error) return <p role="alert">{error}</p>;
  if (!ref || !batch || !homework) return null;
  const assigned = homework.state === 'assigned';
  // 编辑题目 and 标注知识点: question/edit and question/point/save take the batch's own rule.
  const editable = writes && schoolBase && batch.editable;
  // The batch's classes and teaching classes (教学班) the user may assign to.
  const mine = new Set([
    ...batch.classes.map((c) => `class:${c.id}`),
    ...batch.teachingClasses.map((c) => `teachingClass:${c.id}`),
  ]);
  const targets = (
    options?.find((o) => o.gradeId === homework.gradeId && o.subjectId === homework.subjectId)
      ?.targets ?? []
  ).filter((t) => mine.has(`${t.kind}:${t.id}`));
  return (
    <>
      <h1 id="chapter-title">
        {ref.workbookName} · 第 {ref.position} 章 {ref.title}
      </h1>
      <p>
        {HOMEWORK_STATE_LABELS[homework.state]} · {homework.questions.length} 题 · 满分{' '}
        {formatPoints(homework.questions.reduce((s, q) => s + q.fullMarks, 0))} 分
      </p>
      <Actions>
        {/* The sheet, 扫描, 批改 and 讲评 are 校本作业's pages; a reader (the seat) reads the questions. */}
        {schoolBase && (
          <Button
            onClick={() => void download(HOMEWORK_SHEET_URL, `${homework.name}-答题卡.pdf`, { id })}
          >
            打印答题卡
          </Button>
        )}
        {assigned && schoolBase && (
          <>
            {writes && <Link to={`${TA}/chapter/scan?id=${id}`}>扫描</Link>}
            {writes && <Link to={`${TA}/correct?id=${id}`}>批改</Link>}
            <Link to={`${TA}/comment?id=${id}`}>讲评</Link>
          </>
        )}
        <Link to={`${TA}/batchDetail?id=${ref.workbookId}`}>返回批次详情</Link>
      </Actions>
      <QuestionEditor
        questions={homework.questions.map(draftOf)}
        readOnly
        onChange={() => {}}
        points={{
          homeworkId: id,
          saved: homework.questions,
          editable,
          onSaved: (no, points) =>
            setHomework({
              ...homework,
              questions: homework.questions.map((q) => (q.no === no ? { ...q, points } : q)),
            }),
        }}
      />
      {editable && homework.questions.length > 0 && (
        <nav aria-label="编辑题目">
          <Actions>
            编辑题目：
            {homework.questions.map((q) => (
              <Link
                key={q.no}
                to={`/homework/question/edit?id=${id}&no=${q.no}`}
                aria-label={`编辑第 ${q.label} 题`}
              >
                {q.label}
              </Link>
            ))}
          </Actions>
        </nav>
      )}
      {homework.assignments.length > 0 && (
        <p>已布置：{homework.assignments.map((a) => a.name).join('、')}</p>
      )}
      {writes && (
        <AssignPanel
          homework={homework}
          targets={targets}
          onAssigned={setHomework}
          {...(ref.estimatedMinutes ? { initialMinutes: ref.estimatedMinutes } : {})}
        />
      )}
    </>
  );
}

/**
 * /homework/teaching-assistant/chapter (章节分析): `?workbookId=` adds a chapter to a workbook,
 * `?id=` shows one (its homework id) with its questions and the 布置 panel.
 */
export function WorkbookChapterPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const workbookId = Number(search.get('workbookId')) || 0;
  if (workbookId && !id) return <ChapterForm workbookId={workbookId} />;
  return (
    <PageBox aria-labelledby="chapter-title">
      {id ? (
        <ChapterView id={id} />
      ) : (
        <>
          <h1 id="chapter-title">章节分析</h1>
          <p>
            请从<Link to={`${TA}/batch`}>教辅列表</Link>进入一本教辅，再选择章节。
          </p>
        </>
      )}
    </PageBox>
  );
}

/** /homework/teaching-assistant/chapter/scan?id= (章节扫描): the homework scan page of a chapter. */
export function WorkbookChapterScanPage() {
  return <HomeworkScanPage chapter />;
}

/**
 * /homework/teaching-assistant/comment?id= (作业讲评): a chapter's questions by how often the
 * class got them wrong, with the answers chosen and who got them wrong, and each class's 讲评.
 */
export function WorkbookCommentPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const call = useApiCall();
  const writes = useMyScope()?.reader !== true;
  const [ref, setRef] = useState<WorkbookChapterRef | null>(null);
  const [target, setTarget] = useState('');
  const body = id > 0 ? { id, ...targetBody(target) } : null;
  const comments = useReport(homeworkReportRoutes.reportComment, body);
  const errors = useReport(homeworkReportRoutes.errorStatistics, body);
  useEffect(() => {
    if (id) void call(r.workbookChapter, { id }).then((x) => x.ok && setRef(x.data));
  }, [call, id]);

  const save = async (classId: number, text: string) => {
    const x = await call(homeworkReportRoutes.saveComment, {
      id,
      classId,
      studentId: null,
      text,
    });
    if (x.ok) comments.reload();
    return x.ok;
  };
  const questions = errors.data
    ? [...errors.data.questions].sort((a, b) => (b.wrongRate ?? 0) - (a.wrongRate ?? 0))
    : null;

  return (
    <PageBox aria-labelledby="workbook-comment-title" aria-busy={comments.loading}>
      <h1 id="workbook-comment-title">
        作业讲评{ref ? ` · ${ref.workbookName} · ${ref.title}` : ''}
      </h1>
      <Toolbar>
        <TargetFilter targets={comments.data?.targets ?? []} value={target} onChange={setTarget} />
        {ref && <Link to={`${TA}/batchDetail?id=${ref.workbookId}`}>返回批次详情</Link>}
        {ref && <Link to={`${TA}/wrong?workbookId=${ref.workbookId}`}>全书错题</Link>}
      </Toolbar>
      {(comments.error ?? errors.error) && <p role="alert">{comments.error ?? errors.error}</p>}
      {comments.loading && <p role="status">{LOADING_TEXT}</p>}
      <h2>讲评要点</h2>
      <Note>按错误率从高到低；部分得分也算错。</Note>
      <ListTable
        label="讲评要点"
        rows={questions}
        headers={['题号', '题型', '答案', '已批', '错', '错误率', '作答分布', '错的学生']}
      >
        {(q) => (
          <tr key={q.no}>
            <td>{q.label}</td>
            <td>{q.type === 'objective' ? '客观题' : '主观题'}</td>
            <td>{q.answer ?? '—'}</td>
            <td>{q.scored}</td>
            <td>{q.wrong}</td>
            <td>{percent(q.wrongRate)}</td>
            <td>
              {q.choices.map((c) => `${c.answer || '未作答'} ${c.count} 人`).join('，') || '—'}
            </td>
            <td>{q.wrongStudents.map((s) => s.name).join('、') || '—'}</td>
          </tr>
        )}
      </ListTable>
      <h2>班级讲评</h2>
      {comments.data?.classes.map((c) =>
        writes ? (
          <CommentField
            key={c.classId}
            label={`${c.className}讲评`}
            value={c.comment}
            onSave={(text) => save(c.classId, text)}
          />
        ) : (
          <p key={c.classId}>
            {c.className}讲评：{c.comment ?? '—'}
          </p>
        ),
      )}
    </PageBox>
  );
}
