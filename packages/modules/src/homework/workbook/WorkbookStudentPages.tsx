import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  homeworkWorkbookRoutes as r,
  type WorkbookBatch,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { usePermission } from '@examkit/permission';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatPoints } from '../../marking/utils/scoring';
import { SubmissionStatus } from '../components/SubmissionStatus';
import { TargetFilter, targetBody } from '../report/ReportHeader';
import { StudentCells, WRONG_RATE_HEADERS, WrongRateCells } from '../components/rowCells';

const TA = '/homework/teaching-assistant';

/**
 * The workbook of the page (`?workbookId=`) and the class or teaching class chosen among the
 * user's (`class:3`, `teachingClass:5`; '' all).
 */
function useWorkbook() {
  const [search] = useSearchParams();
  const workbookId = Number(search.get('workbookId')) || 0;
  const call = useApiCall();
  const [batch, setBatch] = useState<WorkbookBatch | null>(null);
  const [error, setError] = useState('');
  const [target, setTarget] = useState('');
  useEffect(() => {
    if (!workbookId) return;
    void call(r.workbookBatchDetail, { id: workbookId }, { errorMessage: false }).then((x) => {
      if (x.ok) setBatch(x.data.batch);
      else setError(x.message);
    });
  }, [call, workbookId]);
  return { workbookId, batch, error, target, setTarget };
}

/** The heading, the class filter and the way back, or why there is nothing to show. */
function WorkbookHeader({
  title,
  w,
  filter = true,
}: {
  title: string;
  w: ReturnType<typeof useWorkbook>;
  filter?: boolean;
}) {
  return (
    <>
      <h1 id="workbook-page-title">
        {title}
        {w.batch ? ` · ${w.batch.name}` : ''}
      </h1>
      {!w.workbookId && <p role="alert">缺少教辅编号，请从教辅列表进入。</p>}
      {w.error && <p role="alert">{w.error}</p>}
      <Toolbar>
        {filter && w.batch && (
          <TargetFilter
            targets={[
              ...w.batch.classes.map((c) => ({ kind: 'class' as const, ...c })),
              ...w.batch.teachingClasses.map((c) => ({ kind: 'teachingClass' as const, ...c })),
            ]}
            value={w.target}
            onChange={w.setTarget}
          />
        )}
        {w.workbookId > 0 && <Link to={`${TA}/batchDetail?id=${w.workbookId}`}>返回批次详情</Link>}
        <Link to={`${TA}/batch`}>教辅列表</Link>
      </Toolbar>
    </>
  );
}

/**
 * /homework/teaching-assistant/student?workbookId= (学生分析): every student of the workbook's
 * classes the user teaches, each chapter's status and score, hand-ins and score rate.
 */
