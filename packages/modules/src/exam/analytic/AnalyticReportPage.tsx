import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { analyticRoutes, type DataOf } from '@examkit/contracts';
import { Button, FormField, Select } from '@examkit/ui';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { useApiCall } from '../../common/useApiCall';
import { Chart } from '../../report/components/Chart';
import { lineOption } from '../../report/components/charts';
import { ErrorText, Note, PageBox, Toolbar } from '../components/styled';
import { ends, reportPath, trendOf } from './analyticLabels';

type Report = DataOf<typeof analyticRoutes.analyticReport>;
type StudentTrend = DataOf<typeof analyticRoutes.analyticStudent>;
type Point = StudentTrend['total'][number];
const PAGE_SIZE = 50;
const fixed = (v: number | null | undefined, digits = 1) => (v == null ? '—' : v.toFixed(digits));

/** An arrow with its words (↑ 上升 3.5), or — without two points to compare. */
function Trend({ first, last }: { first: number | null; last: number | null }) {
  const trend = trendOf(first, last);
  if (!trend) return <span>—</span>;
  return (
    <span>
      <span aria-hidden="true">{trend.arrow} </span>
      {trend.text}
    </span>
  );
}

/** A row's mean in each exam, one cell each, then how `moves` (the means by default) went. */
function MeanCells({
  exams,
  means,
  moves = means,
}: {
  exams: Report['exams'];
  means: readonly (number | null)[];
  moves?: readonly (number | null)[];
}) {
  const [first, last] = ends(moves);
  return (
    <>
      {means.map((m, e) => (
        <td key={exams[e]!.id}>{fixed(m, 2)}</td>
      ))}
      <td>
        <Trend first={first} last={last} />
      </td>
    </>
  );
}

/** One exam's figures of a student: 总分（第n名，百分位%）, 缺考, 未参加, or 无此科. */
function pointText(p: Point, fullMarks: number | null | undefined) {
  if (fullMarks == null) return '无此科';
  if (!p) return '未参加';
  if (p.score === null) return '缺考';
  return `${fixed(p.score, 1)}（第${p.gradeRank ?? '—'}名，${fixed(p.percentile)}%）`;
}

/**
 * One student's subject trends: the total and each subject's score, grade rank and percentile in
 * every exam of the analysis, from the stored reports, with a chart of the percentiles.
 */
function StudentSubjectTrend(props: { analysisId: number; studentId: number; onClose(): void }) {
  const { analysisId, studentId, onClose } = props;
  const call = useApiCall();
  const [data, setData] = useState<StudentTrend | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setData(null);
    setError('');
    void call(analyticRoutes.analyticStudent, { analysisId, studentId }).then((r) => {
      if (r.ok) setData(r.data);
      else setError(r.message);
    });
  }, [call, analysisId, studentId]);
  if (error) return <ErrorText role="alert">{error}</ErrorText>;
  if (!data) return null;
  const { student } = data;
  const names = data.exams.map((e) => e.name);
  const rows = [
    { name: '总分', fullMarks: data.exams.map((e) => e.fullMarks), points: data.total },
    ...data.subjects,
  ];
  return (
    <section aria-labelledby="analytic-student-title">
      <h2 id="analytic-student-title">
        {student.name}（{student.className ? `${student.className}，` : ''}
        {student.studentNo}）的学科趋势
      </h2>
      <Toolbar>
        <Note>每场考试显示：得分（名次，百分位）。</Note>
        <Button onClick={onClose}>收起学科趋势</Button>
      </Toolbar>
      <Chart
        kind="line"
        label={`${student.name}的各科百分位趋势图`}
        option={lineOption(
          names,
          rows.map((r) => ({ name: r.name, values: r.points.map((p) => p?.percentile) })),
        )}
      />
      <ListTable
        label={`${student.name}的各科成绩趋势`}
        rows={rows}
        headers={['学科', ...names, '百分位变化']}
      >
        {(r) => {
          const [first, last] = ends(r.points.map((p) => p?.percentile));
          return (
            <tr key={r.name}>
              <td>{r.name}</td>
              {r.points.map((p, e) => (
                <td key={data.exams[e]!.id}>{pointText(p, r.fullMarks[e])}</td>
              ))}
              <td>
                <Trend first={first} last={last} />
              </td>
            </tr>
          );
        }}
      </ListTable>
    </section>
  );
}

