import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { teachResearchRoutes, type DataOf } from '@examkit/contracts';
import { useApiCall } from '../common/useApiCall';
import { percent } from '../resource/wrong/useWrongData';
import { Figure } from '../common/Figure';

type Datav = DataOf<typeof teachResearchRoutes.datav>;

// A dark screen with light text: every pair of colours here is above 7:1 (WCAG AAA for large text).
const INK = '#ffffff';
const SOFT = '#c9e6ff';
const ACCENT = '#7fdcff';
const PANEL = '#112a4d';

// Inside the layout's <main> (header, menu and footer hidden, no side margin: a data-view page).
const Screen = styled.section`
  box-sizing: border-box;
  width: 100%;
  min-height: 100vh;
  padding: 1.5vw 2vw;
  display: grid;
  grid-template-rows: auto auto 1fr auto auto;
  gap: 1.2vw;
  background: #06152b;
  color: ${INK};
  font-size: clamp(16px, 1.25vw, 32px);
  line-height: 1.4;
  a {
    color: ${ACCENT};
  }
  a:focus-visible {
    outline: 3px solid ${ACCENT};
    outline-offset: 2px;
  }
`;

const Head = styled.header`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 1em;
  h1 {
    margin: 0;
    font-size: 2.2em;
    letter-spacing: 0.1em;
  }
  p {
    margin: 0 auto 0 0;
    color: ${SOFT};
  }
`;

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9em, 1fr));
  gap: 1vw;
  li {
    background: ${PANEL};
    border-radius: 8px;
    padding: 0.6em 0.8em;
  }
  span {
    display: block;
    color: ${SOFT};
  }
  strong {
    font-size: 2em;
    color: ${ACCENT};
  }
`;

const Exams = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(22em, 1fr));
  gap: 1vw;
  align-content: start;
  h2 {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 1.4em;
  }
`;

const Card = styled.article`
  background: ${PANEL};
  border-radius: 8px;
  padding: 0.8em 1em;
  h3 {
    margin: 0 0 0.3em;
    font-size: 1.2em;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    margin: 0 0 0.6em;
  }
  dt {
    color: ${SOFT};
  }
  dd {
    margin: 0;
    font-size: 1.4em;
    color: ${ACCENT};
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    grid-template-columns: 7em 1fr 4em;
    align-items: center;
    gap: 0.5em;
  }
`;

const Bar = styled.span<{ $share: number }>`
  display: block;
  height: 0.8em;
  width: ${(p) => Math.max(0, Math.min(1, p.$share)) * 100}%;
  background: ${ACCENT};
  border-radius: 4px;
`;

// 校本作业 and 作文 side by side, each a column of grade cards.
const Recent = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(26em, 1fr));
  gap: 1vw;
  align-items: start;
`;

const Homework = styled(Exams)`
  grid-template-columns: 1fr;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 0.2em 0.5em;
    text-align: left;
  }
  thead th {
    color: ${SOFT};
    font-weight: normal;
  }
  td {
    color: ${ACCENT};
  }
`;

const Teachers = styled.section`
  h2 {
    margin: 0 0 0.4em;
    font-size: 1.4em;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    background: ${PANEL};
    border-radius: 8px;
  }
  th,
  td {
    padding: 0.3em 0.8em;
    text-align: left;
  }
  th {
    color: ${SOFT};
    font-weight: normal;
  }
  td {
    color: ${INK};
  }
