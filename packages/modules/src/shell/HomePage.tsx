import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { ExamSummary, MarkingBlock } from '@examkit/contracts';
import { shellRoutes } from '../common/shellRoutes';
import { isNetworkFailure, type AuthClient, type ApiEnvelope } from '@examkit/core';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { themeOf } from '@examkit/ui';
import { useApiCall } from '../common/useApiCall';
import { useMyScope } from '../common/useMyScope';
import { reportLinksOf, useReportExams } from '../common/useReportExams';
import { messageOf } from '../utils/messageOf';

type SchoolDetail = Extract<Awaited<ReturnType<AuthClient['schoolDetail']>>, ApiEnvelope>['data'];

const Title = styled.h1`
  font-size: 20px;
  margin: 24px 0 8px;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 16px;
  margin: 16px 0;
  div {
    background: ${(p) => themeOf(p).colors.surface};
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: ${(p) => themeOf(p).radius.large};
    padding: 20px;
  }
  dt {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  dd {
    margin: 8px 0 0;
    font-size: 28px;
    font-weight: 600;
  }
`;

const FIGURES: [keyof SchoolDetail, string][] = [
  ['classCount', '班级数'],
  ['studentCount', '学生数'],
  ['teacherCount', '教师数'],
  ['gradeCount', '年级数'],
];

const Panel = styled.section`
  margin: 16px 0;
  padding: 16px 20px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.large};
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
  }
  ul {
    margin: 0;
    padding-left: 20px;
  }
  li {
    margin: 6px 0;
  }
  a {
    color: ${(p) => themeOf(p).colors.primary};
    margin-right: 12px;
  }
`;

/** Exam states that wait for someone, with what they wait for. */
const WAITING: [ExamSummary['state'], string][] = [
  ['sheet_ready', '待扫描'],
  ['scanning', '扫描中，待阅卷'],
  ['marking', '阅卷中'],
  ['finished', '待发布报告'],
];

/** Who sees the school's figures: the roles that run the school's set-up. */
const SCHOOL_KEYS = ['System-Teacher', 'System-Role'];

function useLoaded<T>(enabled: boolean, load: () => Promise<T | null>): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(enabled ? undefined : null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void load().then((v) => {
      if (live) setValue(v);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per permission change
  }, [enabled]);
  return value;
}

