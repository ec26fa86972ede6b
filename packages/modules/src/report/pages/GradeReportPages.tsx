import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Button, Select, TextInput } from '@examkit/ui';
import { Chart } from '../components/Chart';
import { barOption, lineOption, radarOption } from '../components/charts';
import { DataTable, type Column } from '../components/DataTable';
import { ExportActions, type ExportPage } from '../components/ExportActions';
import { ReportFrame } from '../components/ReportFrame';
import { ReportTabs } from '../components/ReportTabs';
import { Grid, Meta, Toolbar } from '../components/styled';
import { useReport } from '../hooks/useReport';
import { useReportCall } from '../hooks/useReportCall';
import { useReportContext, type ReportContext } from '../hooks/useReportContext';
import {
  formatFixed,
  formatInt,
  formatRate,
  formatScore,
  kindLabel,
  levelLabel,
  readableBands,
} from '../utils/format';
import {
  RateInput,
  criticalColumns,
  criticalRows,
  statColumns,
  transcriptColumns,
} from '../components/columns';

export const GRADE_TABS = [
  { key: 'basic', label: '基本情况' },
  { key: 'comment', label: '试卷讲评' },
  { key: 'ability', label: '能力分析' },
  { key: 'rank', label: '排名分析' },
  { key: 'transcript', label: '成绩单' },
  { key: 'problemSet', label: '错题集' },
  { key: 'custom', label: '自定义报告' },
] as const;

type GradeTab = (typeof GRADE_TABS)[number]['key'];

const CUSTOM_TABS = [
  { key: 'customGroup', label: '分组对比' },
  { key: 'customContrast', label: '班级学科对比' },
  { key: 'customKnowModel', label: '知识模型' },
] as const;

function GradeFrame(props: {
  tab: GradeTab;
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
  const { context } = props;
  return (
    <ReportFrame
      title="年级报告"
      context={context}
      tabs={GRADE_TABS}
      active={props.tab}
      onTab={(key) =>
        navigate(
          key === 'custom'
            ? `/exam/single/report/grade/custom/${context.examId}/customGroup${search}`
            : `/exam/single/report/grade/${key}/${context.examId}${search}`,
        )
      }
      subjectPicker={props.subjectPicker ?? false}
      error={props.error ?? null}
      loading={props.loading ?? false}
      actions={props.actions}
      controls={props.controls}
    >
      {props.children}
    </ReportFrame>
  );
}

const gradeExport = (context: ReportContext, page: ExportPage, subject = false) => (
  <ExportActions
    examId={context.examId}
    page={page}
    subjectId={subject ? (context.subjectId ?? undefined) : undefined}
  />
);

type Stats = DataOf<typeof reportRoutes.gradeBasic>['rows'][number]['grade'];

/** 年级报告·基本情况: the grade per subject, every class beside it, bands and 临界生. */
export function GradeBasicPage() {
  const context = useReportContext();
  const { examId } = context;
  const report = useReport(reportRoutes.gradeBasic, examId ? { examId } : null);
  const rows = report.data?.rows ?? [];
  const [subjectId, setSubject] = useState(0);
  const row = rows.find((r) => r.subjectId === subjectId) ?? rows[0];
  const bands = row
    ? readableBands(
        row.bands,
        (b) => b.count === 0,
        (a, b) => ({ from: a.from, to: b.to, count: a.count + b.count }),
      )
    : [];
  type Row = (typeof rows)[number];
  type ClassRow = Row['classes'][number];
  return (
    <GradeFrame
      tab="basic"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/basic')}
    >
      {report.data && (
        <>
          <DataTable<Row>
            caption="年级各学科成绩概况"
            rowKey={(r) => r.subjectId}
            rows={rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '满分', cell: (r) => formatScore(r.grade.fullMarks), numeric: true },
              ...statColumns<Row>((r) => r.grade as Stats),
            ]}
          />
          {row && (
            <>
              <h2>学科详情：{row.subjectName}</h2>
              <Toolbar data-noprint>
                <Select
                  label="详情学科"
                  value={row.subjectId}
                  options={rows.map((r) => ({ value: r.subjectId, label: r.subjectName }))}
                  onChange={(e) => setSubject(Number(e.target.value))}
                />
              </Toolbar>
              <Grid>
                <Chart
                  kind="bar"
                  label={`${row.subjectName}各班平均分对比`}
                  option={barOption(
                    row.classes.map((c) => c.className),
                    [
                      { name: '班级平均分', values: row.classes.map((c) => c.stats.mean) },
                      { name: '年级平均分', values: row.classes.map(() => row.grade.mean) },
                    ],
                  )}
                />
                <Chart
                  kind="bar"
                  label={`${row.subjectName}分数段分布`}
                  option={barOption(
                    bands.map((b) => `${formatScore(b.from)}-${formatScore(b.to)}`),
                    [{ name: '人数', values: bands.map((b) => b.count) }],
                  )}
                />
              </Grid>
              <DataTable<ClassRow>
                caption={`${row.subjectName}各班对比`}
                rowKey={(c) => c.classId}
                rows={row.classes}
                columns={[
                  { title: '班级', cell: (c) => c.className },
                  ...statColumns<ClassRow>((c) => c.stats),
                  {
                    title: '超均率',
                    cell: (c) => formatRate(c.stats.aboveMeanRate),
                    numeric: true,
                  },
                  { title: '均分排名', cell: (c) => formatInt(c.meanRank), numeric: true },
                ]}
              />
              <DataTable
                caption={`${row.subjectName}分数段`}
                rowKey={(b) => b.from}
                rows={bands}
                columns={[
                  { title: '分数段', cell: (b) => `${formatScore(b.from)}～${formatScore(b.to)}` },
                  { title: '人数', cell: (b) => b.count, numeric: true },
                ]}
              />
              <DataTable
                caption={`${row.subjectName}临界生`}
                rowKey={(r) => r.line}
                rows={criticalRows(row.critical)}
                columns={criticalColumns()}
              />
            </>
          )}
        </>
      )}
    </GradeFrame>
  );
}

