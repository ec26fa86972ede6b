import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { teachingAssistantRoutes, teachingRoutes, TOPIC_RATE_DEFAULT } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { FormField, Select } from '@examkit/ui';
import { ListTable } from '../common/ListTable';
import { Pager } from '../common/Pager';
import { shellRoutes } from '../common/shellRoutes';
import { PageBox, Toolbar } from '../common/styled';
import { useApiCall, type CallOutcome } from '../common/useApiCall';
import { usePagedRows, type PagedAnswer } from '../common/usePagedRows';
import { reportLinksOf, type ReportExamRow } from '../common/useReportExams';
import { ReportTabs } from '../report/components/ReportTabs';
import { percent, useWrongData } from '../resource/wrong/useWrongData';
import { PointMasteryCells } from '../resource/wrong/PointMasteryCells';

const PAGE_SIZE = 10;
const STUDY_LINKS: { key: string | null; label: string; to: string }[] = [
  { key: 'Study-Student', label: '学生学情', to: '/study/student' },
  { key: 'Study-Class', label: '班级学情', to: '/study/class' },
  // 综合评价 has no key: every teacher records their own classes (docs/appraise.md)
  { key: null, label: '综合评价', to: '/appraise/record' },
];
/** 报告中心's tabs; 助手报告 (the homework reports) for holders of 校本作业 only. */
const HOMEWORK_KEY = 'Homework-SchoolBase';
const TABS = [
  { key: 'assistant', label: '助手报告' },
  { key: 'exam', label: '考试报告' },
  { key: 'school', label: '校级报告' },
  { key: 'teach', label: '教学报告' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** The report centre's frame: its title and the tabs, each a route of /report/index. */
function CentreFrame({ tab, children }: { tab: Tab; children: ReactNode }) {
  const navigate = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  // Spec 000 §6 keeps 学生学情 and 班级学情 out of the header menu but for one school: the
  // report centre leads to them for everyone holding their keys.
  const study = STUDY_LINKS.filter((l) => l.key === null || hasPermission(codes, l.key));
  const tabs = TABS.filter((t) => t.key !== 'assistant' || hasPermission(codes, HOMEWORK_KEY));
  return (
    <PageBox>
      <h1>报告中心</h1>
      {study.length > 0 && (
        <nav aria-label="学情分析">
          {study.map((l) => (
            <Link key={l.to} to={l.to} style={{ marginRight: 12 }}>
              {l.label}
            </Link>
          ))}
        </nav>
      )}
      <ReportTabs
        label="报告分类"
        idPrefix="report-centre"
        tabs={tabs}
        active={tab}
        onSelect={(key) => navigate(`/report/index/${key}`)}
      />
      <div role="tabpanel" id="report-centre-panel" aria-labelledby={`report-centre-tab-${tab}`}>
        {children}
      </div>
    </PageBox>
  );
}

/** A row's links, each named with what the row is (「基本情况：期中考试」). */
function NamedLinks({ name, links }: { name: string; links: { to: string; label: string }[] }) {
  return links.map((l) => (
    <Link key={l.to} to={l.to} aria-label={`${l.label}：${name}`} style={{ marginRight: 8 }}>
      {l.label}
    </Link>
  ));
}

type ApiCall = ReturnType<typeof useApiCall>;
/**
 * A page's read is sent even while the previous page's is on its way (下一页 twice): the list
 * keeps only the newest answer, and core would drop the newer read as a duplicate.
 */
const NEWEST_ONLY = { dedupe: false } as const;
type Paging = { pageNum: number; pageSize: number };

/** One page (PAGE_SIZE rows) of a centre list: `fetchPage` is a module-level call of its route. */
function useCentrePage<T>(
  fetchPage: (call: ApiCall, paging: Paging) => Promise<CallOutcome<PagedAnswer<T>>>,
) {
  const call = useApiCall();
  const [page, setPage] = useState(1);
  const fetchThisPage = useCallback(
    () => fetchPage(call, { pageNum: page, pageSize: PAGE_SIZE }),
    [call, fetchPage, page],
  );
  const { rows, total, load } = usePagedRows<T>(fetchThisPage);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, total, page, setPage };
}

/** The exams whose reports the caller may open (`teacher/getExam`, the report's data scope). */
const examPage = (call: ApiCall, paging: Paging) =>
  call(shellRoutes.teacherGetExam, paging, NEWEST_ONLY);
const useExamPage = () => useCentrePage(examPage);

/** A row's 题目列表 link, `label` naming what the row is (题目列表：期中考试). */
function TopicListCell({ to, label }: { to: string; label: string }) {
  return (
    <td>
      <Link to={to} aria-label={label}>
        题目列表
      </Link>
    </td>
  );
}

const examTitle = (e: ReportExamRow) =>
  `${e.name}（${e.gradeName}，${e.examDate}${e.published ? '' : '，未发布'}）`;

/**
 * 考试报告 (/report/index, /report/index/exam): every exam whose class reports the caller may
 * open, newest first, with the links into the report pages and the classes' 题目列表.
 */
export function ExamReportsPage() {
  const codes = useExamkitStore((s) => s.permCodes);
  const { rows, total, page, setPage } = useExamPage();
  return (
    <CentreFrame tab="exam">
      <ListTable label="考试报告" rows={rows} headers={['考试', '类型', '报告', '需关注的题目']}>
        {(e) => (
          <tr key={e.examId}>
            <td>{examTitle(e)}</td>
            <td>{e.examType || '—'}</td>
            <td>
              <NamedLinks name={e.name} links={reportLinksOf(e, codes)} />
            </td>
            <TopicListCell
              to={`/report/index/exam/topicList/${e.examId}`}
              label={`题目列表：${e.name}`}
            />
          </tr>
        )}
      </ListTable>
      <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </CentreFrame>
  );
}

/**
 * 校级报告 (/report/index/school): the exams whose grade report the caller may open (school-wide
 * roles, the grade's 年级主任), with the grade's 题目列表.
 */
export function SchoolReportsPage() {
  const codes = useExamkitStore((s) => s.permCodes);
  const { rows, total, page, setPage } = useExamPage();
  const grade = rows?.filter((e) => e.gradeReport) ?? null;
  return (
    <CentreFrame tab="school">
      <p>年级报告由学校管理者和年级主任查看；其他老师请在“考试报告”中查看自己班级的报告。</p>
      <ListTable label="校级报告" rows={grade} headers={['考试', '报告', '需关注的题目']}>
        {(e) => (
          <tr key={e.examId}>
            <td>{examTitle(e)}</td>
            <td>
              <NamedLinks
                name={e.name}
                links={reportLinksOf(e, codes).filter((l) => l.label !== '班级报告')}
              />
            </td>
            <TopicListCell
              to={`/report/index/school/topicList/${e.examId}`}
              label={`年级题目列表：${e.name}`}
            />
          </tr>
        )}
      </ListTable>
      <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </CentreFrame>
  );
}

const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(1));