`;

/** The screen asks for its figures again this often while it is shown. */
export const DATAV_REFRESH_MS = 60_000;

const clock = (t: number) =>
  new Date(t).toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

/**
 * The 数据大屏's figures, asked for again every `DATAV_REFRESH_MS` while the tab is shown (a hidden
 * tab asks nothing; shown again, it asks at once). The figures shown stay until the next answer
 * replaces them, so the screen never blanks; a failed refresh keeps them and says so.
 */
function useDatav() {
  const call = useApiCall();
  const [data, setData] = useState<Datav | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const load = () =>
      void call(teachResearchRoutes.datav, {}, { errorMessage: false, dedupe: false }).then((r) => {
        if (!live) return;
        if (r.ok) {
          setData(r.data);
          setError(null);
          setUpdatedAt(Date.now());
        } else setError(r.message);
      });
    const start = () => {
      clearInterval(timer);
      timer = setInterval(load, DATAV_REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') clearInterval(timer);
      else {
        load();
        start();
      }
    };
    load();
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [call]);
  return { data, error, updatedAt };
}

const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(1));

function ExamCard({ exam }: { exam: Datav['exams'][number] }) {
  return (
    <Card aria-label={`${exam.gradeName}${exam.examName}`}>
      <h3>
        {exam.gradeName} · {exam.examName}（{exam.examDate}）
      </h3>
      <dl>
        <Figure term="平均分">
          {fixed(exam.mean)}/{exam.fullMarks}
        </Figure>
        <Figure term="及格率">{percent(exam.passRate)}</Figure>
        <Figure term="优秀率">{percent(exam.excellentRate)}</Figure>
      </dl>
      <ol aria-label="各班均分排名">
        {exam.classes.map((c) => (
          <li key={c.className}>
            <span>
              {c.rank ?? '—'}. {c.className}
            </span>
            <Bar aria-hidden $share={exam.fullMarks > 0 ? (c.mean ?? 0) / exam.fullMarks : 0} />
            <span>{fixed(c.mean)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** One grade's figures of 校本作业 or of 作文 (`kind`), with each class's. */
function HomeworkCard({
  grade,
  kind,
}: {
  grade: Datav['homeworkReports'][number];
  kind: '校本作业' | '作文';
}) {
  return (
    <Card aria-label={`${grade.gradeName}${kind}`}>
      <h3>
        {grade.gradeName} · {kind}
      </h3>
      <dl>
        <Figure term="布置数">{grade.assigned}</Figure>
        <Figure term="提交率">{percent(grade.submitRate)}</Figure>
        <Figure term="平均得分率">{percent(grade.scoreRate)}</Figure>
      </dl>
      <table aria-label={`${grade.gradeName}各班${kind}`}>
        <thead>
          <tr>
            <th scope="col">班级</th>
            <th scope="col">布置数</th>
            <th scope="col">提交率</th>
            <th scope="col">平均得分率</th>
          </tr>
        </thead>
        <tbody>
          {grade.classes.map((c) => (
            <tr key={c.name}>
              <th scope="row">{c.name}</th>
              <td>{c.assigned}</td>
              <td>{percent(c.submitRate)}</td>
              <td>{percent(c.scoreRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * 数据大屏 (/teach-research/datav, study-datav): the school at a glance for a screen in a hall —
 * full screen without header or footer (spec 000 §2), sized by the viewport's width so a
 * 1920×1080 screen is filled; light text on a dark ground. The newest exams of the grades the
 * caller sees whole come from their cached reports; homework and use of the last 30 days are
 * counts of records, each grade's 校本作业 and 作文 (布置数, 提交率, 平均得分率, per class too) the
 * homework and composition reports' own figures, the busiest teachers 使用统计's rows. It refreshes itself (`useDatav`).
 */
export function DatavPage() {
  const { data, error, updatedAt } = useDatav();
  const tiles: [string, number][] = data
    ? [
        ['在校学生', data.students],
        ['班级', data.classes],
        ['任课教师', data.teachers],
        ['近30天布置作业', data.homework.assigned],
        ['近30天提交作业', data.homework.submitted],
        ['近30天批改作业', data.homework.corrected],
        ['近30天网上阅卷', data.usage.marked],
        ['近30天新建考试', data.usage.exams],
        ['近30天组卷', data.usage.papers],
      ]
    : [];
  return (
    <Screen aria-label="数据大屏">
      <Head>
        <h1>{data ? `${data.schoolName}数据大屏` : '数据大屏'}</h1>
        {data && updatedAt !== null && (
          <p role="status">
            数据更新于 {clock(updatedAt)}，每{DATAV_REFRESH_MS / 1000}秒自动刷新
            {error && `；最近一次刷新失败（${error}），显示的是上次的数据`}
          </p>
        )}
        <Link to="/home/index">返回首页</Link>
      </Head>
      {error && !data && <p role="alert">{error}</p>}
      {data && (
        <Tiles aria-label="学校概况">
          {tiles.map(([label, value]) => (
            <li key={label}>
              <span>{label}</span>
              <strong>{value}</strong>
            </li>
          ))}
        </Tiles>
      )}
      {data && (
        <Exams aria-label="最近考试">
          <h2>最近考试</h2>
          {data.exams.length === 0 && <p>暂无已发布报告的考试</p>}
          {data.exams.map((exam) => (
            <ExamCard key={exam.examId} exam={exam} />
          ))}
        </Exams>
      )}
      {data && (
        <Recent>
          {(
            [
              ['校本作业', data.homeworkReports],
              ['作文', data.compositionReports],
            ] as const
          ).map(([kind, grades]) => (
            <Homework key={kind} aria-label={`近30天${kind}`}>
              <h2>近30天{kind}</h2>
              {grades.length === 0 && <p>近30天暂无布置的{kind}</p>}
              {grades.map((grade) => (
                <HomeworkCard key={grade.gradeName} grade={grade} kind={kind} />
              ))}
            </Homework>
          ))}
        </Recent>
      )}
      {data && (
        <Teachers>
          <h2>近30天教师使用</h2>
          {data.teacherUsage.length === 0 ? (
            <p>近30天暂无使用记录</p>
          ) : (
            <table aria-label="近30天教师使用">
              <thead>
                <tr>
                  <th scope="col">教师</th>
                  <th scope="col">阅卷</th>
                  <th scope="col">布置作业</th>
                  <th scope="col">批改作业</th>
                  <th scope="col">组卷</th>
                </tr>
              </thead>
              <tbody>
                {data.teacherUsage.map((t, i) => (
                  <tr key={`${i}-${t.name}`}>
                    <td>{t.name}</td>
                    <td>{t.marks}</td>
                    <td>{t.homeworkMade}</td>
                    <td>{t.homeworkCorrected}</td>
                    <td>{t.papersMade}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Teachers>
      )}
    </Screen>
  );
}
