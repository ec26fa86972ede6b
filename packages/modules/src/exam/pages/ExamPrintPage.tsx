import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  examPrintDownloads,
  examPrintRoutes,
  PRINT_STATE_NAMES,
  type DataOf,
  type PrintExam,
  type PrintPlan,
  type PrintTask,
} from '@examkit/contracts';
import { Button, Empty, FormField, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { KeywordSearch } from '../../common/KeywordSearch';
import { Pager } from '../../common/Pager';
import { useApiCall } from '../../common/useApiCall';
import {
  Actions,
  CellSelect,
  ErrorText,
  Note,
  PageBox,
  StateTag,
  Table,
  Toolbar,
} from '../components/styled';
import { useDownload } from '../../common/useDownload';

const PAGE_SIZE = 20;
type Notice = DataOf<typeof examPrintRoutes.printNotices>[number];

/**
 * /exam/print (试卷印刷): the exams with their print progress; `?examId=` opens one exam's
 * tasks: each class's 试卷 and 答题卡 with counts, its printer and state, and 通知老师领取.
 * @see docs/exams.md#试卷印刷
 */
export function ExamPrintPage() {
  const [search, setSearch] = useSearchParams();
  const examId = Number(search.get('examId')) || 0;
  return examId ? (
    <PrintTasks examId={examId} onBack={() => setSearch({})} />
  ) : (
    <PrintExams onOpen={(id) => setSearch({ examId: String(id) })} />
  );
}

function PrintExams({ onOpen }: { onOpen(examId: number): void }) {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<PrintExam[] | null>(null);
  const [total, setTotal] = useState(0);
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(() => {
    void call(
      examPrintRoutes.printList,
      { currentPage: page, pageSize: PAGE_SIZE, ...(keyWord ? { keyWord } : {}) },
      { dedupe: false },
    ).then((r) => {
      setRows(r.ok ? r.data.list : []);
      if (r.ok) setTotal(r.data.total);
    });
  }, [call, keyWord, page]);
  useEffect(() => {
    void call(examPrintRoutes.printNotices, {}).then((r) => r.ok && setNotices(r.data));
  }, [call]);

  return (
    <PageBox aria-labelledby="exam-print-title">
      <h1 id="exam-print-title">试卷印刷</h1>
      <Toolbar role="search" aria-label="筛选考试">
        <KeywordSearch
          initial={keyWord}
          placeholder="考试名称"
          onSearch={(k) => {
            setKeyWord(k);
            setPage(1);
          }}
        />
      </Toolbar>
      <ListTable
        label="印刷考试列表"
        rows={rows}
        headers={['考试名称', '年级', '考试日期', '印刷进度', '已通知', '操作']}
      >
        {(e) => (
          <tr key={e.examId}>
            <td>{e.examName}</td>
            <td>{e.gradeName}</td>
            <td>{e.examDate}</td>
            <td>
              已打印 {e.printedCount} / {e.taskCount}
            </td>
            <td>{e.informedCount}</td>
            <td>
              <Button
                size="small"
                type="link"
                aria-label={`印刷任务 ${e.examName}`}
                onClick={() => onOpen(e.examId)}
              >
                印刷任务
              </Button>
            </td>
          </tr>
        )}
      </ListTable>
      {rows && rows.length > 0 && (
        <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
      <section aria-labelledby="print-notices-title">
        <h2 id="print-notices-title">我的印刷通知</h2>
        <p>
          通知也在<Link to="/new-home-message/index">消息通知</Link>中，可在那里标为已读。
        </p>
        {notices.length === 0 ? (
          <Empty />
        ) : (
          <ul>
            {notices.map((n) => (
              <li key={n.id}>
                <strong>{n.title}</strong>
                {n.read ? null : '（未读）'}
                <p style={{ margin: '4px 0 8px' }}>
                  {n.body}（{new Date(n.createdAt).toLocaleString('zh-CN')}）
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageBox>
  );
}

function PrintTasks({ examId, onBack }: { examId: number; onBack(): void }) {
  const call = useApiCall();
  const download = useDownload();
  const [plan, setPlan] = useState<PrintPlan | null>(null);
  const [error, setError] = useState('');
  const [spare, setSpare] = useState('');
  const [busy, setBusy] = useState(false);
  const [informed, setInformed] = useState('');

  const show = useCallback((r: { ok: true; data: PrintPlan } | { ok: false; message: string }) => {
    if (r.ok) {
      setPlan(r.data);
      setSpare(String(r.data.spare));
      setError('');
    } else setError(r.message);
  }, []);
  useEffect(() => {
    void call(examPrintRoutes.printGet, { examId }).then(show);
  }, [call, examId, show]);

  async function run<T>(work: Promise<T>) {
    setBusy(true);
    try {
      return await work;
    } finally {
      setBusy(false);
    }
  }
  const saveSpare = async () => {
    const n = Number(spare);
    if (!/^\d+$/.test(spare) || n > 50) return setError('备用份数须为 0 到 50 的整数');
    show(
      await run(
        call(examPrintRoutes.printSave, { examId, spare: n }, { successMessage: '已保存' }),
      ),
    );
  };
  const assign = async (t: PrintTask, printerId: number | null) =>
    show(
      await run(
        call(
          examPrintRoutes.printSave,
          { examId, printers: [{ examSubjectId: t.examSubjectId, classId: t.classId, printerId }] },
          { successMessage: '已安排印刷老师' },
        ),
      ),
    );
  const mark = async (t: PrintTask, printed: boolean) =>
    show(
      await run(
        call(
          examPrintRoutes.printMark,
          { examId, tasks: [{ examSubjectId: t.examSubjectId, classId: t.classId }], printed },
          { successMessage: printed ? '已标记为已打印' : '已改为待打印' },
        ),
      ),
    );
  const inform = async () => {
    const r = await run(call(examPrintRoutes.informTeaFinish, { examId }));
    if (!r.ok) return setError(r.message);
    setError('');
    show(await call(examPrintRoutes.printGet, { examId }));
    setInformed(`已通知 ${r.data.teachers} 位老师领取 ${r.data.tasks} 个班级科目的试卷`);
  };

  const due = plan?.tasks.filter(
    (t) => t.state === 'printed' && t.informedAt === null && (plan.manager || t.canMark),
  );
  return (
    <PageBox aria-labelledby="exam-print-title">
      <h1 id="exam-print-title">{plan ? `${plan.exam.examName} · 试卷印刷` : '试卷印刷'}</h1>
      <Toolbar>
        <Button onClick={onBack}>返回列表</Button>
        {plan && (
          <Note style={{ margin: 0 }}>
            {plan.exam.gradeName} · {plan.exam.examDate} · 已打印 {plan.exam.printedCount} /{' '}
            {plan.exam.taskCount}
          </Note>
        )}
      </Toolbar>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {informed && <Note role="status">{informed}</Note>}
      {plan && (
        <>
          <Toolbar aria-label="印刷设置">
            {plan.manager && (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void saveSpare();
                }}
              >
                <FormField label="每班备用份数">
                  <TextInput
                    inputMode="numeric"
                    value={spare}
                    onChange={(e) => setSpare(e.target.value)}
                  />
                </FormField>
                <Button nativeType="submit" disabled={busy}>
                  保存
                </Button>
              </form>
            )}
            {due && due.length > 0 && (
              <Button type="primary" disabled={busy} onClick={() => void inform()}>
                通知老师领取
              </Button>
            )}
          </Toolbar>
          {plan.tasks.length === 0 ? (
            <Empty />
          ) : (
            <Table aria-label="印刷任务">
              <thead>
                <tr>
                  <th scope="col">科目</th>
                  <th scope="col">班级</th>
                  <th scope="col">学生数</th>
                  <th scope="col">试卷（份）</th>
                  <th scope="col">答题卡（份）</th>
                  <th scope="col">印刷老师</th>
                  <th scope="col">状态</th>
                  <th scope="col">已通知老师</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {plan.tasks.map((t) => {
                  const what = `${t.className} ${t.subjectName}`;
                  return (
                    <tr key={`${t.examSubjectId}:${t.classId}`}>
                      <td>{t.subjectName}</td>
                      <td>{t.className}</td>
                      <td>{t.students}</td>
                      <td>{t.paperCopies}</td>
                      <td>{t.hasSheet ? t.sheetCopies : '未制作答题卡'}</td>
                      <td>
                        {plan.manager ? (
                          <CellSelect
                            aria-label={`${what} 印刷老师`}
                            value={t.printerId ?? ''}
                            disabled={busy}
                            onChange={(e) =>
                              void assign(t, e.target.value ? Number(e.target.value) : null)
                            }
                          >
                            <option value="">未安排</option>
                            {plan.printers.map((p) => (
                              <option key={p.userId} value={p.userId}>
                                {p.nickName}
                              </option>
                            ))}
                          </CellSelect>
                        ) : (
                          (t.printerName ?? '未安排')
                        )}
                      </td>
                      <td>
                        <StateTag>{PRINT_STATE_NAMES[t.state]}</StateTag>
                      </td>
                      <td>{t.informedAt === null ? '否' : '是'}</td>
                      <td>
                        <Actions>
                          {t.hasSheet && (
                            <Button
                              size="small"
                              type="link"
                              aria-label={`下载答题卡 ${what}`}
                              onClick={() =>
                                void download(examPrintDownloads.sheetPdf, '答题卡.pdf', {
                                  examId,
                                  examSubjectId: t.examSubjectId,
                                  classId: t.classId,
                                })
                              }
                            >
                              下载答题卡
                            </Button>
                          )}
                          {t.canMark && (
                            <Button
                              size="small"
                              type="link"
                              disabled={busy}
                              aria-label={`${t.state === 'printed' ? '改为待打印' : '标记已打印'} ${what}`}
                              onClick={() => void mark(t, t.state !== 'printed')}
                            >
                              {t.state === 'printed' ? '改为待打印' : '标记已打印'}
                            </Button>
                          )}
                        </Actions>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
        </>
      )}
    </PageBox>
  );
}
