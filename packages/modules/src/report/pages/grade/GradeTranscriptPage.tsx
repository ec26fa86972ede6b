import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { Button, TextInput } from '@examkit/ui';
import { transcriptColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { ExportJobButton } from '../../components/ExportJobButton';
import { RawScoresExport } from '../../components/RawScoresExport';
import { useReportPage } from '../../hooks/useReportPage';
import { PROGRESS_NOTE } from '../../utils/format';
import { ClassFilter } from './ClassFilter';
import { GradeFrame } from './GradeFrame';
import { PAGE_SIZE, Pager } from './Pager';

/** 年级报告·成绩单: paged, by class or name. */
export function GradeTranscriptPage() {
  const [classId, setClassId] = useState(0);
  const [keyWord, setKeyWord] = useState('');
  const [pageNum, setPage] = useState(1);
  const { context, report } = useReportPage(reportRoutes.gradeTranscript, ({ examId }) =>
    examId
      ? {
          examId,
          pageNum,
          pageSize: PAGE_SIZE,
          ...(classId ? { classId } : {}),
          ...(keyWord ? { keyWord } : {}),
        }
      : null,
  );
  const { examId } = context;
  const data = report.data;
  return (
    <GradeFrame
      tab="transcript"
      page={{ context, report }}
      exportPage="grade/transcript"
      controls={
        <>
          <ClassFilter
            classes={context.exam?.classes ?? []}
            value={classId}
            onChange={(id) => {
              setClassId(id);
              setPage(1);
            }}
          />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const value = new FormData(e.currentTarget).get('keyWord');
              setKeyWord(typeof value === 'string' ? value.trim() : '');
              setPage(1);
            }}
          >
            <TextInput
              name="keyWord"
              aria-label="姓名或学号"
              placeholder="姓名或学号"
              defaultValue={keyWord}
            />{' '}
            <Button nativeType="submit">搜索</Button>
          </form>
          {examId ? (
            <>
              <ExportJobButton
                label="导出全部成绩单Excel"
                body={{ examId, page: 'grade/transcripts', format: 'xlsx' }}
              />
              <ExportJobButton
                label="导出全部成绩单PDF"
                body={{ examId, page: 'grade/transcripts', format: 'pdf' }}
              />
            </>
          ) : null}
          {examId && context.exam ? (
            <RawScoresExport examId={examId} subjects={context.exam.subjects} />
          ) : null}
        </>
      }
    >
      {data && (
        <>
          <DataTable
            caption="年级成绩单"
            rowKey={(r) => r.studentId}
            rows={data.page.list}
            columns={transcriptColumns(
              data.exam.subjects,
              (r) =>
                `/exam/single/report/class/transcript/${examId}/${r.classId}/${r.studentId}/transcriptBasic`,
              true,
            )}
          />
          <Pager pageNum={pageNum} total={data.page.total} onPage={setPage} />
          <p>{PROGRESS_NOTE}</p>
        </>
      )}
    </GradeFrame>
  );
}
