import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportRoutes } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { Chart } from '../components/Chart';
import { barOption, boxOption, lineOption, radarOption } from '../components/charts';
import {
  RateInput,
  contrastBands,
  criticalColumns,
  criticalRows,
  statColumns,
  transcriptColumns,
} from '../components/columns';
import { DataTable, type Column } from '../components/DataTable';
import { ExportActions } from '../components/ExportActions';
import { ReportFrame } from '../components/ReportFrame';
import { Grid } from '../components/styled';
import { useReport } from '../hooks/useReport';
import { useReportContext, type ReportContext } from '../hooks/useReportContext';
import {
  boxOf,
  formatChange,
  formatFixed,
  formatInt,
  formatRate,
  formatScore,
  kindLabel,
  levelLabel,
} from '../utils/format';

export const CLASS_TABS = [
  { key: 'basic', label: '基本情况' },
  { key: 'comment', label: '试卷讲评' },
  { key: 'ability', label: '能力分析' },
  { key: 'analysis', label: '学情分析' },
  { key: 'transcript', label: '成绩单' },
  { key: 'problemSet', label: '错题集' },
  { key: 'custom', label: '自定义报告' },
  { key: 'custom2', label: '自定义报告二' },
] as const;

type ClassTab = (typeof CLASS_TABS)[number]['key'];

function ClassFrame({
  tab,
  context,
  children,
  subjectPicker,
  error,
  loading,
  actions,
  controls,
}: {
  tab: ClassTab;
  context: ReportContext;
  children?: ReactNode;
  subjectPicker?: boolean | 'total';
  error?: string | null;
  loading?: boolean;
  actions?: ReactNode;
  controls?: ReactNode;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <ReportFrame
      title="班级报告"
      context={context}
      tabs={CLASS_TABS}
      active={tab}
      onTab={(key) => navigate(`/exam/single/report/class/${key}/${context.examId}${search}`)}
      classPicker
      subjectPicker={subjectPicker ?? false}
      error={error ?? null}
      loading={loading ?? false}
      actions={actions}
      controls={controls}
    >
      {children}
    </ReportFrame>
  );
}

const exportOf = (
  context: ReportContext,
  page: Parameters<typeof ExportActions>[0]['page'],
  subject = false,
) =>
  context.classId === null ? null : (
    <ExportActions
      examId={context.examId}
      page={page}
      classId={context.classId}
      subjectId={subject ? (context.subjectId ?? undefined) : undefined}
    />
  );

