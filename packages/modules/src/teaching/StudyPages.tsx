import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { teachingRoutes, type DataOf } from '@examkit/contracts';
import { SUBMISSION_STATUS_LABELS } from '@examkit/contracts/rules';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Empty, FormField, Select } from '@examkit/ui';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { Chart } from '../report/components/Chart';
import { barOption, lineOption, radarOption } from '../report/components/charts';
import { CommonErrorTable } from '../resource/wrong/CommonErrorTable';
import { percent, useWrongData } from '../resource/wrong/useWrongData';
import { ClassPicker } from '../common/ClassPicker';
import {
  ClassStudentPicker,
  StudentHeading,
  useClassStudentChoice,
} from '../common/ClassStudentPicker';
import { fixed, pct } from './format';
import { PointMasteryCells } from '../resource/wrong/PointMasteryCells';

/** Knowledge points drawn in a mastery chart (the weakest). */
const CHART_POINTS = 10;

type Points = DataOf<typeof teachingRoutes.classRecord>['points'];
type Source = 'all' | 'exam' | 'homework';

const SOURCES: { value: Source; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'exam', label: '考试' },
  { value: 'homework', label: '校本作业' },
];

/** The rows of one 来源: its own part of each point (全部: both together), lowest first. */
function pointsOf(points: Points, source: Source) {
  const rows = points.flatMap((p) => {
    const part = source === 'all' ? p : p[source];
    return part ? [{ ...p, fullMarks: part.fullMarks, scoreRate: part.scoreRate }] : [];
  });
  return rows.sort((a, b) => (a.scoreRate ?? 2) - (b.scoreRate ?? 2));
}

/**
 * 知识点掌握: the weakest points as bars, then every point in a table, over exams and homework
 * (来源: 全部, 考试 or 校本作业).
 */