/**
 * 教学报告 (/report/index/teach): each class and subject the caller teaches or leads in the newest
 * exams, its mean beside the grade's and its rank among the classes.
 */
export function TeachReportsPage() {
  const { data, error } = useWrongData(teachingRoutes.teachSummary, { limit: 5 });
  return (
    <CentreFrame tab="teach">
      <p>最近五次考试中，您所任教（或管理）的班级各学科的平均分与年级对比。</p>
      {error && <p role="alert">{error}</p>}
      <ListTable
        label="教学报告"
        rows={data?.rows ?? (error ? [] : null)}
        headers={['考试', '班级', '学科', '班级均分', '年级均分', '班级名次', '报告']}
      >
        {(row) => (
          <tr key={`${row.examId}-${row.classId}-${row.subjectName}`}>
            <td>
              {row.examName}（{row.examDate}）
            </td>
            <td>{row.className}</td>
            <td>{row.subjectName}</td>
            <td>{fixed(row.mean)}</td>
            <td>{fixed(row.gradeMean)}</td>
            <td>{row.rank === null ? '—' : `${row.rank}/${row.classCount}`}</td>
            <td>
              <Link
                to={`/exam/single/report/class/basic/${row.examId}?classId=${row.classId}`}
                aria-label={`班级报告：${row.examName} ${row.className} ${row.subjectName}`}
              >
                班级报告
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </CentreFrame>
  );
}

const THRESHOLDS = [0.4, 0.5, 0.6, 0.7, 0.8];

/** 得分率不高于: the score rate at or under which a 题目列表 lists questions and points. */
function ThresholdField({ value, onChange }: { value: number; onChange(t: number): void }) {
  return (
    <FormField label="得分率不高于">
      <Select
        value={value}
        options={THRESHOLDS.map((t) => ({ value: t, label: `${t * 100}%` }))}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </FormField>
  );
}

/**
 * 题目列表 (/report/index/exam/topicList/{id} for the caller's classes,
 * /report/index/school/topicList/{id} for the grade): the questions and knowledge points of an
 * exam at or under a score rate, with the links to the class's 易错题 practice.
 */
export function TopicListPage() {
  const { id } = useParams();
  const level = useLocation().pathname.includes('/school/') ? 'grade' : 'class';
  const [threshold, setThreshold] = useState(TOPIC_RATE_DEFAULT);
  const [classId, setClassId] = useState<number | null>(null);
  const examId = Number(id);
  const { data, error } = useWrongData(
    teachingRoutes.topicList,
    Number.isInteger(examId) && examId > 0 ? { examId, level, classId, threshold } : null,
  );
  return (
    <CentreFrame tab={level === 'grade' ? 'school' : 'exam'}>
      <h2>{data ? `${data.examName} 题目列表` : '题目列表'}</h2>
      <Toolbar>
        {level === 'class' && data && data.classes.length > 0 && (
          <FormField label="班级">
            <Select
              value={data.classId ?? ''}
              options={data.classes.map((c) => ({ value: c.classId, label: c.className }))}
              onChange={(e) => setClassId(Number(e.target.value))}
            />
          </FormField>
        )}
        <ThresholdField value={threshold} onChange={setThreshold} />
        <Link to={level === 'grade' ? '/report/index/school' : '/report/index/exam'}>
          返回报告列表
        </Link>
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <h3>需关注的题目</h3>
          <ListTable
            label="需关注的题目"
            rows={data.questions}
            empty="没有得分率在此之下的题目"
            headers={
              level === 'grade'
                ? ['学科', '题号', '题型', '知识点', '年级得分率', '错误人数']
                : ['学科', '题号', '题型', '知识点', '班级得分率', '年级得分率', '错误人数']
            }
          >
            {(q) => (
              <tr key={`${q.subjectName}-${q.number}`}>
                <td>{q.subjectName}</td>
                <td>{q.number}</td>
                <td>{q.kind}</td>
                <td>{q.knowledgePoints.join('、') || '—'}</td>
                <td>{percent(q.scoreRate)}</td>
                {level === 'class' && <td>{percent(q.gradeScoreRate)}</td>}
                <td>{q.wrongCount}</td>
              </tr>
            )}
          </ListTable>
          <h3>薄弱知识点</h3>
          <ListTable
            label="薄弱知识点"
            rows={data.points}
            empty="没有掌握度在此之下的知识点"
            headers={
              level === 'grade'
                ? ['学科', '知识点', '满分', '年级掌握度', '题号']
                : ['学科', '知识点', '满分', '班级掌握度', '年级掌握度', '题号']
            }
          >
            {(p) => (
              <tr key={`${p.subjectName}-${p.point}`}>
                <PointMasteryCells point={p} />
                {level === 'class' && <td>{percent(p.gradeScoreRate)}</td>}
                <td>{p.numbers.join('、')}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </CentreFrame>
  );
}

/** A 作文's report pages (/homework/composition/{id}/report/*). */
const compositionLinks = (id: number) => [
  { label: '基本情况', to: `/homework/composition/${id}/report/basic` },
  { label: '学生', to: `/homework/composition/${id}/report/student` },
];
const homeworkLinks = (id: number) => [
  { label: '基本情况', to: `/homework/school-base/${id}/report/basic` },
  { label: '学生', to: `/homework/school-base/${id}/report/student` },
  { label: '讲评', to: `/homework/school-base/${id}/report/comment` },
];

/** The assigned homework whose reports the caller may open. */
const homeworkPage = (call: ApiCall, paging: Paging) =>
  call(teachingAssistantRoutes.assistantReports, paging, NEWEST_ONLY);

/**
 * 助手报告 (/report/index/assistant): the assigned homework whose reports the caller may open,
 * newest first, with the figures of each report's 基本情况 over the caller's students, the links
 * into the homework report and its 题目列表.
 */
export function AssistantReportsPage() {
  const { rows, total, page, setPage } = useCentrePage(homeworkPage);
  return (
    <CentreFrame tab="assistant">
      <p>已布置的校本作业和作文，按您批改的学生统计（平均分、得分率只计已批改的作业）。</p>
      <ListTable
        label="助手报告"
        rows={rows}
        headers={[
          '作业',
          '年级学科',
          '布置对象',
          '已交/应交',
          '已批改',
          '平均分',
          '得分率',
          '报告',
          '需关注的题目',
        ]}
      >
        {(h) => (
          <tr key={h.id}>
            <td>
              {h.name}
              {h.composition && '（作文）'}
            </td>
            <td>
              {h.gradeName}
              {h.subjectName}
            </td>
            <td>{h.targets.join('、') || '—'}</td>
            <td>
              {h.submitted}/{h.expected}
            </td>
            <td>{h.corrected}</td>
            <td>{fixed(h.average)}</td>
            <td>{percent(h.scoreRate)}</td>
            <td>
              <NamedLinks
                name={h.name}
                links={(h.composition ? compositionLinks : homeworkLinks)(h.id)}
              />
            </td>
            <TopicListCell
              to={`/report/index/assistant/topicList?id=${h.id}`}
              label={`题目列表：${h.name}`}
            />
          </tr>
        )}
      </ListTable>
      <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </CentreFrame>
  );
}

/**
 * 助手报告·题目列表 (/report/index/assistant/topicList?id=…): a homework's questions and knowledge
 * points at or under a score rate, over the caller's students or one of their classes; without
 * an id the newest homework.
 */
export function AssistantTopicListPage() {
  const [params, setParams] = useSearchParams();
  const [threshold, setThreshold] = useState(TOPIC_RATE_DEFAULT);
  const [target, setTarget] = useState('');
  const raw = Number(params.get('id'));
  const homeworkId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [kind, id] = target.split(':');
  const { data, error } = useWrongData(teachingAssistantRoutes.assistantTopics, {
    homeworkId,
    classId: kind === 'class' ? Number(id) : null,
    teachingClassId: kind === 'teachingClass' ? Number(id) : null,
    threshold,
  });
  return (
    <CentreFrame tab="assistant">
      <h2>{data?.name ? `${data.name} 题目列表` : '题目列表'}</h2>
      <Toolbar>
        {data && data.homeworks.length > 0 && (
          <FormField label="作业">
            <Select
              value={data.homeworkId ?? ''}
              options={data.homeworks.map((h) => ({
                value: h.id,
                label: `${h.name}（${h.gradeName}${h.subjectName}）`,
              }))}
              onChange={(e) => {
                setTarget('');
                setParams({ id: e.target.value });
              }}
            />
          </FormField>
        )}
        {data && data.targets.length > 1 && (
          <FormField label="班级">
            <Select
              value={target}
              options={[
                { value: '', label: '全部' },
                ...data.targets.map((t) => ({ value: `${t.kind}:${t.id}`, label: t.name })),
              ]}
              onChange={(e) => setTarget(e.target.value)}
            />
          </FormField>
        )}
        <ThresholdField value={threshold} onChange={setThreshold} />
        <Link to="/report/index/assistant">返回报告列表</Link>
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {data && data.homeworkId === null && <p>暂无已布置的作业</p>}
      {data && data.homeworkId !== null && data.composition && (
        <>
          <h3>需关注的评分维度</h3>
          <p>作文按评分标准的四个维度统计，只计已批改的作文。</p>
          <ListTable
            label="需关注的评分维度"
            rows={data.dimensions}
            empty="没有得分率在此之下的评分维度"
            headers={['维度', '满分', '平均分', '得分率']}
          >
            {(d) => (
              <tr key={d.label}>
                <td>{d.label}</td>
                <td>{d.points}</td>
                <td>{fixed(d.average)}</td>
                <td>{percent(d.scoreRate)}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
      {data && data.homeworkId !== null && !data.composition && (
        <>
          <h3>需关注的题目</h3>
          <ListTable
            label="需关注的题目"
            rows={data.questions}
            empty="没有得分率在此之下的题目"
            headers={['题号', '题型', '满分', '已批', '错误人数', '得分率']}
          >
            {(q) => (
              <tr key={q.no}>
                <td>{q.label}</td>
                <td>{q.type}</td>
                <td>{q.fullMarks}</td>
                <td>{q.scored}</td>
                <td>{q.wrong}</td>
                <td>{percent(q.scoreRate)}</td>
              </tr>
            )}
          </ListTable>
          <h3>薄弱知识点</h3>
          {data.untagged > 0 && (
            <p>
              有 {data.untagged}{' '}
              道题没有知识点（上传试卷的题目可在拆题确认中标注），不计入知识点统计。
            </p>
          )}
          <ListTable
            label="薄弱知识点"
            rows={data.points}
            empty="没有掌握度在此之下的知识点"
            headers={['知识点', '题号', '满分', '错误人次', '掌握度']}
          >
            {(p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.questionLabels.join('、')}</td>
                <td>{p.fullMarks}</td>
                <td>{p.wrong}</td>
                <td>{percent(p.scoreRate)}</td>
              </tr>
            )}
          </ListTable>
        </>
      )}
    </CentreFrame>
  );
}