/** 班级报告·基本情况: each subject and the total, class beside grade, bands and 临界生. */
export function ClassBasicPage() {
  const context = useReportContext();
  const { examId, classId } = context;
  const report = useReport(reportRoutes.classBasic, classId ? { examId, classId } : null);
  const rows = report.data?.rows ?? [];
  const [bandSubject, setBandSubject] = useState<number | null>(null);
  const bandRow = rows.find((r) => r.subjectId === bandSubject) ?? rows[0];
  type Row = (typeof rows)[number];
  return (
    <ClassFrame
      tab="basic"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/basic')}
    >
      {report.data && (
        <>
          <DataTable<Row>
            caption={`${report.data.className}各学科成绩概况（${report.data.studentCount}人）`}
            rowKey={(r) => r.subjectId}
            rows={rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '满分', cell: (r) => formatScore(r.class.fullMarks), numeric: true },
              ...statColumns<Row>((r) => r.class),
              { title: '年级平均分', cell: (r) => formatScore(r.grade.mean), numeric: true },
              { title: '超均率', cell: (r) => formatRate(r.class.aboveMeanRate), numeric: true },
              {
                title: '均分排名',
                cell: (r) => `${formatInt(r.meanRank)}/${r.classCount}`,
                numeric: true,
              },
            ]}
          />
          <Grid>
            <Chart
              kind="bar"
              label="班级与年级得分率对比"
              option={barOption(
                rows.map((r) => r.subjectName),
                [
                  {
                    name: '班级得分率',
                    values: rows.map((r) =>
                      r.class.mean == null ? null : r.class.mean / r.class.fullMarks,
                    ),
                  },
                  {
                    name: '年级得分率',
                    values: rows.map((r) =>
                      r.grade.mean == null ? null : r.grade.mean / r.grade.fullMarks,
                    ),
                  },
                ],
                true,
              )}
            />
            {bandRow && (
              <div>
                <span role="group" aria-label="分数段学科" data-noprint>
                  {rows.map((r) => (
                    <Button
                      key={r.subjectId}
                      size="small"
                      type={r === bandRow ? 'primary' : 'text'}
                      aria-pressed={r === bandRow}
                      onClick={() => setBandSubject(r.subjectId)}
                    >
                      {r.subjectName}
                    </Button>
                  ))}
                </span>
                <Chart
                  kind="bar"
                  label={`${bandRow.subjectName}分数段分布`}
                  option={barOption(
                    contrastBands(bandRow.bands).map(
                      (b) => `${formatScore(b.from)}-${formatScore(b.to)}`,
                    ),
                    [
                      {
                        name: '班级占比',
                        values: contrastBands(bandRow.bands).map((b) => b.classRate),
                      },
                      {
                        name: '年级占比',
                        values: contrastBands(bandRow.bands).map((b) => b.gradeRate),
                      },
                    ],
                    true,
                  )}
                />
              </div>
            )}
          </Grid>
          {bandRow && (
            <DataTable
              caption={`${bandRow.subjectName}分数段`}
              rowKey={(b) => b.from}
              rows={contrastBands(bandRow.bands)}
              columns={[
                { title: '分数段', cell: (b) => `${formatScore(b.from)}～${formatScore(b.to)}` },
                { title: '班级人数', cell: (b) => b.classCount, numeric: true },
                { title: '班级占比', cell: (b) => formatRate(b.classRate), numeric: true },
                { title: '年级人数', cell: (b) => b.gradeCount, numeric: true },
                { title: '年级占比', cell: (b) => formatRate(b.gradeRate), numeric: true },
              ]}
            />
          )}
          {bandRow && (
            <DataTable
              caption={`${bandRow.subjectName}临界生`}
              rowKey={(r) => r.line}
              rows={criticalRows(bandRow.critical)}
              columns={criticalColumns()}
            />
          )}
        </>
      )}
    </ClassFrame>
  );
}

const optionsText = (
  options: readonly { option: string; count: number; rate: number | null; correct: boolean }[],
) =>
  options
    .map((o) => `${o.option}${o.correct ? '✓' : ''} ${o.count}人（${formatRate(o.rate)}）`)
    .join('；');

