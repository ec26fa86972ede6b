import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import {
  ASSISTANT_FREQUENCY_COLUMNS,
  ASSISTANT_FREQUENCY_EXPORT_URL,
  ASSISTANT_PERIOD_LABELS,
  ASSISTANT_PERIODS,
  FREQUENCY_LIMIT,
  homeworkAssistantRoutes as r,
  type AssistantFilter,
  type AssistantOption,
  type DataOf,
} from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { formatPoints } from '../../marking/utils/scoring';
import { formatTime } from '../useHomeworkOptions';
import { WRONG_RATE_HEADERS, WrongRateCells } from '../components/rowCells';

const SOURCE_LABELS: Record<string, string> = {
  paper: '上传试卷',
  bank: '题库选题',
  composition: '作文',
};

/**
 * The grade, subject and period of the analysis (null until the options load; the first grade ×
 * subject chosen by default), with the tabs of 作业分析.
 */
function useAssistantFilter(): [
  AssistantFilter | null,
  (next: AssistantFilter) => void,
  AssistantOption[] | null,
] {
  const call = useApiCall();
  const [options, setOptions] = useState<AssistantOption[] | null>(null);
  const [filter, setFilter] = useState<AssistantFilter | null>(null);
  useEffect(() => {
    void call(r.assistantOptions, {}).then((x) => {
      const list = x.ok ? x.data : [];
      setOptions(list);
      const first = list[0];
      if (first) setFilter({ gradeId: first.gradeId, subjectId: first.subjectId, period: '30' });
    });
  }, [call]);
  return [filter, setFilter, options];
}

function FilterBar({
  filter,
  options,
  onChange,
}: {
  filter: AssistantFilter;
  options: readonly AssistantOption[];
  onChange(next: AssistantFilter): void;
}) {
  const grades = [...new Map(options.map((o) => [o.gradeId, o.gradeName])).entries()];
  const subjects = options.filter((o) => o.gradeId === filter.gradeId);
  return (
    <Toolbar>
      <FormField label="年级">
        <Select
          value={filter.gradeId}
          options={grades.map(([value, label]) => ({ value, label }))}
          onChange={(e) => {
            const gradeId = Number(e.target.value);
            const subject = options.find((o) => o.gradeId === gradeId)!;
            onChange({ ...filter, gradeId, subjectId: subject.subjectId });
          }}
        />
      </FormField>
      <FormField label="科目">
        <Select
          value={filter.subjectId}
          options={subjects.map((o) => ({ value: o.subjectId, label: o.subjectName }))}
          onChange={(e) => onChange({ ...filter, subjectId: Number(e.target.value) })}
        />
      </FormField>
      <FormField label="时间范围">
        <Select
          value={filter.period}
          options={ASSISTANT_PERIODS.map((p) => ({ value: p, label: ASSISTANT_PERIOD_LABELS[p] }))}
          onChange={(e) =>
            onChange({ ...filter, period: e.target.value as AssistantFilter['period'] })
          }
        />
      </FormField>
    </Toolbar>
  );
}

/** The tabs of 作业分析: the analyses over all homework, and the 教辅 (workbook) pages. */
export function AssistantTabs() {
  return (
    <nav aria-label="作业分析">
      <Toolbar>
        <NavLink to="/homework/teaching-assistant/summary">作业汇总</NavLink>
        <NavLink to="/homework/teaching-assistant/frequency" end>
          高频错题
        </NavLink>
        <NavLink to="/homework/teaching-assistant/batch">教辅</NavLink>
      </Toolbar>
    </nav>
  );
}

type AnalysisRoute = typeof r.assistantSummary | typeof r.assistantFrequency;

/**
 * The frame of a 作业分析 page: its title, the tabs, the grade × subject × period filter and the
 * rows of `route` for it (null while they load); a note instead when there is nothing to analyse.
 */
function AnalysisPage<R extends AnalysisRoute>({
  id,
  title,
  route,
  children,
}: {
  id: string;
  title: string;
  route: R;
  children(filter: AssistantFilter, rows: DataOf<R> | null): ReactNode;
}) {
  const call = useApiCall();
  const [filter, setFilter, options] = useAssistantFilter();
  const [rows, setRows] = useState<DataOf<R> | null>(null);
  useEffect(() => {
    if (!filter) return;
    setRows(null);
    // Both routes take the filter as their body; the rows are the chosen route's.
    void call<AnalysisRoute>(route, filter).then((x) => setRows((x.ok ? x.data : []) as DataOf<R>));
  }, [call, filter, route]);

  return (
    <PageBox aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <AssistantTabs />
      {options === null ? null : !filter ? (
        <Note>您的任教范围内没有可分析的年级和科目。</Note>
      ) : (
        <>
          <FilterBar filter={filter} options={options} onChange={setFilter} />
          {children(filter, rows)}
        </>
      )}
    </PageBox>
  );
}

