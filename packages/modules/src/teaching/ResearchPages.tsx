import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  FLUCTUATION_BASES,
  FLUCTUATION_BASIS_NAMES,
  FLUCTUATION_EXAMS_DEFAULT,
  STUDY_DROP_DEFAULT,
  STUDY_LINE_DEFAULT,
  teachResearchRoutes,
  teachingRoutes,
  type DataOf,
  type FluctuationBasis,
} from '@examkit/contracts';
import { Empty, FormField, Select } from '@examkit/ui';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { Chart } from '../report/components/Chart';
import { lineOption } from '../report/components/charts';
import { percent, useWrongData } from '../resource/wrong/useWrongData';
import {
  HomeworkNote,
  homeworkTrend,
  TeacherHomework,
  useHomeworkPeriod,
} from './ResearchHomework';
import { HomeworkWrongTable, WrongQuestionTable } from './StudyPages';
import { fixed, pct } from './format';

const S = '/teach-research/study';

/** A grade's page: its error, 暂无可查看的年级, or what `children` shows of a readable grade. */
function Graded<T extends { grades: readonly unknown[] }>({
  error,
  data,
  children,
}: {
  error: string | null;
  data: T | null;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {error && <p role="alert">{error}</p>}
      {data && data.grades.length === 0 && <Empty text="暂无可查看的年级" />}
      {data && data.grades.length > 0 && children(data)}
    </>
  );
}
const DROPS = [5, 10, 15, 20, 30];
const LINES = [10, 20, 30, 40, 50];
const EXAM_COUNTS = [2, 3, 5, 8, 10];
const SWINGS = [10, 15, 20, 30, 40];

/** A score with its score rate: 33（94.3%）. */
const scoreOf = (score: number | null | undefined, rate: number | null | undefined) =>
  score === null || score === undefined ? '—' : `${score}（${pct(rate)}）`;