/** 班级报告·试卷讲评: per question the class beside the grade, options, who lost points. */
export function ClassCommentPage() {
  const context = useReportContext();
  const { examId, classId, subjectId } = context;
  const report = useReport(
    reportRoutes.classComment,
    classId && subjectId ? { examId, classId, subjectId } : null,
  );
  const questions = report.data?.questions ?? [];
  type Q = (typeof questions)[number];
  return (
    <ClassFrame
      tab="comment"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/comment', true)}
    >
      {report.data && (
        <>
          <Chart
            kind="bar"
            label="各题得分率"
            option={barOption(
              questions.map((q) => q.number),
              [
                { name: '班级得分率', values: questions.map((q) => q.class.scoreRate) },
                { name: '年级得分率', values: questions.map((q) => q.grade.scoreRate) },
              ],
              true,
            )}
          />
          <DataTable<Q>
            caption={`${report.data.className} ${report.data.subjectName}逐题讲评`}
            rowKey={(q) => q.questionId}
            rows={questions}
            columns={[
              { title: '题号', cell: (q) => q.number },
              { title: '题型', cell: (q) => kindLabel(q.kind) },
              { title: '满分', cell: (q) => formatScore(q.fullMarks), numeric: true },
              { title: '班级均分', cell: (q) => formatScore(q.class.mean), numeric: true },
              { title: '班级得分率', cell: (q) => formatRate(q.class.scoreRate), numeric: true },
              { title: '年级得分率', cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
              { title: '满分率', cell: (q) => formatRate(q.class.fullMarkRate), numeric: true },
              { title: '零分率', cell: (q) => formatRate(q.class.zeroRate), numeric: true },
              { title: '区分度', cell: (q) => formatFixed(q.class.discrimination), numeric: true },
              { title: '答案', cell: (q) => q.answer ?? '—' },
              {
                title: '选项分布',
                wrap: true,
                cell: (q) => (q.options.length ? optionsText(q.options) : '—'),
              },
              { title: '常见错误选项', cell: (q) => q.commonWrong ?? '—' },
              {
                title: '失分学生',
                wrap: true,
                cell: (q) =>
                  q.lostStudents.length === 0 ? (
                    '—'
                  ) : (
                    <details>
                      <summary>
                        {q.lostStudents.length}人：
                        {q.lostStudents
                          .slice(0, 5)
                          .map((s) => s.name)
                          .join('、')}
                        {q.lostStudents.length > 5 ? '…' : ''}
                      </summary>
                      {q.lostStudents
                        .map(
                          (s) =>
                            `${s.name}（${formatScore(s.score)}${s.answer ? `，${s.answer}` : ''}）`,
                        )
                        .join('、')}
                    </details>
                  ),
              },
              {
                title: '讲评',
                wrap: true,
                cell: (q) => q.comments.map((c) => c.content).join('；') || '—',
              },
            ]}
          />
        </>
      )}
    </ClassFrame>
  );
}

/** 班级报告·能力分析: knowledge points and abilities with a radar. */
export function ClassAbilityPage() {
  const context = useReportContext();
  const { examId, classId, subjectId } = context;
  const report = useReport(
    reportRoutes.classAbility,
    classId && subjectId ? { examId, classId, subjectId } : null,
  );
  return (
    <ClassFrame
      tab="ability"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/ability', true)}
    >
      {report.data &&
        (
          [
            ['知识点', report.data.knowledgePoints],
            ['能力', report.data.abilities],
          ] as const
        ).map(([name, tags]) => (
          <section key={name}>
            <h2>{name}得分率</h2>
            {tags.length > 2 && (
              <Chart
                kind="radar"
                label={`${name}得分率雷达图`}
                option={radarOption(
                  tags.map((t) => t.tag),
                  [
                    { name: '班级', values: tags.map((t) => t.classScoreRate) },
                    { name: '年级', values: tags.map((t) => t.gradeScoreRate) },
                  ],
                )}
              />
            )}
            <DataTable
              caption={`${name}得分率`}
              rowKey={(t) => t.tag}
              rows={tags}
              columns={[
                { title: name, cell: (t) => t.tag },
                { title: '题号', cell: (t) => t.questionNumbers.join('、') },
                { title: '满分', cell: (t) => formatScore(t.fullMarks), numeric: true },
                { title: '班级得分率', cell: (t) => formatRate(t.classScoreRate), numeric: true },
                { title: '年级得分率', cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
              ]}
            />
          </section>
        ))}
    </ClassFrame>
  );
}

/** 班级报告·学情分析: levels, 临界生, 进退步 and 偏科, with the class's rank trend. */
export function ClassAnalysisPage() {
  const context = useReportContext();
  const { examId, classId } = context;
  const report = useReport(reportRoutes.classAnalysis, classId ? { examId, classId } : null);
  const trend = useReport(reportRoutes.teacherClassExam, classId ? { classId } : null);
  const data = report.data;
  const exams = trend.data?.exams ?? [];
  return (
    <ClassFrame
      tab="analysis"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/analysis')}
    >
      {data && (
        <>
          <DataTable
            caption="各学科等级人数"
            rowKey={(r) => r.subjectId}
            rows={data.levels}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '优秀', cell: (r) => r.excellent, numeric: true },
              { title: '良好', cell: (r) => r.good, numeric: true },
              { title: '及格', cell: (r) => r.pass, numeric: true },
              { title: '不及格', cell: (r) => r.fail, numeric: true },
              { title: '低分', cell: (r) => r.low, numeric: true },
              { title: '缺考', cell: (r) => r.absent, numeric: true },
            ]}
          />
          {exams.length > 1 && (
            <Chart
              kind="line"
              label="班级均分排名趋势"
              height={260}
              option={lineOption(
                exams.map((e) => e.name),
                [{ name: '均分排名', values: exams.map((e) => e.meanRank) }],
                true,
              )}
            />
          )}
          <DataTable
            caption="临界生"
            rowKey={(r, i) => `${r.subject}-${i}`}
            rows={data.critical.flatMap((c) =>
              criticalRows(c.lines).map((l) => ({ ...l, subject: c.subjectName })),
            )}
            columns={[{ title: '学科', cell: (r) => r.subject }, ...criticalColumns()]}
          />
          <DataTable
            caption={`进退步${data.previousExam ? `（对比 ${data.previousExam.name}）` : '（无上次考试）'}`}
            rowKey={(r) => r.studentId}
            rows={data.rankChanges}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              { title: '上次年级排名', cell: (r) => r.previousRank, numeric: true },
              { title: '本次年级排名', cell: (r) => r.gradeRank, numeric: true },
              { title: '进退步', cell: (r) => formatChange(r.change), numeric: true },
            ]}
          />
          <DataTable
            caption="偏科学生"
            rowKey={(r) => r.studentId}
            rows={data.imbalanced}
            columns={[
              { title: '姓名', cell: (r) => r.name },
              { title: '总分年级排名', cell: (r) => formatInt(r.totalGradeRank), numeric: true },
              {
                title: '薄弱学科',
                wrap: true,
                cell: (r) =>
                  r.weakSubjects
                    .map(
                      (s) =>
                        `${s.subjectName}（第${formatInt(s.gradeRank)}名，落后${s.balance}名）`,
                    )
                    .join('、'),
              },
            ]}
          />
        </>
      )}
    </ClassFrame>
  );
}