export function WorkbookStudentPage() {
  const w = useWorkbook();
  const call = useApiCall();
  const [data, setData] = useState<WorkbookStudents | null>(null);
  const { workbookId, target } = w;
  useEffect(() => {
    if (!workbookId) return;
    void call(r.workbookStudents, { workbookId, ...targetBody(target) }).then((x) =>
      setData(x.ok ? x.data : { chapters: [], students: [] }),
    );
  }, [call, workbookId, target]);

  return (
    <PageBox aria-labelledby="workbook-page-title">
      <WorkbookHeader title="学生分析" w={w} />
      <Note>得分率只计已批改的章节。</Note>
      <ListTable
        label="学生分析"
        rows={data?.students ?? null}
        headers={[
          '学号',
          '姓名',
          '班级',
          ...(data?.chapters ?? []).map((c) => c.title),
          '已交/应交',
          '得分率',
          '操作',
        ]}
      >
        {(s) => (
          <tr key={s.studentId}>
            <StudentCells student={s} />
            {s.cells.map((c) => (
              <td key={c.homeworkId}>
                {!c.assigned ? (
                  '未布置'
                ) : c.score !== null ? (
                  formatPoints(c.score)
                ) : (
                  <SubmissionStatus status={c.status} />
                )}
              </td>
            ))}
            <td>
              {s.submitted}/{s.assigned}
            </td>
            <td>{s.scoreRate === null ? '—' : `${s.scoreRate}%`}</td>
            <td>
              <Link
                to={`${TA}/student-homework?workbookId=${workbookId}&studentId=${s.studentId}`}
                aria-label={`${s.name}的作业`}
              >
                作业
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}

/**
 * /homework/teaching-assistant/student-homework?workbookId=&studentId= (学生作业): one student's
 * chapters of the workbook, each opening the student's homework report (作业分析, 错题).
 */
export function WorkbookStudentHomeworkPage() {
  const w = useWorkbook();
  const [search] = useSearchParams();
  const studentId = Number(search.get('studentId')) || 0;
  const call = useApiCall();
  const [data, setData] = useState<WorkbookStudentHomework | null>(null);
  const [error, setError] = useState('');
  const { workbookId } = w;
  useEffect(() => {
    if (!workbookId || !studentId) return;
    void call(r.workbookStudentHomework, { workbookId, studentId }, { errorMessage: false }).then(
      (x) => {
        if (x.ok) setData(x.data);
        else setError(x.message);
      },
    );
  }, [call, workbookId, studentId]);
  // The student's homework report is a 校本作业 page (a bureau seat does not hold it).
  const schoolBase = usePermission('Homework-SchoolBase');
  const report = (homeworkId: number, tab: 'analysis' | 'wrong') =>
    `/homework/school-base/student/${studentId}/report/${tab}?id=${homeworkId}`;

  return (
    <PageBox aria-labelledby="workbook-page-title">
      <WorkbookHeader title="学生作业" w={w} filter={false} />
      {error && <p role="alert">{error}</p>}
      {data && (
        <p>
          {data.student.name}（{data.student.studentNo}，{data.student.className}）
          <Link to={`${TA}/student?workbookId=${workbookId}`}>返回学生分析</Link>
        </p>
      )}
      <ListTable
        label="学生作业"
        rows={data?.chapters ?? null}
        headers={['序号', '章节', '状态', '得分', '满分', '错题', '操作']}
      >
        {(c) => (
          <tr key={c.homeworkId}>
            <td>{c.position}</td>
            <td>{c.title}</td>
            <td>{c.assigned ? <SubmissionStatus status={c.status} /> : '未布置'}</td>
            <td>{c.score === null ? '—' : formatPoints(c.score)}</td>
            <td>{formatPoints(c.fullMarks)}</td>
            <td>{c.wrong}</td>
            <td>
              {schoolBase && c.status !== 'not_submitted' && (
                <Toolbar>
                  <Link to={report(c.homeworkId, 'analysis')} aria-label={`${c.title}作业分析`}>
                    作业分析
                  </Link>
                  {c.wrong > 0 && (
                    <Link to={report(c.homeworkId, 'wrong')} aria-label={`${c.title}错题`}>
                      错题
                    </Link>
                  )}
                </Toolbar>
              )}
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}

/**
 * /homework/teaching-assistant/wrong?workbookId= (错题): the questions of every chapter the
 * user's students got wrong, most wrong first, with the wrong answer given most and who.
 */
export function WorkbookWrongPage() {
  const w = useWorkbook();
  const call = useApiCall();
  const [rows, setRows] = useState<WorkbookWrongRow[] | null>(null);
  // A chapter's 讲评 is a 校本作业 page (a bureau seat does not hold it).
  const schoolBase = usePermission('Homework-SchoolBase');
  const { workbookId, target } = w;
  useEffect(() => {
    if (!workbookId) return;
    void call(r.workbookWrong, { workbookId, ...targetBody(target) }).then((x) =>
      setRows(x.ok ? x.data : []),
    );
  }, [call, workbookId, target]);

  return (
    <PageBox aria-labelledby="workbook-page-title">
      <WorkbookHeader title="错题" w={w} />
      <Note>全书各章节已批改的作答中得分低于满分的题，按错误率从高到低。</Note>
      <ListTable
        label="错题"
        rows={rows}
        headers={['章节', ...WRONG_RATE_HEADERS, '常见错误答案', '错的学生']}
        empty="没有错题"
      >
        {(x) => (
          <tr key={`${x.homeworkId}-${x.questionNo}`}>
            <td>
              {schoolBase ? (
                <Link to={`${TA}/comment?id=${x.homeworkId}`} aria-label={`讲评${x.chapterTitle}`}>
                  {x.chapterTitle}
                </Link>
              ) : (
                x.chapterTitle
              )}
            </td>
            <WrongRateCells question={x} />
            <td>{x.commonWrongAnswer ?? '—'}</td>
            <td>{x.students.map((s) => s.name).join('、')}</td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