/** 年级报告·试卷讲评: per question statistics, options, classes and comments. */
export function GradeCommentPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(reportRoutes.gradeComment, subjectId ? { examId, subjectId } : null);
  const questions = report.data?.questions ?? [];
  return (
    <GradeFrame
      tab="comment"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/comment', true)}
    >
      {report.data && (
        <>
          <Chart
            kind="bar"
            label="各题得分率"
            option={barOption(
              questions.map((q) => q.number),
              [{ name: '年级得分率', values: questions.map((q) => q.grade.scoreRate) }],
              true,
            )}
          />
          <DataTable
            caption={`${report.data.subjectName}逐题讲评`}
            rowKey={(q) => q.questionId}
            rows={questions}
            columns={[
              { title: '题号', cell: (q) => q.number },
              { title: '题型', cell: (q) => kindLabel(q.kind) },
              { title: '满分', cell: (q) => formatScore(q.fullMarks), numeric: true },
              { title: '平均分', cell: (q) => formatScore(q.grade.mean), numeric: true },
              { title: '得分率', cell: (q) => formatRate(q.grade.scoreRate), numeric: true },
              { title: '满分率', cell: (q) => formatRate(q.grade.fullMarkRate), numeric: true },
              { title: '零分率', cell: (q) => formatRate(q.grade.zeroRate), numeric: true },
              { title: '区分度', cell: (q) => formatFixed(q.grade.discrimination), numeric: true },
              {
                title: '题总相关',
                cell: (q) => formatFixed(q.itemTotalCorrelation),
                numeric: true,
              },
              { title: '常见错误选项', cell: (q) => q.commonWrong ?? '—' },
              {
                title: '各班得分率',
                wrap: true,
                cell: (q) =>
                  q.classes.map((c) => `${c.className} ${formatRate(c.scoreRate)}`).join('；'),
              },
              {
                title: '讲评',
                wrap: true,
                cell: (q) => (
                  <>
                    {q.comments
                      .filter((c) => c.classId === 0)
                      .map((c) => c.content)
                      .join('；')}{' '}
                    <Link
                      to={`/exam/single/report/grade/comment/${examId}/0/${q.questionId}/2/edit`}
                      data-noprint
                    >
                      编辑讲评
                    </Link>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </GradeFrame>
  );
}

const COMMENT_TYPES: Record<number, string> = { 1: '错因分析', 2: '讲评建议' };

/** 编辑讲评: one question's comment (classId 0 = the grade's). */
export function GradeCommentEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const call = useReportCall();
  const examId = Number(params.id) || 0;
  const classId = Number(params.classId) || 0;
  const questionId = Number(params.questionId) || 0;
  const type = Number(params.type) || 1;
  const current = useReport(
    reportRoutes.commentGet,
    examId && questionId ? { examId, classId, questionId, type } : null,
  );
  const [content, setContent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = content ?? current.data?.comment?.content ?? '';
  const context = useReportContext();
  const save = async () => {
    setSaving(true);
    const outcome = await call(reportRoutes.commentSave, {
      examId,
      classId,
      questionId,
      type,
      content: text,
    });
    setSaving(false);
    if (outcome.ok) setSaved(true);
  };
  return (
    <ReportFrame title="编辑讲评" context={context} error={current.error} loading={current.loading}>
      {current.data && (
        <>
          <Meta>
            第{current.data.question.number}题 · {kindLabel(current.data.question.kind)} · 满分{' '}
            {formatScore(current.data.question.fullMarks)} ·{' '}
            {classId === 0 ? '年级讲评' : '班级讲评'}
          </Meta>
          <Toolbar>
            <Select
              label="讲评类型"
              value={type}
              options={Object.entries(COMMENT_TYPES).map(([value, label]) => ({
                value: Number(value),
                label,
              }))}
              onChange={(e) =>
                navigate(
                  `/exam/single/report/grade/comment/${examId}/${classId}/${questionId}/${e.target.value}/edit`,
                  { replace: true },
                )
              }
            />
          </Toolbar>
          <textarea
            aria-label={COMMENT_TYPES[type] ?? '讲评'}
            rows={10}
            maxLength={5000}
            style={{ width: '100%', font: 'inherit' }}
            value={text}
            onChange={(e) => {
              setContent(e.target.value);
              setSaved(false);
            }}
          />
          <Toolbar>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存
            </Button>
            <Button
              onClick={() =>
                navigate(
                  `/exam/single/report/grade/comment/${examId}?subjectId=${current.data?.subjectId ?? ''}`,
                )
              }
            >
              返回讲评
            </Button>
            {saved && <span role="status">已保存</span>}
          </Toolbar>
        </>
      )}
    </ReportFrame>
  );
}

type GradeTagRow = DataOf<typeof reportRoutes.gradeAbility>['knowledgePoints'][number];

function TagSections({
  data,
  classes,
}: {
  data: { knowledgePoints: readonly GradeTagRow[]; abilities: readonly GradeTagRow[] };
  classes: readonly { id: number; name: string }[];
}) {
  return (
    <>
      {(
        [
          ['知识点', data.knowledgePoints],
          ['能力', data.abilities],
        ] as const
      ).map(([name, tags]) => {
        const classIds = [...new Set(tags.flatMap((t) => t.classes.map((c) => c.classId)))];
        const nameOf = (id: number) => classes.find((c) => c.id === id)?.name ?? String(id);
        return (
          <section key={name}>
            <h2>{name}得分率</h2>
            {tags.length > 2 && (
              <Chart
                kind="radar"
                label={`${name}得分率雷达图`}
                option={radarOption(
                  tags.map((t) => t.tag),
                  [{ name: '年级', values: tags.map((t) => t.gradeScoreRate) }],
                )}
              />
            )}
            <DataTable
              caption={`${name}得分率（各班）`}
              rowKey={(t) => t.tag}
              rows={tags}
              columns={[
                { title: name, cell: (t) => t.tag },
                { title: '题号', cell: (t) => t.questionNumbers.join('、') },
                { title: '满分', cell: (t) => formatScore(t.fullMarks), numeric: true },
                { title: '年级得分率', cell: (t) => formatRate(t.gradeScoreRate), numeric: true },
                ...classIds.map((id): Column<GradeTagRow> => ({
                  title: nameOf(id),
                  numeric: true,
                  cell: (t) => {
                    const c = t.classes.find((x) => x.classId === id);
                    return c ? `${formatRate(c.scoreRate)}（${c.weakStudents}人<60%）` : '—';
                  },
                })),
              ]}
            />
          </section>
        );
      })}
    </>
  );
}

/** 年级报告·能力分析. */
export function GradeAbilityPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(reportRoutes.gradeAbility, subjectId ? { examId, subjectId } : null);
  return (
    <GradeFrame
      tab="ability"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/ability', true)}
    >
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </GradeFrame>
  );
}

const PAGE_SIZE = 50;

function Pager({
  pageNum,
  total,
  onPage,
}: {
  pageNum: number;
  total: number;
  onPage: (n: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Toolbar data-noprint aria-label="分页">
      <span>
        共 {total} 人，第 {pageNum}/{pages} 页
      </span>
      <Button size="small" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        上一页
      </Button>
      <Button size="small" disabled={pageNum >= pages} onClick={() => onPage(pageNum + 1)}>
        下一页
      </Button>
    </Toolbar>
  );
}

/** 年级报告·排名分析: 一分一段 and the ranking. */
export function GradeRankPage() {
  const context = useReportContext({ total: true });
  const { examId, subjectId } = context;
  const [classId, setClassId] = useState(0);
  const [pageNum, setPage] = useState(1);
  const report = useReport(
    reportRoutes.gradeRank,
    subjectId !== null
      ? { examId, subjectId, pageNum, pageSize: PAGE_SIZE, ...(classId ? { classId } : {}) }
      : null,
  );
  const data = report.data;
  return (
    <GradeFrame
      tab="rank"
      context={context}
      subjectPicker="total"
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/rank', true)}
      controls={
        <Select
          label="班级筛选"
          value={classId}
          options={[
            { value: 0, label: '全部班级' },
            ...(context.exam?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          onChange={(e) => {
            setClassId(Number(e.target.value));
            setPage(1);
          }}
        />
      }
    >
      {data && (
        <>
          <Chart
            kind="line"
            label={`${data.subjectName}一分一段`}
            height={260}
            option={lineOption(
              data.segments.map((s) => formatScore(s.score)),
              [{ name: '累计人数', values: data.segments.map((s) => s.cumulative) }],
            )}
          />
          <DataTable
            caption={`${data.subjectName}排名`}
            rowKey={(r) => r.studentId}
            rows={data.page.list}
            columns={[
              { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
              { title: '姓名', cell: (r) => r.name },
              { title: '学号', cell: (r) => r.studentNo },
              { title: '班级', cell: (r) => r.className },
              { title: '分数', cell: (r) => formatScore(r.score), numeric: true },
              { title: '班级排名', cell: (r) => formatInt(r.classRank), numeric: true },
              { title: '等级', cell: (r) => levelLabel(r.level) },
            ]}
          />
          <Pager pageNum={pageNum} total={data.page.total} onPage={setPage} />
          <DataTable
            caption="一分一段表"
            rowKey={(s) => s.score}
            rows={data.segments}
            columns={[
              { title: '分数', cell: (s) => formatScore(s.score), numeric: true },
              { title: '人数', cell: (s) => s.count, numeric: true },
              { title: '累计人数', cell: (s) => s.cumulative, numeric: true },
            ]}
          />
        </>
      )}
    </GradeFrame>
  );
}

/** 年级报告·成绩单: paged, by class or name. */
export function GradeTranscriptPage() {
  const context = useReportContext();
  const { examId } = context;
  const [classId, setClassId] = useState(0);
  const [keyWord, setKeyWord] = useState('');
  const [pageNum, setPage] = useState(1);
  const report = useReport(
    reportRoutes.gradeTranscript,
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
  const data = report.data;
  return (
    <GradeFrame
      tab="transcript"
      context={context}
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/transcript')}
      controls={
        <>
          <Select
            label="班级筛选"
            value={classId}
            options={[
              { value: 0, label: '全部班级' },
              ...(context.exam?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
            onChange={(e) => {
              setClassId(Number(e.target.value));
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
        </>
      )}
    </GradeFrame>
  );
}

/** 年级报告·错题集: weak questions with each class's score rate. */
export function GradeProblemSetPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const [maxScoreRate, setMax] = useState(0.6);
  const report = useReport(
    reportRoutes.gradeProblemSet,
    subjectId ? { examId, subjectId, maxScoreRate } : null,
  );
  const questions = report.data?.questions ?? [];
  const classes = context.exam?.classes ?? [];
  type Q = (typeof questions)[number];
  return (
    <GradeFrame
      tab="problemSet"
      context={context}
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={gradeExport(context, 'grade/problemSet', true)}
      controls={<RateInput label="得分率不高于" value={maxScoreRate} onChange={setMax} />}
    >
      {report.data && (
        <DataTable<Q>
          caption={`${report.data.subjectName}错题集`}
          rowKey={(q) => q.questionId}
          rows={questions}
          columns={[
            { title: '题号', cell: (q) => q.number },
            { title: '题型', cell: (q) => kindLabel(q.kind) },
            { title: '满分', cell: (q) => formatScore(q.fullMarks), numeric: true },
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
            ...classes.map((c): Column<Q> => ({
              title: c.name,
              numeric: true,
              cell: (q) => {
                const x = q.classes.find((y) => y.classId === c.id);
                return x ? `${formatRate(x.scoreRate)}（失分${x.lostCount}人）` : '—';
              },
            })),
          ]}
        />
      )}
    </GradeFrame>
  );
}

function CustomFrame({
  tab,
  children,
  ...rest
}: { tab: (typeof CUSTOM_TABS)[number]['key']; children?: ReactNode } & Omit<
  Parameters<typeof GradeFrame>[0],
  'tab' | 'children'
>) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <GradeFrame tab="custom" {...rest}>
      <ReportTabs
        label="自定义报告"
        idPrefix="custom"
        tabs={CUSTOM_TABS}
        active={tab}
        onSelect={(key) =>
          navigate(`/exam/single/report/grade/custom/${rest.context.examId}/${key}${search}`)
        }
      />
      <div role="tabpanel" id="custom-panel" aria-labelledby={`custom-tab-${tab}`}>
        {children}
      </div>
    </GradeFrame>
  );
}

/** 自定义报告·分组对比: any groups of classes beside each other. */
export function GradeCustomGroupPage() {
  const context = useReportContext();
  const { examId, exam } = context;
  const call = useReportCall();
  const classes = exam?.classes ?? [];
  const [groups, setGroups] = useState<{ name: string; classIds: number[] }[]>([]);
  const [result, setResult] = useState<DataOf<typeof reportRoutes.gradeCustomGroup> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const run = async (next: typeof groups) => {
    if (next.length === 0) return;
    const outcome = await call(reportRoutes.gradeCustomGroup, { examId, groups: next });
    if (outcome.ok) {
      setResult(outcome.data);
      setError(null);
    } else setError(outcome.message);
  };
  return (
    <CustomFrame
      context={context}
      tab="customGroup"
      error={error}
      actions={<ExportActions examId={examId} />}
    >
      <fieldset data-noprint>
        <legend>新建分组</legend>
        <Toolbar>
          <TextInput
            aria-label="分组名称"
            placeholder="分组名称，如 实验班"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {classes.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                checked={picked.includes(c.id)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, c.id] : p.filter((x) => x !== c.id)))
                }
              />
              {c.name}
            </label>
          ))}
          <Button
            type="primary"
            disabled={!name.trim() || picked.length === 0}
            onClick={() => {
              const next = [...groups, { name: name.trim(), classIds: picked }];
              setGroups(next);
              setName('');
              setPicked([]);
              void run(next);
            }}
          >
            添加分组
          </Button>
          {groups.length > 0 && (
            <Button
              onClick={() => {
                setGroups([]);
                setResult(null);
              }}
            >
              清空分组
            </Button>
          )}
        </Toolbar>
      </fieldset>
      {!result ? (
        <Meta>请添加至少一个分组（例如 实验班、普通班）后查看对比。</Meta>
      ) : (
        result.groups.map((g) => (
          <DataTable
            key={g.name}
            caption={`${g.name}（${g.classIds.map((id) => classes.find((c) => c.id === id)?.name ?? id).join('、')}）`}
            rowKey={(r) => r.subjectId}
            rows={g.rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              ...statColumns<(typeof g.rows)[number]>((r) => r.stats),
              { title: '超均率', cell: (r) => formatRate(r.stats.aboveMeanRate), numeric: true },
            ]}
          />
        ))
      )}
    </CustomFrame>
  );
}

/** 自定义报告·班级学科对比: class × subject. */
export function GradeCustomContrastPage() {
  const context = useReportContext();
  const { examId } = context;
  const report = useReport(reportRoutes.gradeCustomContrast, examId ? { examId } : null);
  const data = report.data;
  const subjects = [{ id: 0, name: '总分' }, ...(data?.exam.subjects ?? [])];
  type Row = NonNullable<typeof data>['classes'][number];
  return (
    <CustomFrame
      context={context}
      tab="customContrast"
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} page="grade/customContrast" />}
    >
      {data && (
        <DataTable<Row>
          caption="班级学科对比（平均分 / 超均率 / 排名）"
          rowKey={(r) => r.classId}
          rows={data.classes}
          columns={[
            { title: '班级', cell: (r) => r.className },
            ...subjects
              .filter((s) => data.classes.some((c) => c.cells.some((x) => x.subjectId === s.id)))
              .map((s): Column<Row> => ({
                title: s.name,
                numeric: true,
                cell: (r) => {
                  const c = r.cells.find((x) => x.subjectId === s.id);
                  return c
                    ? `${formatScore(c.mean)} / ${formatRate(c.aboveMeanRate)} / 第${formatInt(c.meanRank)}`
                    : '—';
                },
              })),
          ]}
        />
      )}
    </CustomFrame>
  );
}

/** 自定义报告·知识模型. */
export function GradeCustomKnowModelPage() {
  const context = useReportContext();
  const { examId, subjectId } = context;
  const report = useReport(
    reportRoutes.gradeCustomKnowModel,
    subjectId ? { examId, subjectId } : null,
  );
  return (
    <CustomFrame
      context={context}
      tab="customKnowModel"
      subjectPicker
      error={report.error}
      loading={report.loading}
      actions={<ExportActions examId={examId} />}
    >
      {report.data && <TagSections data={report.data} classes={report.data.exam.classes} />}
    </CustomFrame>
  );
}