/** 班级报告·成绩单: every student with a box plot of each subject. */
export function ClassTranscriptPage() {
  const context = useReportContext();
  const { examId, classId } = context;
  const report = useReport(reportRoutes.classTranscript, classId ? { examId, classId } : null);
  const subjects = (context.exam?.subjects ?? []).filter((s) =>
    report.data?.students.some((st) => st.scores.some((x) => x.subjectId === s.id)),
  );
  const students = report.data?.students ?? [];
  return (
    <ClassFrame
      tab="transcript"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/transcript')}
    >
      {report.data && (
        <>
          {students.length > 0 && (
            <Chart
              kind="boxplot"
              label="各学科分数箱线图"
              height={260}
              option={boxOption(
                subjects.map((s) => s.name),
                subjects.map((s) =>
                  boxOf(
                    students
                      .map((st) => st.scores.find((x) => x.subjectId === s.id)?.score)
                      .filter((v): v is number => v != null),
                  ),
                ),
              )}
            />
          )}
          <DataTable
            caption={`${report.data.className}成绩单`}
            rowKey={(r) => r.studentId}
            rows={students}
            columns={transcriptColumns(
              subjects,
              (r) =>
                `/exam/single/report/class/transcript/${examId}/${r.classId}/${r.studentId}/transcriptBasic`,
            )}
          />
        </>
      )}
    </ClassFrame>
  );
}

/** 班级报告·错题集: questions at or under the score-rate line, with who lost points. */
export function ClassProblemSetPage() {
  const context = useReportContext();
  const { examId, classId, subjectId } = context;
  const [maxScoreRate, setMax] = useState(0.6);
  const report = useReport(
    reportRoutes.classProblemSet,
    classId && subjectId ? { examId, classId, subjectId, maxScoreRate } : null,
  );
  return (
    <ClassFrame
      tab="problemSet"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={exportOf(context, 'class/problemSet', true)}
      controls={<RateInput label="得分率不高于" value={maxScoreRate} onChange={setMax} />}
    >
      {report.data && (
        <DataTable
          caption={`${report.data.className} ${report.data.subjectName}错题集`}
          rowKey={(q) => q.questionId}
          rows={report.data.questions}
          columns={[
            { title: '题号', cell: (q) => q.number },
            { title: '题型', cell: (q) => kindLabel(q.kind) },
            { title: '满分', cell: (q) => formatScore(q.fullMarks), numeric: true },
            { title: '班级得分率', cell: (q) => formatRate(q.classScoreRate), numeric: true },
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
            { title: '失分人数', cell: (q) => q.students.length, numeric: true },
            {
              title: '失分学生',
              wrap: true,
              cell: (q) =>
                q.students
                  .map(
                    (s) => `${s.name}（${formatScore(s.score)}${s.answer ? `，${s.answer}` : ''}）`,
                  )
                  .join('、'),
            },
          ]}
        />
      )}
    </ClassFrame>
  );
}