/** The marker's to-do: open blocks they mark, with the papers left. */
function MarkingTodo() {
  const call = useApiCall();
  const blocks = useLoaded<MarkingBlock[]>(true, async () => {
    const r = await call(shellRoutes.markingList, { state: 'open' }, { errorMessage: false });
    return r.ok ? r.data.list.filter((b) => b.roles.includes('marker')) : [];
  });
  if (blocks === undefined) return <p>正在加载阅卷任务…</p>;
  if (!blocks || blocks.length === 0) return <p>暂无待阅的试卷。</p>;
  return (
    <ul aria-label="待阅试卷">
      {blocks.map((b) => (
        <li key={b.blockId}>
          {b.examName} · {b.subjectName} · {b.name}：本题块还剩 {b.papers.total - b.papers.done}{' '}
          份未阅完{' '}
          <Link
            to={`/exam/marking/readPaper/${b.blockId}/0/1/0/0`}
            aria-label={`进入阅卷：${b.examName} ${b.subjectName} ${b.name}`}
          >
            进入阅卷
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The exam manager's to-do: this year's exams waiting for scans, marking or publishing. */
function ExamTodo({ gradeIds }: { gradeIds: readonly number[] | null }) {
  const call = useApiCall();
  const exams = useLoaded<ExamSummary[]>(true, async () => {
    const r = await call(shellRoutes.examList, { pageSize: 100 }, { errorMessage: false });
    return r.ok ? r.data.list : [];
  });
  if (exams === undefined) return <p>正在加载考试…</p>;
  const waiting = WAITING.map(([state, label]) => ({
    label,
    exams: (exams ?? []).filter(
      (e) => e.state === state && (gradeIds === null || gradeIds.includes(e.gradeId)),
    ),
  })).filter((w) => w.exams.length > 0);
  if (waiting.length === 0) return <p>本学年暂无待处理的考试。</p>;
  return (
    <ul aria-label="待处理的考试">
      {waiting.map((w) => (
        <li key={w.label}>
          {w.label}（{w.exams.length}）：
          {w.exams.map((e) => (
            <Link key={e.id} to={`/exam/single/edit/${e.id}`}>
              {e.name}
            </Link>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The newest reports the user may open. */
function LatestReports() {
  const codes = useExamkitStore((s) => s.permCodes);
  const exams = useReportExams(5);
  if (exams === null) return <p>正在加载报告…</p>;
  if (exams.length === 0) return <p>暂无可查看的报告：报告发布后会出现在这里。</p>;
  return (
    <ul aria-label="最新报告">
      {exams.map((e) => (
        <li key={e.examId}>
          {e.name}（{e.gradeName}，{e.examDate}
          {e.published ? '' : '，未发布'}）{' '}
          {reportLinksOf(e, codes).map((l) => (
            <Link key={l.to} to={l.to} aria-label={`${l.label}：${e.name}`}>
              {l.label}
            </Link>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page: each role's own to-do (papers left to mark, exams waiting for scans, marking or
 * publishing, the newest reports of the user's classes) and, for the school's administrators,
 * the school's figures (`get_detail_school`).
 */
export function HomePage() {
  const { auth } = useExamkit();
  const nickName = useExamkitStore((s) => s.user?.nickName ?? '');
  const codes = useExamkitStore((s) => s.permCodes);
  const [detail, setDetail] = useState<SchoolDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const marks = hasPermission(codes, 'Exam-Wuhen');
  // Exams wait for their managers (school-wide roles, a grade's 年级主任): the server's scope.
  const scope = useMyScope();
  const managesExams =
    hasPermission(codes, 'Exam-Single') &&
    scope !== null &&
    (scope.schoolWide || scope.manageGradeIds.length > 0);
  const readsReports =
    hasPermission(codes, 'Exam-Single-Report-Class') ||
    hasPermission(codes, 'Exam-Single-Report-Grade');
  const showsFigures = SCHOOL_KEYS.some((k) => hasPermission(codes, k));

  useEffect(() => {
    let live = true;
    auth.schoolDetail().then(
      (result) => {
        if (!live) return;
        if (isNetworkFailure(result)) setError(result.message);
        else setDetail(result.data);
      },
      (reply: unknown) => {
        if (live) setError(messageOf(reply));
      },
    );
    return () => {
      live = false;
    };
  }, [auth]);

  return (
    <section aria-labelledby="examkit-home-title">
      <Title id="examkit-home-title">{detail ? detail.schoolName : '首页'}</Title>
      <p>
        {nickName ? `${nickName}，欢迎回来。` : '欢迎回来。'}
        {detail && ` 当前学年：${detail.academicYear}-${detail.academicYear + 1}学年`}
      </p>
      {error && <p role="alert">学校概况加载失败：{error}</p>}
      {marks && (
        <Panel aria-labelledby="examkit-home-marking">
          <h2 id="examkit-home-marking">我的阅卷任务</h2>
          <MarkingTodo />
        </Panel>
      )}
      {managesExams && (
        <Panel aria-labelledby="examkit-home-exams">
          <h2 id="examkit-home-exams">待处理的考试</h2>
          <ExamTodo gradeIds={scope?.schoolWide ? null : (scope?.manageGradeIds ?? [])} />
        </Panel>
      )}
      {readsReports && (
        <Panel aria-labelledby="examkit-home-reports">
          <h2 id="examkit-home-reports">最新报告</h2>
          <LatestReports />
          <p>
            <Link to="/report/index">进入报告中心</Link>
          </p>
        </Panel>
      )}
      {showsFigures && !detail && !error && <p>正在加载学校概况…</p>}
      {showsFigures && detail && (
        <Figures aria-label="学校概况">
          {FIGURES.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{detail[key]}</dd>
            </div>
          ))}
        </Figures>
      )}
    </section>
  );
}
