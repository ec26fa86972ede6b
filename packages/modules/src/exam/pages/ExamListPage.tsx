import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  administrationRoutes,
  examRoutes,
  type ExamSummary,
  type ExamType,
} from '@examkit/contracts';
import { yearOptions } from '@examkit/core';
import { useExamkitStore, useListMemory } from '@examkit/core/react';
import { Button, Dialog, FormField, Select } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { ExamTypeField } from '../components/ExamTypeField';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { reportLinksOf, useReportExams, type ReportExamRow } from '../../common/useReportExams';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { usePagedRows } from '../../common/usePagedRows';
import { Actions, PageBox, StateTag, Toolbar } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { managesGrade, useMyScope } from '../../common/useMyScope';
import { STATE_LABELS } from '../utils/examLabels';
import { RowAction } from '../../common/RowAction';
import { ListTable } from '../../common/ListTable';

const PAGE_SIZE = 20;

interface Grade {
  id: number;
  name: string;
}

/**
 * /exam/single: the school's exams, filtered by academic year, grade, exam type and keyword.
 * The route is kept alive; grade, type, keyword and page also live in the store's list
 * memory (spec 000 §2, §3), so a fresh mount starts where the user left.
 */
export function ExamListPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  // Creating and deleting exams is for their managers (school-wide roles, the grade's 年级主任).
  const scope = useMyScope();
  // An education bureau's seat reads: only 查看报告 (docs/joint-exams.md#bureau-sign-in).
  const reader = scope?.reader === true;
  const managesAny = scope !== null && (scope.schoolWide || scope.manageGradeIds.length > 0);
  const [memory, remember] = useListMemory('exam-single');
  const sessionYear = useExamkitStore((s) => s.user?.academicYear);
  const years = useMemo(() => yearOptions(new Date()), []);
  const [academicYear, setAcademicYear] = useState<number>(
    sessionYear ?? Number(years[0]?.value ?? 0),
  );
  const [grades, setGrades] = useState<Grade[]>([]);
  const [pendingDelete, setPendingDelete] = useState<ExamSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const codes = useExamkitStore((s) => s.permCodes);
  const reportExams = useReportExams(200);
  const reportOf = useMemo(
    () => new Map((reportExams ?? []).map((e) => [e.examId, e])),
    [reportExams],
  );
  const [reportsOf, setReportsOf] = useState<ReportExamRow | null>(null);

  const gradeId = memory.gradeId ? Number(memory.gradeId) : undefined;
  const examType = (memory.examTypeId || undefined) as ExamType | undefined;
  const keyWord = memory.keyWord ?? '';
  const currentPage = memory.currentPage || 1;

  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
  }, [call]);

  const fetchPage = useCallback(
    () =>
      call(
        examRoutes.list,
        {
          academicYear,
          ...(gradeId ? { gradeId } : {}),
          ...(examType ? { examType } : {}),
          ...(keyWord ? { keyWord } : {}),
          currentPage,
          pageSize: PAGE_SIZE,
        },
        // Every filter change asks again; only the newest answer is shown.
        { dedupe: false },
      ),
    [call, academicYear, gradeId, examType, keyWord, currentPage],
  );
  const { rows, total, load } = usePagedRows(fetchPage);

  // Runs again when the kept-alive page is shown again, so a new or edited exam appears.
  useEffect(() => {
    void load();
  }, [load]);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    const r = await call(
      examRoutes.remove,
      { id: pendingDelete.id },
      { successMessage: '删除成功' },
    );
    setDeleting(false);
    if (r.ok) {
      setPendingDelete(null);
      void load();
    }
  }

  return (
    <PageBox aria-labelledby="exam-list-title">
      <h1 id="exam-list-title">单校考试</h1>
      <Toolbar role="search" aria-label="筛选考试">
        <FormField label="学年">
          <Select
            value={academicYear}
            options={[{ value: 0, label: '全部' }, ...years]}
            onChange={(e) => {
              setAcademicYear(Number(e.target.value));
              remember({ currentPage: 1 });
            }}
          />
        </FormField>
        <GradeField
          grades={grades}
          value={gradeId ?? ''}
          placeholder="全部"
          onChange={(id) => remember({ gradeId: id, currentPage: 1 })}
        />
        <ExamTypeField
          value={examType ?? ''}
          placeholder="全部"
          onChange={(t) => remember({ examTypeId: t, currentPage: 1 })}
        />
        <KeywordSearch
          initial={memory.keyWord ?? ''}
          placeholder="考试名称"
          onSearch={(k) => remember({ keyWord: k, currentPage: 1 })}
        />
        {/* Spec 000 §6 keeps Exam-Print out of the menu: 试卷印刷 opens from here. */}
        {codes.includes('Exam-Print') && (
          <Button onClick={() => navigate('/exam/print')}>试卷印刷</Button>
        )}
        {managesAny && (
          <>
            <Button type="primary" onClick={() => navigate('/exam/single/create')}>
              创建考试
            </Button>
            <Button onClick={() => navigate('/exam/single/multiple')}>多科考试</Button>
            <Button onClick={() => navigate('/exam/single/Online/createBasic')}>
              创建在线考试
            </Button>
            <Button onClick={() => navigate('/exam/single/up_charm')}>答题卡上传</Button>
          </>
        )}
      </Toolbar>

      <ListTable
        label="考试列表"
        rows={rows}
        headers={['考试名称', '类型', '年级', '考试日期', '科目', '状态', '操作']}
      >
        {(exam) => (
          <tr key={exam.id}>
            <td>
              {reader ? exam.name : <Link to={`/exam/single/edit/${exam.id}`}>{exam.name}</Link>}
            </td>
            <td>{exam.examType}</td>
            <td>{exam.gradeName}</td>
            <td>{exam.examDate}</td>
            <td>{exam.subjects.map((s) => s.subjectName).join('、')}</td>
            <td>
              <StateTag>{STATE_LABELS[exam.state]}</StateTag>
            </td>
            <td>
              <Actions>
                {reportOf.has(exam.id) && (
                  <RowAction
                    text="查看报告"
                    of={exam.name}
                    onClick={() => setReportsOf(reportOf.get(exam.id)!)}
                  />
                )}
                {!reader && (
                  <>
                    <RowAction
                      text="管理"
                      of={exam.name}
                      onClick={() => navigate(`/exam/single/edit/${exam.id}`)}
                    />
                    {exam.online && (
                      <>
                        <RowAction
                          text="在线考试"
                          of={exam.name}
                          onClick={() => navigate(`/exam/single/Online/edit?id=${exam.id}`)}
                        />
                        <RowAction
                          text="答题统计"
                          of={exam.name}
                          onClick={() =>
                            navigate(`/exam/single/Online/answerStatistics?id=${exam.id}`)
                          }
                        />
                      </>
                    )}
                    <RowAction
                      text="考生"
                      of={exam.name}
                      onClick={() => navigate(`/exam/single/project/student?id=${exam.id}`)}
                    />
                    <RowAction
                      text="教师"
                      of={exam.name}
                      onClick={() => navigate(`/exam/single/project/teacher?id=${exam.id}`)}
                    />
                    {codes.includes('Exam-Print') && (
                      <RowAction
                        text="印刷"
                        of={exam.name}
                        onClick={() => navigate(`/exam/print?examId=${exam.id}`)}
                      />
                    )}
                  </>
                )}
                {managesGrade(scope, exam.gradeId) && (
                  <RowAction text="删除" of={exam.name} onClick={() => setPendingDelete(exam)} />
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>

      {rows && rows.length > 0 && (
        <Pager
          total={total}
          page={currentPage}
          pageSize={PAGE_SIZE}
          onPage={(p) => remember({ currentPage: p })}
        />
      )}

      <Dialog
        open={reportsOf !== null}
        title={`查看报告 · ${reportsOf?.name ?? ''}`}
        onClose={() => setReportsOf(null)}
      >
        {reportsOf && (
          <nav aria-label="报告">
            <p>{reportsOf.published ? '报告已发布。' : '报告未发布，仅学校管理人员可见。'}</p>
            <ul>
              {reportLinksOf(reportsOf, codes).map((link) => (
                <li key={link.to}>
                  {/* Closed on the way out: the kept-alive list would keep it over the next page. */}
                  <Link to={link.to} onClick={() => setReportsOf(null)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </Dialog>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="删除考试"
        confirmLabel="确定删除"
        loading={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>
          确定删除“{pendingDelete?.name}”吗？考试的科目、试卷、答题卡和成绩将一并删除，且无法恢复。
        </p>
      </ConfirmDialog>
    </PageBox>
  );
}