const LEVEL_KEYS = ['excellent', 'good', 'pass', 'low'] as const;

/** 班级报告·自定义报告: level rates under the caller's own lines. */
export function ClassCustomPage() {
  const context = useReportContext();
  const { examId, classId } = context;
  const [lines, setLines] = useState({ excellent: 0.85, good: 0.75, pass: 0.6, low: 0.3 });
  const report = useReport(
    reportRoutes.classCustom,
    classId ? { examId, classId, ...lines } : null,
  );
  const rows = report.data?.rows ?? [];
  return (
    <ClassFrame
      tab="custom"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} />}
      controls={LEVEL_KEYS.map((k) => (
        <RateInput
          key={k}
          label={`${levelLabel(k)}线`}
          value={lines[k]}
          onChange={(v) => setLines((l) => ({ ...l, [k]: v }))}
        />
      ))}
    >
      {report.data && (
        <DataTable
          caption="自定义等级"
          rowKey={(r) => r.subjectId}
          rows={rows}
          columns={[
            { title: '学科', cell: (r) => r.subjectName },
            { title: '实考人数', cell: (r) => r.class.count, numeric: true },
            ...LEVEL_KEYS.flatMap((k): Column<(typeof rows)[number]>[] => [
              { title: `${levelLabel(k)}人数`, cell: (r) => r.class[k], numeric: true },
              {
                title: `${levelLabel(k)}率`,
                cell: (r) => formatRate(r.class[`${k}Rate`]),
                numeric: true,
              },
              {
                title: `年级${levelLabel(k)}率`,
                cell: (r) => formatRate(r.grade[`${k}Rate`]),
                numeric: true,
              },
            ]),
          ]}
        />
      )}
    </ClassFrame>
  );
}

/** 班级报告·自定义报告二: score bands of a chosen width beside the grade. */
export function ClassCustom2Page() {
  const context = useReportContext({ total: true });
  const { examId, classId, subjectId } = context;
  const [bandWidth, setWidth] = useState(10);
  const report = useReport(
    reportRoutes.classCustom2,
    classId && subjectId !== null ? { examId, classId, subjectId, bandWidth } : null,
  );
  const bands = contrastBands(report.data?.bands ?? []);
  return (
    <ClassFrame
      tab="custom2"
      context={context}
      subjectPicker="total"
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} />}
      controls={
        <label>
          分数段宽度
          <input
            type="number"
            min={1}
            aria-label="分数段宽度"
            defaultValue={bandWidth}
            onBlur={(e) => {
              const n = Number(e.target.value);
              if (n > 0) setWidth(n);
            }}
          />
        </label>
      }
    >
      {report.data && (
        <>
          <Chart
            kind="bar"
            label="分数段分布"
            option={barOption(
              bands.map((b) => `${formatScore(b.from)}-${formatScore(b.to)}`),
              [
                { name: '班级占比', values: bands.map((b) => b.classRate) },
                { name: '年级占比', values: bands.map((b) => b.gradeRate) },
              ],
              true,
            )}
          />
          <DataTable
            caption={`${report.data.subjectName}分数段`}
            rowKey={(b) => b.from}
            rows={bands}
            columns={[
              { title: '分数段', cell: (b) => `${formatScore(b.from)}～${formatScore(b.to)}` },
              { title: '班级人数', cell: (b) => b.classCount, numeric: true },
              { title: '班级占比', cell: (b) => formatRate(b.classRate), numeric: true },
              { title: '年级人数', cell: (b) => b.gradeCount, numeric: true },
              { title: '年级占比', cell: (b) => formatRate(b.gradeRate), numeric: true },
            ]}
          />
        </>
      )}
    </ClassFrame>
  );
}