/**
 * /homework/teaching-assistant (作业分析) and …/summary (作业汇总): each assigned homework of a
 * grade × subject per class of the user: hand-ins, corrected, average.
 */
export function AssistantSummaryPage() {
  return (
    <AnalysisPage
      id="assistant-summary-title"
      title="作业分析 · 作业汇总"
      route={r.assistantSummary}
    >
      {(_filter, rows) => (
        <ListTable
          label="作业汇总"
          rows={rows}
          headers={[
            '作业',
            '来源',
            '班级',
            '布置时间',
            '应交',
            '已交',
            '提交率',
            '已批改',
            '满分',
            '平均分',
          ]}
        >
          {(x) => (
            <tr key={`${x.homeworkId}-${x.classId}`}>
              <td>{x.homeworkName}</td>
              <td>{SOURCE_LABELS[x.source] ?? x.source}</td>
              <td>{x.className}</td>
              <td>{formatTime(x.assignedAt)}</td>
              <td>{x.expected}</td>
              <td>{x.submitted}</td>
              <td>{x.submitRate}%</td>
              <td>{x.corrected}</td>
              <td>{formatPoints(x.fullMarks)}</td>
              <td>{x.average === null ? '—' : formatPoints(x.average)}</td>
            </tr>
          )}
        </ListTable>
      )}
    </AnalysisPage>
  );
}

/** The 高频错题 workbook of a filter as a download; disabled while there is nothing in it. */
function FrequencyDownload({
  filter,
  rows,
  primary = false,
  children,
}: {
  filter: AssistantFilter;
  rows: readonly unknown[] | null;
  primary?: boolean;
  children: ReactNode;
}) {
  const download = useDownload();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      disabled={!rows || rows.length === 0}
      onClick={() =>
        void download(ASSISTANT_FREQUENCY_EXPORT_URL, '高频错题.xlsx', {
          gradeId: filter.gradeId,
          subjectId: filter.subjectId,
          period: filter.period,
        })
      }
    >
      {children}
    </Button>
  );
}

/**
 * /homework/teaching-assistant/frequency (高频错题): the questions the user's students most often
 * got wrong in the period, with 导出 (an Excel workbook).
 */
export function AssistantFrequencyPage() {
  return (
    <AnalysisPage
      id="assistant-frequency-title"
      title="作业分析 · 高频错题"
      route={r.assistantFrequency}
    >
      {(f, rows) => (
        <>
          <Toolbar>
            <FrequencyDownload filter={f} rows={rows}>
              导出高频错题
            </FrequencyDownload>
            <NavLink to="/homework/teaching-assistant/frequency/export">按条件导出</NavLink>
          </Toolbar>
          <Note>按错误率从高到低，只统计已批改的作答；部分得分也算错。</Note>
          <ListTable
            label="高频错题"
            rows={rows}
            headers={['作业', ...WRONG_RATE_HEADERS, '平均分', '常见错误答案']}
          >
            {(x) => (
              <tr key={`${x.homeworkId}-${x.questionNo}`}>
                <td>{x.homeworkName}</td>
                <WrongRateCells question={x} />
                <td>{formatPoints(x.averageScore)}</td>
                <td>{x.commonWrongAnswer ?? '—'}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </AnalysisPage>
  );
}

/**
 * /homework/teaching-assistant/frequency/export (导出高频错题): the grade, subject and period of
 * the export, how many questions it holds and its columns, then the Excel download.
 */
export function FrequencyExportPage() {
  return (
    <AnalysisPage
      id="frequency-export-title"
      title="作业分析 · 导出高频错题"
      route={r.assistantFrequency}
    >
      {(f, rows) => (
        <>
          <Note>
            导出为电子表格，列为：{ASSISTANT_FREQUENCY_COLUMNS.join('、')}。按错误率从高到低，最多{' '}
            {FREQUENCY_LIMIT} 题。
          </Note>
          {rows && (
            <p role="status">
              {rows.length === 0 ? '该范围内没有错题，无需导出。' : `共 ${rows.length} 道错题`}
            </p>
          )}
          <Toolbar>
            <FrequencyDownload filter={f} rows={rows} primary>
              下载表格
            </FrequencyDownload>
            <NavLink to="/homework/teaching-assistant/frequency" end>
              返回高频错题
            </NavLink>
          </Toolbar>
        </>
      )}
    </AnalysisPage>
  );
}