const change = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(1)}`);

/** A 师生学情 page: its title and the links to the two lists. */
function StudyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageBox>
      <h1>{title}</h1>
      <nav aria-label="师生学情">
        <Toolbar>
          <Link to={`${S}/student`}>学生学情</Link>
          <Link to={`${S}/teacher`}>教师学情</Link>
        </Toolbar>
      </nav>
      {children}
    </PageBox>
  );
}

function GradePicker(props: {
  grades: { gradeId: number; gradeName: string }[];
  value: number | null;
  onChange(id: number): void;
}) {
  return (
    <FormField label="年级">
      <Select
        value={props.value ?? ''}
        options={props.grades.map((g) => ({ value: g.gradeId, label: g.gradeName }))}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </FormField>
  );
}

/** The link to a listed student's own 学情. */
function StudentStudyLink({
  student: s,
}: {
  student: { classId: number; studentId: number; name: string };
}) {
  return (
    <Link to={`${S}/student/detail?classId=${s.classId}&studentId=${s.studentId}`}>
      查看{s.name}的学情
    </Link>
  );
}

/** A listed student's homework score rate and how many corrected hand-ins it is over. */
function homeworkOf(data: DataOf<typeof teachResearchRoutes.studyStudents>, studentId: number) {
  const h = data.homework.students.find((x) => x.studentId === studentId);
  return !h || h.corrected === 0 ? '—' : `${percent(h.scoreRate)}（${h.corrected}）`;
}

/**
 * 师生学情·学生学情 (/teach-research/study/student): the students of a grade who need attention —
 * the total's percentile fell by the chosen points since the exam before, or is under the chosen
 * line — with each exam's percentile and a link to the student's record.
 */
export function StudentAttentionPage() {
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [drop, setDrop] = useState(STUDY_DROP_DEFAULT);
  const [line, setLine] = useState(STUDY_LINE_DEFAULT);
  const homeworkPeriod = useHomeworkPeriod();
  const { data, error } = useWrongData(teachResearchRoutes.studyStudents, {
    gradeId,
    drop,
    line,
    homeworkPeriod: homeworkPeriod.body,
  });
  return (
    <StudyPage title="学生学情">
      <Graded error={error} data={data}>
        {(data) => (
          <>
            <Toolbar>
              <GradePicker grades={data.grades} value={data.gradeId} onChange={setGradeId} />
              <FormField label="百分位下降">
                <Select
                  value={drop}
                  options={DROPS.map((d) => ({ value: d, label: `${d}个百分点及以上` }))}
                  onChange={(e) => setDrop(Number(e.target.value))}
                />
              </FormField>
              <FormField label="百分位线">
                <Select
                  value={line}
                  options={LINES.map((l) => ({ value: l, label: `低于${l}%` }))}
                  onChange={(e) => setLine(Number(e.target.value))}
                />
              </FormField>
              {homeworkPeriod.fields}
            </Toolbar>
            <HomeworkNote list={data.homework.list} period={homeworkPeriod.body} />
            <ListTable
              label="需要关注的学生"
              rows={data.students}
              empty="没有需要关注的学生"
              headers={[
                '学生',
                '班级',
                ...data.exams.map((e) => e.examName),
                '变化',
                ...(data.homework.list.length > 0
                  ? ['作业得分率（已批改次数）', '作业得分率趋势']
                  : []),
                '关注原因',
                '操作',
              ]}
            >
              {(s) => (
                <tr key={s.studentId}>
                  <td>
                    {s.name}（{s.studentNo}）
                  </td>
                  <td>{s.className}</td>
                  {s.percentiles.map((p, i) => (
                    <td key={data.exams[i]!.examId}>{pct(p)}</td>
                  ))}
                  <td>{change(s.change)}</td>
                  {data.homework.list.length > 0 && <td>{homeworkOf(data, s.studentId)}</td>}
                  {data.homework.list.length > 0 && (
                    <td>
                      {homeworkTrend(
                        data.homework.students.find((h) => h.studentId === s.studentId)
                          ?.scoreRates ?? [],
                      )}
                    </td>
                  )}
                  <td>
                    {[s.falling && '百分位下降', s.below && `低于${line}%`]
                      .filter(Boolean)
                      .join('、')}
                  </td>
                  <td>
                    <StudentStudyLink student={s} />
                  </td>
                </tr>
              )}
            </ListTable>
          </>
        )}
      </Graded>
    </StudyPage>
  );
}

/** 波动幅度's choices by rank: the school's 波动设置 among a few round numbers. */
const rankSwings = (setting: number) =>
  [...new Set([setting, 3, 5, 10, 20, 50, 100])].sort((a, b) => a - b);
const places = (v: number) => `${v > 0 ? '+' : ''}${v}名`;
/** 波动幅度's choices by score: the school's 波动设置 (分数波动) among a few round numbers. */
const scoreSwings = (setting: number) =>
  [...new Set([setting, 5, 10, 15, 20, 30])].sort((a, b) => a - b);

/**
 * 波动趋势 (/teach-research/fluctuation-trend): over a grade's newest exams, the students whose
 * grade rank (by default, as many places as the school's 波动设置), percentile or score rate (by
 * default, the 波动设置's 分数波动 in % of the full marks) of the total or a subject changed by the chosen amount or more between two exams they sat, and per class how many
 * such students it has and its rank by mean in each exam.
 */
export function FluctuationPage() {
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [examCount, setExamCount] = useState(FLUCTUATION_EXAMS_DEFAULT);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [basis, setBasis] = useState<FluctuationBasis>('rank');
  // null: the server's default for the basis (by rank, the school's 波动设置)
  const [swing, setSwing] = useState<number | null>(null);
  const { data, error } = useWrongData(teachResearchRoutes.fluctuation, {
    gradeId,
    examCount,
    subjectId,
    basis,
    swing,
  });
  const names = data?.exams.map((e) => e.examName) ?? [];
  const byRank = data?.basis === 'rank';
  const byScore = data?.basis === 'score';
  const what =
    data?.subjectId == null
      ? '总分'
      : (data.subjects.find((s) => s.subjectId === data.subjectId)?.subjectName ?? '');
  return (
    <PageBox>
      <h1>波动趋势</h1>
      <Graded error={error} data={data}>
        {(data) => (
          <>
            <Toolbar>
              <GradePicker
                grades={data.grades}
                value={data.gradeId}
                onChange={(id) => {
                  setGradeId(id);
                  setSubjectId(null);
                }}
              />
              <FormField label="考试场数">
                <Select
                  value={examCount}
                  options={EXAM_COUNTS.map((n) => ({ value: n, label: `最近${n}次考试` }))}
                  onChange={(e) => setExamCount(Number(e.target.value))}
                />
              </FormField>
              <FormField label="科目">
                <Select
                  value={data.subjectId ?? ''}
                  options={[
                    { value: '', label: '总分' },
                    ...data.subjects.map((s) => ({ value: s.subjectId, label: s.subjectName })),
                  ]}
                  onChange={(e) =>
                    setSubjectId(e.target.value === '' ? null : Number(e.target.value))
                  }
                />
              </FormField>
              <FormField label="波动依据">
                <Select
                  value={basis}
                  options={FLUCTUATION_BASES.map((b) => ({
                    value: b,
                    label: FLUCTUATION_BASIS_NAMES[b],
                  }))}
                  onChange={(e) => {
                    setBasis(e.target.value as FluctuationBasis);
                    setSwing(null);
                  }}
                />
              </FormField>
              <FormField label="波动幅度">
                <Select
                  value={swing ?? data.swing}
                  options={
                    basis === 'rank'
                      ? rankSwings(data.rankChange).map((n) => ({
                          value: n,
                          label: `${n}名及以上${n === data.rankChange ? '（学校波动设置）' : ''}`,
                        }))
                      : basis === 'score'
                        ? scoreSwings(data.scoreChangePercent).map((n) => ({
                            value: n,
                            label: `${n}%及以上${n === data.scoreChangePercent ? '（学校波动设置）' : ''}`,
                          }))
                        : SWINGS.map((d) => ({ value: d, label: `${d}个百分点及以上` }))
                  }
                  onChange={(e) => setSwing(Number(e.target.value))}
                />
              </FormField>
            </Toolbar>
            <p>
              {byRank
                ? `按${what}年级名次比较：相邻两次参加的考试之间，名次升降达到所选名次即为波动（默认取学校的波动设置：${data.rankChange}名）。`
                : byScore
                  ? `按${what}得分率（分数占满分的百分比）比较：相邻两次参加的考试之间，得分率升降达到所选百分点即为波动（默认取学校的波动设置：分数波动${data.scoreChangePercent}%）。`
                  : `按${what}百分位比较：相邻两次参加的考试之间，百分位升降达到所选幅度即为波动。`}
            </p>
            <section aria-label="各班波动">
              <h2>各班波动</h2>
              {data.exams.length >= 2 && data.classes.length > 0 && (
                <Chart
                  kind="line"
                  label="各班名次趋势"
                  option={lineOption(
                    names,
                    data.classes.map((c) => ({ name: c.className, values: c.ranks })),
                    true,
                  )}
                />
              )}
              <ListTable
                label="各班波动人数"
                rows={data.classes}
                empty="暂无班级"
                headers={['班级', '比较人数', '波动人数', ...names, '名次极差']}
              >
                {(c) => (
                  <tr key={c.classId}>
                    <td>{c.className}</td>
                    <td>{c.compared}</td>
                    <td>{c.swinging}</td>
                    {c.ranks.map((r, i) => (
                      <td key={data.exams[i]!.examId}>
                        {r === null ? '—' : `第${r}/${c.classCounts[i]}名`}
                      </td>
                    ))}
                    <td>{c.rankSpread ?? '—'}</td>
                  </tr>
                )}
              </ListTable>
            </section>
            <section aria-label="波动学生">
              <h2>波动学生</h2>
              <ListTable
                label="成绩波动的学生"
                rows={data.students}
                empty="没有成绩波动的学生"
                headers={['学生', '班级', ...names, '最大变化', '极差', '波动次数', '操作']}
              >
                {(s) => (
                  <tr key={s.studentId}>
                    <td>
                      {s.name}（{s.studentNo}）
                    </td>
                    <td>{s.className}</td>
                    {(byRank ? s.ranks : s.percentiles).map((v, i) => (
                      <td key={data.exams[i]!.examId}>
                        {byRank
                          ? v === null
                            ? '—'
                            : `第${v}名`
                          : byScore
                            ? scoreOf(s.scores[i], s.scoreRates[i])
                            : pct(v)}
                      </td>
                    ))}
                    <td>
                      {byRank
                        ? places(s.largestChange)
                        : `${change(s.largestChange)}${byScore ? '%' : ''}`}
                    </td>
                    <td>{byRank ? `${s.spread}名` : `${fixed(s.spread)}${byScore ? '%' : ''}`}</td>
                    <td>{s.swings}</td>
                    <td>
                      <StudentStudyLink student={s} />
                    </td>
                  </tr>
                )}
              </ListTable>
            </section>
          </>
        )}
      </Graded>
    </PageBox>
  );
}

/** 师生学情·学生错题 (/teach-research/study/student/wrong): one student's wrong questions. */
export function StudentWrongPage() {
  const [params] = useSearchParams();
  const studentId = Number(params.get('studentId')) || null;
  const { data, error } = useWrongData(
    teachingRoutes.studentRecord,
    studentId === null ? null : { studentId },
  );
  return (
    <StudyPage title="学生错题">
      {studentId === null && <Empty text="请从学生学情中选择学生" />}
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <h2>
            {data.student.name}（{data.student.className}，{data.student.studentNo}）
          </h2>
          <WrongQuestionTable rows={data.wrongQuestions} />
          <h2>作业错题</h2>
          <HomeworkWrongTable rows={data.homeworkWrong} />
        </>
      )}
    </StudyPage>
  );
}

const signed = (mean: number | null | undefined, grade: number | null | undefined) =>
  mean === null || mean === undefined || grade === null || grade === undefined
    ? '—'
    : `${mean - grade >= 0 ? '+' : ''}${(mean - grade).toFixed(1)}`;

type Classes = DataOf<typeof teachResearchRoutes.studyTeachers>['classes'];
type Exams = DataOf<typeof teachResearchRoutes.studyTeachers>['exams'];

/** Each class × subject taught: per exam, the class's mean (± the grade's) and rank. */
function ClassTable({ rows, exams, label }: { rows: Classes; exams: Exams; label: string }) {
  return (
    <ListTable
      label={label}
      rows={rows}
      empty="暂无任教班级"
      headers={['教师', '班级', '学科', ...exams.map((e) => e.examName)]}
    >
      {(c) => (
        <tr key={`${c.userId}-${c.classId}-${c.subjectName}`}>
          <td>{c.teacherName}</td>
          <td>{c.className}</td>
          <td>{c.subjectName}</td>
          {c.means.map((mean, i) => (
            <td key={exams[i]!.examId}>
              {mean === null
                ? '—'
                : `${fixed(mean)}（${signed(mean, c.gradeMeans[i])}，第${c.ranks[i] ?? '—'}/${c.classCounts[i]}名）`}
            </td>
          ))}
        </tr>
      )}
    </ListTable>
  );
}

const disagreement = (m: { pairs: number; disagreements: number }) =>
  m.pairs === 0 ? '—' : percent(m.disagreements / m.pairs);

/**
 * 师生学情·教师学情 (/teach-research/study/teacher): a grade's teachers across its exams — their
 * classes' means beside the grade's and ranks among the classes, and how much they marked and how
 * often their mark and the second marker's differed beyond the tolerance.
 */
export function TeacherStudyPage() {
  const [gradeId, setGradeId] = useState<number | null>(null);
  const homeworkPeriod = useHomeworkPeriod();
  const { data, error } = useWrongData(teachResearchRoutes.studyTeachers, {
    gradeId,
    homeworkPeriod: homeworkPeriod.body,
  });
  return (
    <StudyPage title="教师学情">
      <Graded error={error} data={data}>
        {(data) => (
          <>
            <Toolbar>
              <GradePicker grades={data.grades} value={data.gradeId} onChange={setGradeId} />
              {homeworkPeriod.fields}
            </Toolbar>
            <section aria-label="任教班级成绩">
              <h2>任教班级成绩</h2>
              <p>每格为班级均分（与年级均分之差，班级名次）。</p>
              <ClassTable rows={data.classes} exams={data.exams} label="各教师任教班级成绩" />
            </section>
            <section aria-label="阅卷工作量与质量">
              <h2>阅卷工作量与质量</h2>
              <ListTable
                label="各教师阅卷"
                rows={data.teachers}
                headers={['教师', ...data.exams.map((e) => e.examName), '操作']}
              >
                {(t) => (
                  <tr key={t.userId}>
                    <td>{t.name}</td>
                    {t.marking.map((m, i) => (
                      <td key={data.exams[i]!.examId}>
                        {m.marked === 0 ? '—' : `${m.marked}份，误差超限${disagreement(m)}`}
                      </td>
                    ))}
                    <td>
                      <Link to={`${S}/teacher/detail?gradeId=${data.gradeId}&userId=${t.userId}`}>
                        查看{t.name}的详情
                      </Link>
                    </td>
                  </tr>
                )}
              </ListTable>
            </section>
            <TeacherHomework
              homework={data.homework}
              classes={data.classes}
              names={new Map(data.teachers.map((t) => [t.userId, t.name]))}
              period={homeworkPeriod.body}
            />
          </>
        )}
      </Graded>
    </StudyPage>
  );
}

/** 师生学情·教师学情详情 (/teach-research/study/teacher/detail): one teacher in one grade. */
export function TeacherDetailPage() {
  const [params] = useSearchParams();
  const gradeId = Number(params.get('gradeId')) || null;
  const userId = Number(params.get('userId')) || null;
  const homeworkPeriod = useHomeworkPeriod();
  const { data, error } = useWrongData(
    teachResearchRoutes.teacherDetail,
    gradeId === null || userId === null
      ? null
      : { gradeId, userId, homeworkPeriod: homeworkPeriod.body },
  );
  const names = data?.exams.map((e) => e.examName) ?? [];
  return (
    <StudyPage title="教师学情详情">
      {(gradeId === null || userId === null) && <Empty text="请从教师学情中选择教师" />}
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <h2>
            {data.teacher.name}（{data.gradeName}）
          </h2>
          <Toolbar>{homeworkPeriod.fields}</Toolbar>
          {data.classes.some((c) => c.ranks.some((r) => r !== null)) && (
            <Chart
              kind="line"
              label={`${data.teacher.name}任教班级名次趋势`}
              option={lineOption(
                names,
                data.classes.map((c) => ({
                  name: `${c.className}${c.subjectName}`,
                  values: c.ranks,
                })),
                true,
              )}
            />
          )}
          <ClassTable rows={data.classes} exams={data.exams} label="任教班级成绩" />
          <section aria-label="阅卷明细">
            <h2>阅卷明细</h2>
            <ListTable
              label="各题块阅卷"
              rows={data.blocks}
              empty="没有阅卷记录"
              headers={['考试', '题块', '阅卷量', '双评份数', '误差超限率', '给分均值', '题块均值']}
            >
              {(b) => (
                <tr key={`${b.examId}-${b.blockName}`}>
                  <td>{b.examName}</td>
                  <td>{b.blockName}</td>
                  <td>{b.marked}</td>
                  <td>{b.pairs}</td>
                  <td>{disagreement(b)}</td>
                  <td>{fixed(b.mean)}</td>
                  <td>{fixed(b.blockMean)}</td>
                </tr>
              )}
            </ListTable>
          </section>
          <TeacherHomework
            homework={data.homework}
            classes={data.classes}
            names={new Map([[data.teacher.userId, data.teacher.name]])}
            period={homeworkPeriod.body}
          />
        </>
      )}
    </StudyPage>
  );
}
