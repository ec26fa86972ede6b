import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadRoutes, examDownloads, examRoutes, type ExamSummary } from '@examkit/contracts';
import { Actions, Note, PageBox } from '../components/styled';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useDownload } from '../../common/useDownload';
import { useApiCall } from '../../common/useApiCall';
import { RowAction } from '../../common/RowAction';
import { ListTable } from '../../common/ListTable';

interface SheetRow {
  exam: ExamSummary;
  subjectId: number;
  subjectName: string;
}

/** The saved answer sheets of the school's exams, with their editor and PDF. */
function SheetTable() {
  const call = useApiCall();
  const download = useDownload();
  const [rows, setRows] = useState<SheetRow[] | null>(null);
  useEffect(() => {
    void call(examRoutes.list, { academicYear: 0, pageSize: 100 }).then((r) => {
      if (!r.ok) return setRows([]);
      setRows(
        r.data.list.flatMap((exam) =>
          exam.subjects
            .filter((s) => s.hasSheet)
            .map((s) => ({ exam, subjectId: s.id, subjectName: s.subjectName })),
        ),
      );
    });
  }, [call]);
  return (
    <>
      <ListTable
        label="答题卡列表"
        rows={rows}
        headers={['考试', '科目', '考试日期', '操作']}
        empty="暂无已保存的答题卡"
      >
        {(row) => (
          <tr key={row.subjectId}>
            <td>{row.exam.name}</td>
            <td>{row.subjectName}</td>
            <td>{row.exam.examDate}</td>
            <td>
              <Actions>
                <Link
                  to={`/card/create?examSubjectId=${row.subjectId}`}
                  aria-label={`编辑 ${row.exam.name} ${row.subjectName} 答题卡`}
                >
                  编辑
                </Link>
                <RowAction
                  text="下载 PDF"
                  aria-label={`下载 PDF：${row.exam.name} ${row.subjectName} 答题卡`}
                  onClick={() =>
                    void download(examDownloads.sheetPdf, '答题卡.pdf', {
                      examSubjectId: row.subjectId,
                    })
                  }
                />
                {/* a sheet pre-printed with each student's name and number, in the download centre */}
                <DownloadJobButton
                  size="small"
                  label="考生答题卡"
                  name={`考生答题卡：${row.exam.name} ${row.subjectName}`}
                  start={() =>
                    call(downloadRoutes.downloadSheets, { examSubjectId: row.subjectId })
                  }
                />
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
    </>
  );
}

/** /exam/tool/answerSheet/list: the saved answer sheets of the school's exams. */
export function AnswerSheetListPage() {
  return (
    <PageBox aria-labelledby="sheet-list-title">
      <h1 id="sheet-list-title">答题卡列表</h1>
      <Note>
        <Link to="/card/create">制作答题卡</Link>
      </Note>
      <SheetTable />
    </PageBox>
  );
}

/** /exam/tool: the exam tools (成绩表, 录入任务, 分班, 答题卡), with the answer sheets already built. */
export function ExamToolPage() {
  return (
    <PageBox aria-labelledby="exam-tool-title">
      <h1 id="exam-tool-title">考试工具</h1>
      <nav aria-label="考试工具">
        <Actions>
          <Link to="/exam/tool/sheet/list">成绩表</Link>
          <Link to="/exam/tool/task/list">录入任务</Link>
          <Link to="/exam/tool/classAssign/list">分班</Link>
          <Link to="/exam/tool/answerSheet/list">答题卡</Link>
        </Actions>
      </nav>
      <section aria-labelledby="exam-tool-sheets">
        <h2 id="exam-tool-sheets">答题卡</h2>
        <Actions>
          <Link to="/card/create">制作答题卡</Link>
          <Link to="/exam/tool/answerSheet/intro">答题卡介绍</Link>
        </Actions>
        <SheetTable />
      </section>
    </PageBox>
  );
}

/** /exam/tool/answerSheet/intro: what the answer-sheet tool does, with its entries. */
export function AnswerSheetIntroPage() {
  return (
    <PageBox aria-labelledby="sheet-intro-title">
      <h1 id="sheet-intro-title">答题卡</h1>
      <p>
        按考试科目的试卷结构自动排版答题卡：可调整纸张、分栏、考号填涂方式、题目顺序与作答区高度，保存后生成扫描识别模板，并可下载
        PDF 打印。
      </p>
      <Actions>
        <Link to="/card/create">制作答题卡</Link>
        <Link to="/exam/tool/answerSheet/list">查看答题卡列表</Link>
      </Actions>
    </PageBox>
  );
}