function Mastery({ points, of }: { points: Points; of: string }) {
  const [source, setSource] = useState<Source>('all');
  const rows = pointsOf(points, source);
  const weakest = rows.slice(0, CHART_POINTS);
  return (
    <section aria-label="知识点掌握">
      <h2>知识点掌握</h2>
      <Toolbar>
        <FormField label="来源">
          <Select
            value={source}
            options={SOURCES}
            onChange={(e) =>
              setSource(SOURCES.find((x) => x.value === e.target.value)?.value ?? 'all')
            }
          />
        </FormField>
      </Toolbar>
      {weakest.length > 0 && (
        <Chart
          kind="bar"
          label={`${of}掌握度最低的知识点`}
          option={barOption(
            weakest.map((p) => `${p.subjectName}·${p.point}`),
            [{ name: '掌握度', values: weakest.map((p) => p.scoreRate) }],
            true,
          )}
        />
      )}
      <ListTable
        label="知识点掌握度"
        rows={rows}
        headers={['学科', '知识点', '累计满分', '掌握度', '考试掌握度', '作业掌握度（作业数）']}
      >
        {(p) => (
          <tr key={`${p.subjectName}-${p.point}`}>
            <PointMasteryCells point={p} />
            <td>{p.exam ? percent(p.exam.scoreRate) : '—'}</td>
            <td>{p.homework ? `${percent(p.homework.scoreRate)}（${p.homework.count}）` : '—'}</td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}

type WrongRows = DataOf<typeof teachingRoutes.studentRecord>['wrongQuestions'];

/** A student's wrong questions (the wrong-question rule), the newest first. */
export function WrongQuestionTable({ rows }: { rows: WrongRows }) {
  return (
    <ListTable
      label="错题列表"
      rows={rows}
      empty="没有错题"
      headers={['考试', '学科', '题号', '知识点', '得分', '班级得分率']}
    >
      {(w) => (
        <tr key={`${w.examId}-${w.subjectName}-${w.number}`}>
          <td>{w.examName}</td>
          <td>{w.subjectName}</td>
          <td>{w.number}</td>
          <td>{w.knowledgePoints.join('、') || '—'}</td>
          <td>
            {w.score}/{w.fullMarks}
          </td>
          <td>{percent(w.classScoreRate)}</td>
        </tr>
      )}
    </ListTable>
  );
}

type HomeworkRows = DataOf<typeof teachingRoutes.studentRecord>['homework'];

const day = (ms: number) => {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

type HomeworkWrongRows = DataOf<typeof teachingRoutes.studentRecord>['homeworkWrong'];

/** A student's wrong homework questions (the 错题本's rule), the newest hand-in first. */
export function HomeworkWrongTable({ rows }: { rows: HomeworkWrongRows }) {
  return (
    <ListTable
      label="作业错题"
      rows={rows}
      empty="暂无作业错题"
      headers={['作业', '提交日期', '学科', '题号', '知识点', '得分']}
    >
      {(w) => (
        <tr key={`${w.homeworkId}-${w.label}`}>
          <td>{w.homeworkName}</td>
          <td>{w.date}</td>
          <td>{w.subjectName}</td>
          <td>{w.label}</td>
          <td>{w.knowledgePoints.join('、') || '—'}</td>
          <td>
            {fixed(w.score)}/{w.fullMarks}
          </td>
        </tr>
      )}
    </ListTable>
  );
}

const ratePoints = (v: number | null) => (v === null ? null : v * 100);

interface HomeworkRow {
  homeworkId: number;
  name: string;
  subjectName: string;
  assignedAt: number;
}

/**
 * 作业: score rates over the homework (a line once there are two) and a row per homework with
 * its name, subject and day before the `cells` named by `headers`.
 */
function HomeworkTrend<T extends HomeworkRow>({
  rows,
  of,
  rates,
  label,
  headers,
  cells,
}: {
  rows: readonly T[];
  of: string;
  rates: readonly (readonly [string, (row: T) => number | null])[];
  label: string;
  headers: readonly string[];
  cells: (row: T) => ReactNode;
}) {
  return (
    <section aria-label="作业">
      <h2>作业</h2>
      {rows.length === 0 ? (
        <Empty text="暂无可查看的作业报告" />
      ) : (
        <>
          {rows.length > 1 && (
            <Chart
              kind="line"
              label={`${of}的作业得分率趋势`}
              option={lineOption(
                rows.map((h) => h.name),
                rates.map(([name, rate]) => ({
                  name,
                  values: rows.map((h) => ratePoints(rate(h))),
                })),
              )}
            />
          )}
          <ListTable label={label} rows={rows} headers={['作业', '学科', '布置日期', ...headers]}>
            {(h) => (
              <tr key={h.homeworkId}>
                <td>{h.name}</td>
                <td>{h.subjectName}</td>
                <td>{day(h.assignedAt)}</td>
                {cells(h)}
              </tr>
            )}
          </ListTable>
        </>
      )}
    </section>
  );
}

/** A student's 校本作业 over time: their score rate beside the class's, from the homework reports. */
function HomeworkSection({ rows, of }: { rows: HomeworkRows; of: string }) {
  return (
    <HomeworkTrend
      rows={rows}
      of={of}
      rates={[
        ['本人得分率', (h) => h.scoreRate],
        ['班级得分率', (h) => h.classScoreRate],
      ]}
      label="各次作业成绩"
      headers={['得分', '得分率', '班级得分率']}
      cells={(h) => (
        <>
          <td>
            {h.score === null
              ? SUBMISSION_STATUS_LABELS[h.status]
              : `${fixed(h.score)}/${h.fullMarks}`}
          </td>
          <td>{percent(h.scoreRate)}</td>
          <td>{percent(h.classScoreRate)}</td>
        </>
      )}
    />
  );
}

/**
 * 学生学情 (/study/student, DataStudent, kept alive): one student's record across the exams whose
 * reports the caller may read — the total's percentile trend, subject balance (each subject's
 * percentile in the newest exam), knowledge-point mastery and wrong questions — and the
 * homework whose reports the caller may open (the student's score rate beside the class's).
 */
export function StudentStudyPage() {
  const codes = useExamkitStore((s) => s.permCodes);
  // 师生学情's student detail is this record, opened on the student of its link
  const research = useLocation().pathname.startsWith('/teach-research');
  const choice = useClassStudentChoice();
  const classes = useWrongData(teachingRoutes.studyClasses, { classId: choice.classId });
  const chosen = choice.studentId ?? classes.data?.students[0]?.studentId ?? null;
  const record = useWrongData(
    teachingRoutes.studentRecord,
    chosen === null ? null : { studentId: chosen },
  );
  const data = record.data;
  const names = data?.exams.map((e) => e.examName) ?? [];
  const subjects = [...new Set(data?.exams.flatMap((e) => e.subjects.map((s) => s.subjectName)))];
  const latest = data?.exams.at(-1);
  return (
    <PageBox>
      <h1>{research ? '学生学情详情' : '学生学情'}</h1>
      {classes.error && <p role="alert">{classes.error}</p>}
      {classes.data && classes.data.classes.length === 0 && <Empty text="暂无可查看的班级" />}
      {classes.data && classes.data.classes.length > 0 && (
        <Toolbar>
          <ClassStudentPicker data={classes.data} chosen={chosen} choice={choice} />
          {chosen !== null && hasPermission(codes, 'StudySituation') && (
            <Link to={`/resource/student-wrong/detail?studentId=${chosen}`}>错题本与推荐练习</Link>
          )}
          {chosen !== null && (
            <Link
              to={`/appraise/student?studentId=${chosen}&classId=${classes.data.classId ?? ''}`}
            >
              综合评价
            </Link>
          )}
          {chosen !== null && research && (
            <Link to={`/teach-research/study/student/wrong?studentId=${chosen}`}>查看错题</Link>
          )}
        </Toolbar>
      )}
      {record.error && <p role="alert">{record.error}</p>}
      {data && (
        <>
          <StudentHeading student={data.student} />
          {data.exams.length === 0 ? (
            <Empty text="暂无已发布报告的考试" />
          ) : (
            <>
              <section aria-label="成绩与排名趋势">
                <h2>成绩与排名趋势</h2>
                <Chart
                  kind="line"
                  label={`${data.student.name}的百分位趋势`}
                  option={lineOption(names, [
                    ...(data.exams.some((e) => e.total)
                      ? [{ name: '总分百分位', values: data.exams.map((e) => e.total?.percentile) }]
                      : []),
                    ...subjects.map((name) => ({
                      name: `${name}百分位`,
                      values: data.exams.map(
                        (e) => e.subjects.find((s) => s.subjectName === name)?.percentile,
                      ),
                    })),
                  ])}
                />
                <ListTable
                  label="各次考试成绩"
                  rows={data.exams}
                  headers={[
                    '考试',
                    '日期',
                    '总分',
                    '年级均分',
                    '年级名次',
                    '班级名次',
                    '百分位',
                    '错题数',
                  ]}
                >
                  {(e) => (
                    <tr key={e.examId}>
                      <td>{e.examName}</td>
                      <td>{e.examDate}</td>
                      <td>{e.total ? `${fixed(e.total.score)}/${e.total.fullMarks}` : '—'}</td>
                      <td>{fixed(e.total?.gradeMean)}</td>
                      <td>{e.total?.gradeRank ?? '—'}</td>
                      <td>{e.total?.classRank ?? '—'}</td>
                      <td>{pct(e.total?.percentile)}</td>
                      <td>{e.wrongCount}</td>
                    </tr>
                  )}
                </ListTable>
              </section>
              {latest && (
                <section aria-label="学科均衡">
                  <h2>学科均衡（{latest.examName}）</h2>
                  {latest.subjects.length > 2 && (
                    <Chart
                      kind="radar"
                      label={`${data.student.name}各学科百分位`}
                      option={radarOption(
                        latest.subjects.map((s) => s.subjectName),
                        [
                          {
                            name: '百分位',
                            values: latest.subjects.map((s) => (s.percentile ?? 0) / 100),
                          },
                        ],
                      )}
                    />
                  )}
                  <ListTable
                    label="各学科成绩"
                    rows={latest.subjects}
                    headers={['学科', '得分', '班级均分', '年级均分', '年级名次', '百分位']}
                  >
                    {(s) => (
                      <tr key={s.subjectName}>
                        <td>{s.subjectName}</td>
                        <td>
                          {fixed(s.score)}/{s.fullMarks}
                        </td>
                        <td>{fixed(s.classMean)}</td>
                        <td>{fixed(s.gradeMean)}</td>
                        <td>{s.gradeRank ?? '—'}</td>
                        <td>{pct(s.percentile)}</td>
                      </tr>
                    )}
                  </ListTable>
                </section>
              )}
              <Mastery points={data.points} of={data.student.name} />
              <section aria-label="错题">
                <h2>错题</h2>
                <WrongQuestionTable rows={data.wrongQuestions} />
              </section>
            </>
          )}
          <HomeworkSection rows={data.homework} of={data.student.name} />
          <section aria-label="作业错题">
            <h2>作业错题</h2>
            <HomeworkWrongTable rows={data.homeworkWrong} />
          </section>
        </>
      )}
    </PageBox>
  );
}

type ClassHomeworkRows = DataOf<typeof teachingRoutes.classRecord>['homework'];

/** A class's 校本作业 over time: each homework report's 基本情况 over the class. */
function ClassHomeworkSection({ rows, of }: { rows: ClassHomeworkRows; of: string }) {
  return (
    <HomeworkTrend
      rows={rows}
      of={of}
      rates={[['班级得分率', (h) => h.scoreRate]]}
      label="各次作业班级成绩"
      headers={['应交', '已交', '已批改', '平均分', '得分率']}
      cells={(h) => (
        <>
          <td>{h.expected}</td>
          <td>{h.submitted}</td>
          <td>{h.corrected}</td>
          <td>{h.average === null ? '—' : `${fixed(h.average)}/${h.fullMarks}`}</td>
          <td>{percent(h.scoreRate)}</td>
        </>
      )}
    />
  );
}

/**
 * 班级学情 (/study/class, DataClass, kept alive): one class across the exams of its grade — its
 * mean beside the grade's and its rank among the classes, subject by subject, knowledge-point
 * mastery and the newest exam's common errors — and each homework's 基本情况 over the class.
 */
export function ClassStudyPage() {
  const codes = useExamkitStore((s) => s.permCodes);
  // 教研中心's 学情概况·班级 is the same record
  const title = useLocation().pathname.startsWith('/teach-research') ? '学情概况·班级' : '班级学情';
  const [classId, setClassId] = useState<number | null>(null);
  const classes = useWrongData(teachingRoutes.studyClasses, { classId });
  const chosen = classes.data?.classId ?? null;
  const record = useWrongData(
    teachingRoutes.classRecord,
    chosen === null ? null : { classId: chosen },
  );
  const data = record.data;
  const names = data?.exams.map((e) => e.examName) ?? [];
  const subjects = [...new Set(data?.exams.flatMap((e) => e.subjects.map((s) => s.subjectName)))];
  return (
    <PageBox>
      <h1>{title}</h1>
      {classes.error && <p role="alert">{classes.error}</p>}
      {classes.data && classes.data.classes.length === 0 && <Empty text="暂无可查看的班级" />}
      {classes.data && classes.data.classes.length > 0 && (
        <Toolbar>
          <ClassPicker data={classes.data} onChange={setClassId} />
          {hasPermission(codes, 'Consolidate-CommitError') && (
            <Link to="/consolidate/commitError">巩固提升：易错题</Link>
          )}
        </Toolbar>
      )}
      {record.error && <p role="alert">{record.error}</p>}
      {data && data.exams.length === 0 && <Empty text="暂无已发布报告的考试" />}
      {data && data.exams.length > 0 && (
        <>
          <section aria-label="均分与名次趋势">
            <h2>均分与名次趋势</h2>
            <Chart
              kind="line"
              label={`${data.className}各学科班级名次趋势`}
              option={lineOption(
                names,
                [
                  ...(data.exams.some((e) => e.total)
                    ? [{ name: '总分名次', values: data.exams.map((e) => e.total?.rank) }]
                    : []),
                  ...subjects.map((name) => ({
                    name: `${name}名次`,
                    values: data.exams.map(
                      (e) => e.subjects.find((s) => s.subjectName === name)?.rank,
                    ),
                  })),
                ],
                true,
              )}
            />
            <ListTable
              label="各次考试班级成绩"
              rows={data.exams.flatMap((e) => [
                ...(e.total ? [{ exam: e, subjectName: '总分', ...e.total }] : []),
                ...e.subjects.map((s) => ({ exam: e, ...s })),
              ])}
              headers={['考试', '学科', '班级均分', '年级均分', '满分', '班级名次']}
            >
              {(row) => (
                <tr key={`${row.exam.examId}-${row.subjectName}`}>
                  <td>{row.exam.examName}</td>
                  <td>{row.subjectName}</td>
                  <td>{fixed(row.mean)}</td>
                  <td>{fixed(row.gradeMean)}</td>
                  <td>{row.fullMarks}</td>
                  <td>{row.rank === null ? '—' : `${row.rank}/${row.exam.classCount}`}</td>
                </tr>
              )}
            </ListTable>
          </section>
          <Mastery points={data.points} of={data.className} />
          <section aria-label="最近一次考试的易错题">
            <h2>最近一次考试的易错题</h2>
            <CommonErrorTable
              label="易错题"
              rows={data.commonErrors}
              classRate={(q) => q.scoreRate}
              rowKey={(q) => `${q.subjectName}-${q.number}`}
            />
          </section>
        </>
      )}
      {data && <ClassHomeworkSection rows={data.homework} of={data.className} />}
    </PageBox>
  );
}
