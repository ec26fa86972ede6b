import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceWrongRoutes } from '@examkit/contracts';
import { FormField, Select, TextInput } from '@examkit/ui';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { GradeClassFilters } from '../../common/GradeClassFilters';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useWrongData } from './useWrongData';

/** The filters both 学生错题 pages share: one subject or all, and an exam date range. */
export interface WrongRange {
  subjectName: string;
  dateFrom: string;
  dateTo: string;
}

/** The date range and subject fields of the error pages. */
export function RangeFields({
  range,
  subjects,
  onChange,
}: {
  range: WrongRange;
  subjects: readonly string[];
  onChange(next: WrongRange): void;
}) {
  return (
    <>
      <FormField label="学科">
        <Select
          value={range.subjectName}
          placeholder="全部"
          options={subjects.map((s) => ({ value: s, label: s }))}
          onChange={(e) => onChange({ ...range, subjectName: e.target.value })}
        />
      </FormField>
      <FormField label="考试开始日期">
        <TextInput
          type="date"
          value={range.dateFrom}
          onChange={(e) => onChange({ ...range, dateFrom: e.target.value })}
        />
      </FormField>
      <FormField label="考试结束日期">
        <TextInput
          type="date"
          value={range.dateTo}
          onChange={(e) => onChange({ ...range, dateTo: e.target.value })}
        />
      </FormField>
    </>
  );
}

/**
 * 学生错题 (/resource/student-wrong): the students of a grade or class in the user's scope with
 * how many questions they got wrong in the chosen exams; a row opens the student's detail. With a
 * class chosen, the whole class's 错题本 runs as a download-centre job (one file, a student a part).
 */
export function StudentWrongPage() {
  const navigate = useNavigate();
  const call = useApiCall();
  const [gradeId, setGrade] = useState<number | null>(null);
  const [classId, setClass] = useState<number | null>(null);
  const [range, setRange] = useState<WrongRange>({ subjectName: '', dateFrom: '', dateTo: '' });
  const { data, error } = useWrongData(resourceWrongRoutes.studentWrongList, {
    gradeId,
    classId,
    ...range,
  });
  const open = (studentId: number) => {
    const q = new URLSearchParams({ studentId: String(studentId), ...range });
    navigate(`/resource/student-wrong/detail?${q.toString()}`);
  };
  return (
    <PageBox>
      <h1>学生错题</h1>
      <Toolbar>
        <GradeClassFilters
          grades={data?.grades ?? []}
          classes={data?.classes ?? []}
          gradeId={gradeId ?? data?.gradeId ?? undefined}
          classId={classId ?? undefined}
          onGrade={(v) => {
            setGrade(v ? Number(v) : null);
            setClass(null);
          }}
          onClass={(v) => setClass(v ? Number(v) : null)}
        />
        <RangeFields range={range} subjects={data?.subjects ?? []} onChange={setRange} />
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {classId !== null && (data?.rows.length ?? 0) > 0 && (
        <Toolbar aria-label="全班错题本">
          {(['pdf', 'docx'] as const).map((format) => (
            <DownloadJobButton
              key={format}
              label={`导出全班错题本（${format === 'pdf' ? 'PDF' : 'Word'}）`}
              start={() => call(resourceWrongRoutes.notebookJob, { classId, format, ...range })}
            />
          ))}
        </Toolbar>
      )}
      {data && (
        <p>
          统计考试 {data.exams.length} 场：客观题未得满分、主观题得分低于满分的 60%
          记为错题；另计同期已批改的校本作业中判为错的题。
        </p>
      )}
      <ListTable
        label="学生错题列表"
        rows={data?.rows ?? null}
        headers={['姓名', '学号', '班级', '参加考试', '错题数', '其中作业错题', '操作']}
      >
        {(row) => (
          <tr key={row.studentId}>
            <td>{row.name}</td>
            <td>{row.studentNo}</td>
            <td>{row.className}</td>
            <td>{row.examCount}</td>
            <td>{row.wrongCount}</td>
            <td>{row.homeworkWrongCount}</td>
            <td>
              <RowAction text="查看错题" of={row.name} onClick={() => open(row.studentId)} />
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