function AnalyticReport({ level }: { level: 'grade' | 'class' }) {
  const call = useApiCall();
  const navigate = useNavigate();
  const multiple = useLocation().pathname.includes('/multiple/');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const classParam = params.get('classId');
  const studentParam = Number(params.get('studentId'));
  const studentId = Number.isInteger(studentParam) && studentParam > 0 ? studentParam : null;
  const showStudent = (next: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('studentId');
        else copy.set('studentId', String(next));
        return copy;
      },
      { replace: true },
    );
  const [subjectScope, setSubjectScope] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState('');
  const [page, setPage] = useState(1);
  const [keyWord, setKeyWord] = useState('');
  const [classId, setClassId] = useState<number | null>(classParam ? Number(classParam) : null);

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) return setError('请从分析列表打开报告');
    if (level === 'class' && classId === null) {
      // The class report opens on the first class the caller may see.
      void call(analyticRoutes.analyticReport, { analysisId: id, pageNum: 1, pageSize: 1 }).then(
        (r) => {
          if (!r.ok) return setError(r.message);
          const first = r.data.classes[0];
          if (first) setClassId(first.classId);
          else setError('没有可查看的班级');
        },
      );
      return;
    }
    void call(analyticRoutes.analyticReport, {
      analysisId: id,
      pageNum: page,
      pageSize: PAGE_SIZE,
      ...(keyWord && { keyWord }),
      ...(level === 'class' && classId !== null && { classId }),
    }).then((r) => {
      if (r.ok) setReport(r.data);
      else setError(r.message);
    });
  }, [call, id, level, classId, page, keyWord]);

  const kind = multiple ? 'multiple' : 'single';
  const groupWord = multiple ? '学校' : '班级';
  const examNames = report?.exams.map((e) => e.name) ?? [];
  // The subject chart: the whole (整体) or one group; a class report opens on its class.
  const scopeOptions = [
    { value: 'all', label: '整体' },
    ...(report?.groups ?? []).map((g) => ({ value: g.key, label: g.name })),
  ];
  const scopeKey =
    subjectScope || (level === 'class' && report?.groups[0] ? report.groups[0].key : 'all');
  const scopeName = scopeOptions.find((o) => o.value === scopeKey)?.label ?? '整体';
  const subjectSeries = (report?.subjects ?? []).map((subject) => ({
    name: subject.name,
    values:
      scopeKey === 'all'
        ? subject.means
        : (subject.groups.find((g) => g.key === scopeKey)?.means ?? subject.means.map(() => null)),
  }));
  return (
    <PageBox aria-labelledby="analytic-report-title">
      <h1 id="analytic-report-title">
        {report
          ? `${report.analysis.name}·${level === 'grade' ? '年级报告' : '班级报告'}`
          : '分析报告'}
      </h1>
      <Toolbar>
        <nav aria-label="报告类型" style={{ display: 'flex', gap: 16 }}>
          <Link
            to={reportPath(kind, 'grade', id)}
            aria-current={level === 'grade' ? 'page' : undefined}
          >
            年级报告
          </Link>
          <Link
            to={reportPath(kind, 'class', id)}
            aria-current={level === 'class' ? 'page' : undefined}
          >
            班级报告
          </Link>
          <Link to="/exam/analyticCenter">返回分析中心</Link>
        </nav>
        {report && (
          <DownloadJobButton
            label="导出Excel"
            saveWhenDone
            start={() =>
              call(analyticRoutes.analyticExport, {
                analysisId: id,
                ...(level === 'class' && classId !== null && { classId }),
              })
            }
          />
        )}
      </Toolbar>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {report && (
        <>
          {level === 'class' && (
            <FormField label="班级">
              <Select
                value={String(classId ?? '')}
                options={report.classes.map((c) => ({
                  value: String(c.classId),
                  label: c.className,
                }))}
                onChange={(e) => {
                  setPage(1);
                  setClassId(Number(e.target.value));
                  navigate(reportPath(kind, 'class', id, Number(e.target.value)), {
                    replace: true,
                  });
                }}
              />
            </FormField>
          )}
          <h2>考试概况</h2>
          <ListTable
            label="考试概况"
            rows={report.exams}
            headers={['考试', '考试日期', '参考人数', '满分', '均分']}
          >
            {(e) => (
              <tr key={e.id}>
                <td>{e.name}</td>
                <td>{e.examDate}</td>
                <td>{e.count}</td>
                <td>{e.fullMarks}</td>
                <td>{fixed(e.mean, 2)}</td>
              </tr>
            )}
          </ListTable>
          <h2>{groupWord}均分趋势</h2>
          {report.groups.length > 0 && (
            <Chart
              kind="line"
              label={`${groupWord}均分趋势图`}
              option={lineOption(
                examNames,
                report.groups.map((g) => ({ name: g.name, values: g.means })),
              )}
            />
          )}
          <ListTable
            label={`${groupWord}均分趋势`}
            rows={report.groups}
            empty="暂无可查看的数据"
            headers={[groupWord, ...examNames.map((n) => `${n}均分`), '与整体均分差的变化']}
          >
            {(g) => (
              <tr key={g.key}>
                <td>{g.name}</td>
                <MeanCells
                  exams={report.exams}
                  means={g.means}
                  moves={g.means.map((m, e) =>
                    m == null || report.exams[e]!.mean == null ? null : m - report.exams[e]!.mean!,
                  )}
                />
              </tr>
            )}
          </ListTable>
          <h2>学科均分趋势</h2>
          {report.subjects.length > 0 && (
            <>
              <FormField label="学科趋势图范围">
                <Select
                  value={scopeKey}
                  options={scopeOptions}
                  onChange={(e) => setSubjectScope(e.target.value)}
                />
              </FormField>
              <Chart
                kind="line"
                label={`${scopeName}学科均分趋势图`}
                option={lineOption(examNames, subjectSeries)}
              />
            </>
          )}
          <ListTable
            label="学科均分趋势"
            rows={report.subjects.flatMap((subject) => [
              {
                key: `${subject.name}-all`,
                subject: subject.name,
                group: '整体',
                means: subject.means,
              },
              ...subject.groups.map((g) => ({
                key: `${subject.name}-${g.key}`,
                subject: subject.name,
                group: report.groups.find((x) => x.key === g.key)?.name ?? '',
                means: g.means,
              })),
            ])}
            empty="暂无可查看的数据"
            headers={['学科', groupWord, ...examNames.map((n) => `${n}均分`), '均分变化']}
          >
            {(row) => (
              <tr key={row.key}>
                <td>{row.subject}</td>
                <td>{row.group}</td>
                <MeanCells exams={report.exams} means={row.means} />
              </tr>
            )}
          </ListTable>
          <h2>学生趋势</h2>
          <Note>
            每场考试显示：总分（名次，百分位）；百分位为该场考试中排在其后的学生所占的百分比。点击“学科趋势”查看该学生各科的变化。
          </Note>
          {studentId !== null && (
            <StudentSubjectTrend
              analysisId={id}
              studentId={studentId}
              onClose={() => showStudent(null)}
            />
          )}
          <KeywordSearch
            initial={keyWord}
            placeholder="学号或姓名"
            onSearch={(word) => {
              setPage(1);
              setKeyWord(word);
            }}
          />
          <ListTable
            label="学生趋势"
            rows={report.students.list}
            empty="暂无可查看的学生"
            headers={['学号', '姓名', '班级', ...examNames, '百分位变化', '操作']}
          >
            {(s) => {
              const [first, last] = ends(s.points.map((p) => p?.percentile));
              return (
                <tr key={s.studentId}>
                  <td>{s.studentNo}</td>
                  <td>{s.name}</td>
                  <td>{s.className}</td>
                  {s.points.map((p, e) => (
                    <td key={report.exams[e]!.id}>
                      {!p
                        ? '未参加'
                        : p.score === null
                          ? '缺考'
                          : `${fixed(p.score, 1)}（第${p.gradeRank ?? '—'}名，${fixed(p.percentile)}%）`}
                    </td>
                  ))}
                  <td>
                    <Trend first={first} last={last} />
                  </td>
                  <td>
                    <RowAction
                      text="学科趋势"
                      of={s.name}
                      aria-pressed={studentId === s.studentId}
                      onClick={() => showStudent(s.studentId)}
                    />
                  </td>
                </tr>
              );
            }}
          </ListTable>
          <Pager total={report.students.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </PageBox>
  );
}

/** /exam/analyticCenter/{single|multiple}/report/grade?id=: the whole grade or joint exam. */
export function AnalyticGradeReportPage() {
  return <AnalyticReport level="grade" />;
}

/** /exam/analyticCenter/{single|multiple}/report/class?id=&classId=: one class of our school. */
export function AnalyticClassReportPage() {
  return <AnalyticReport level="class" />;
}
