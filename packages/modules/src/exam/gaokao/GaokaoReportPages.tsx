import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  gaokaoJointRoutes,
  gaokaoRoutes,
  type GaokaoReport,
  type GaokaoTrack,
  type JointReportStatus,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { FormField, Select, themeOf } from '@examkit/ui';
import { GAOKAO_REPORT_GROUPS, type GaokaoReportGroup } from '../../catalogue/gaokaoReportGroups';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useApiCall } from '../../common/useApiCall';
import { Note, PageBox, Toolbar } from '../components/styled';
import { DataTable } from '../tool/common';

type Group = GaokaoReportGroup[0];

/** How often a joint analysis's page asks again while its snapshot is computed. */
const SNAPSHOT_POLL_MS = 1000;
type Subject = GaokaoReport['subjects'][number];
type Band = GaokaoReport['overall']['bands'][number];

const TRACK_OF: Record<'like' | 'wenke', GaokaoTrack> = { like: 'physics', wenke: 'history' };

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 8px 0;
  a {
    color: ${(p) => themeOf(p).colors.text};
  }
  a[aria-current='page'] {
    color: ${(p) => themeOf(p).colors.primaryHover};
    font-weight: 600;
  }
`;

const num = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : String(Math.round(v * 100) / 100);

function StatsTable({
  label,
  rows,
}: {
  label: string;
  rows: [string, GaokaoReport['overall']['total']][];
}) {
  return (
    <DataTable
      label={label}
      columns={['范围', '人数', '平均分', '最高分', '最低分']}
      rows={rows}
      rowKey={([name]) => name}
      cells={([name, s]) => [name, s.count, num(s.average), num(s.max), num(s.min)]}
    />
  );
}

function BandTable({ label, bands }: { label: string; bands: readonly Band[] }) {
  const total = bands.reduce((a, b) => a + b.count, 0);
  return (
    <DataTable
      label={label}
      columns={['分数段', '人数', '占比']}
      rows={[...bands].reverse()}
      rowKey={(b) => b.from}
      cells={(b) => [
        `[${b.from}, ${b.to}${b.to === bands.at(-1)?.to ? ']' : ')'}`,
        b.count,
        total ? `${((b.count / total) * 100).toFixed(2)}%` : '—',
      ]}
    />
  );
}

function SubjectLevels({ subject }: { subject: Subject }) {
  return (
    <DataTable
      label={`${subject.name}等级`}
      columns={['等级', '人数', '原始分区间', '赋分区间']}
      rows={subject.levels}
      rowKey={(l) => l.name}
      cells={(l) => [
        l.name,
        l.count,
        l.rawHigh === null ? '—' : `${num(l.rawHigh)}–${num(l.rawLow)}`,
        l.high === l.low ? l.high : `${l.high}–${l.low}`,
      ]}
    />
  );
}

function Transcript({ report, track }: { report: GaokaoReport; track: GaokaoTrack | 'all' }) {
  const joint = report.schools !== undefined;
  const rows = report.students.filter((s) => track === 'all' || s.track === track);
  const call = useApiCall();
  const headers = ['类内排名', '学号', '姓名', '班级', '类别'];
  for (const s of report.subjects)
    headers.push(
      ...(s.role === 'converted'
        ? [`${s.name}原始分`, `${s.name}等级`, `${s.name}赋分`]
        : [s.name]),
    );
  headers.push('总分');
  return (
    <>
      {joint && <Note>联考排名为全体参考学校同类考生中的名次；本表列出可查看的本校学生。</Note>}
      <Toolbar>
        <DownloadJobButton
          label="导出成绩单"
          saveWhenDone
          start={() =>
            call(joint ? gaokaoJointRoutes.jointExportTranscript : gaokaoRoutes.exportTranscript, {
              analysisId: report.id,
              track,
            })
          }
        />
      </Toolbar>
      {rows.length === 0 ? (
        <Note>暂无数据</Note>
      ) : (
        <DataTable
          label="新高考成绩单"
          columns={headers}
          rows={rows}
          rowKey={(s) => s.studentId}
          cells={(s) => [
            s.rank ?? '—',
            s.studentNo,
            s.name,
            s.className,
            s.track === 'physics' ? '物理类' : '历史类',
            ...report.subjects.flatMap((subject, j) =>
              subject.role === 'converted'
                ? [num(s.raw[j]), s.levels[j] ?? '—', num(s.converted[j])]
                : [num(s.raw[j])],
            ),
            num(s.total),
          ]}
        />
      )}
    </>
  );
}

/** A joint exam's schools as aggregates: totals of all, 物理类 and 历史类 per school. */
function SchoolTable({ schools }: { schools: NonNullable<GaokaoReport['schools']> }) {
  return (
    <DataTable
      label="各校总分对比"
      columns={['学校', '人数', '平均分', '最高分', '物理类平均分', '历史类平均分']}
      rows={schools}
      rowKey={(s) => s.label}
      cells={(s) => [
        s.own ? `${s.label}（本校）` : s.label,
        s.total.count,
        num(s.total.average),
        num(s.total.max),
        ...s.tracks.map((t) => num(t.total.average)),
      ]}
    />
  );
}

function SubjectSections({ report }: { report: GaokaoReport }) {
  const [name, setName] = useState(report.subjects[0]?.name ?? '');
  const subject = report.subjects.find((s) => s.name === name);
  return (
    <>
      <Toolbar>
        <FormField label="学科">
          <Select
            value={name}
            options={report.subjects.map((s) => ({ value: s.name, label: s.name }))}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
      </Toolbar>
      {subject && (
        <>
          <Note>
            {subject.role === 'converted'
              ? '按赋分统计，每 10 分一段。'
              : '按原始分统计，每 10 分一段。'}
          </Note>
          <BandTable label={`${subject.name}分数段`} bands={subject.bands} />
        </>
      )}
    </>
  );
}

function view(group: Group, tab: string, report: GaokaoReport): ReactNode {
  const track = group === 'like' || group === 'wenke' ? TRACK_OF[group] : null;
  const trackReport = track ? report.tracks.find((t) => t.track === track)! : null;
  const converted = report.subjects.filter((s) => s.role === 'converted');
  if (group === 'summary' && tab === 'basic')
    return (
      <>
        <StatsTable
          label="总分概况"
          rows={[
            ['全体', report.overall.total],
            ...report.tracks.map((t): [string, typeof t.total] => [t.name, t.total]),
          ]}
        />
        {report.withoutChoice > 0 && (
          <Note>另有 {report.withoutChoice} 名学生未设置 3+1+2 选科，未计入分析。</Note>
        )}
        <Note>
          总分 = 语文、数学、英语原始分 + 首选科目原始分 + 两门再选科目赋分（赋分方式：
          {report.profile.name}）。
        </Note>
        {report.schools && <SchoolTable schools={report.schools} />}
      </>
    );
  if (group === 'summary' && tab === 'scoreSection')
    return <BandTable label="总分分数段" bands={report.overall.bands} />;
  if (group === 'summary' && tab === 'transcript')
    return <Transcript report={report} track="all" />;
  if (group === 'subject' && tab === 'basic')
    return (
      <>
        <DataTable
          label="学科概况"
          columns={[
            '学科',
            '计分方式',
            '人数',
            '原始平均分',
            '原始最高分',
            '原始最低分',
            '赋分平均分',
          ]}
          rows={report.subjects}
          rowKey={(s) => s.name}
          cells={(s) => [
            s.name,
            s.role === 'converted' ? '等级赋分' : '原始分',
            s.raw.count,
            num(s.raw.average),
            num(s.raw.max),
            num(s.raw.min),
            num(s.converted?.average),
          ]}
        />
        {converted.map((s) => (
          <section key={s.name} aria-label={`${s.name}等级分布`}>
            <h2>{s.name}等级分布</h2>
            <SubjectLevels subject={s} />
          </section>
        ))}
      </>
    );
  if (group === 'subject' && tab === 'scoreSection') return <SubjectSections report={report} />;
  if (!trackReport || !track) return null;
  if (tab === 'basic')
    return (
      <>
        <StatsTable
          label={`${trackReport.name}总分概况`}
          rows={[[trackReport.name, trackReport.total]]}
        />
        <DataTable
          label={`${trackReport.name}学科平均分`}
          columns={['学科', '平均分（再选科目为赋分）']}
          rows={report.subjects.flatMap((s, j) => {
            const average = trackReport.subjectAverages[j];
            return average === null ? [] : [[s.name, average] as const];
          })}
          rowKey={([name]) => name}
          cells={([name, average]) => [name, num(average)]}
        />
      </>
    );
  if (tab === 'levelAnalysis')
    return (
      <DataTable
        label={`${trackReport.name}等级分析`}
        columns={['学科', ...report.profile.levels.map((l) => `${l.name}等人数`)]}
        rows={trackReport.levels}
        rowKey={(row) => row.subject}
        cells={(row) => [row.subject, ...row.counts]}
      />
    );
  if (tab === 'scoreSection')
    return <BandTable label={`${trackReport.name}总分分数段`} bands={trackReport.bands} />;
  return <Transcript report={report} track={track} />;
}

function GaokaoReportView({ group, tab }: { group: Group; tab: string }) {
  const { id } = useParams();
  const analysisId = Number(id);
  const joint = useSearchParams()[0].get('joint') === '1';
  const call = useApiCall();
  const codes = useExamkitStore((s) => s.permCodes);
  const [report, setReport] = useState<GaokaoReport | null>(null);
  const [failed, setFailed] = useState(false);
  // A joint analysis is a snapshot computed in the background: its progress until it is ready.
  const [computing, setComputing] = useState<JointReportStatus | null>(null);
  useEffect(() => {
    if (!(analysisId > 0)) return;
    setFailed(false);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void call(joint ? gaokaoJointRoutes.jointReport : gaokaoRoutes.report, { analysisId }).then(
        (r) => {
          if (!live) return;
          if (r.ok) setReport(r.data);
          else if (!r.cancelled) setFailed(true);
        },
      );
    const ask = async () => {
      const r = await call(
        gaokaoJointRoutes.jointReportStatus,
        { analysisId },
        { errorMessage: false, dedupe: false },
      );
      if (!live) return;
      if (r.ok && r.data.state === 'computing') {
        setComputing(r.data);
        timer = setTimeout(() => void ask(), SNAPSHOT_POLL_MS);
        return;
      }
      setComputing(null);
      load();
    };
    if (joint) void ask();
    else load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [call, analysisId, joint]);
  const groups = GAOKAO_REPORT_GROUPS.filter(([, perm]) => hasPermission(codes, perm));
  const current = GAOKAO_REPORT_GROUPS.find(([g]) => g === group)!;
  const base = `/exam/gaokao/report/${analysisId}`;
  const query = joint ? '?joint=1' : '';
  return (
    <PageBox aria-labelledby="gaokao-report-title">
      <h1 id="gaokao-report-title">{report ? report.name : '新高考报告'}</h1>
      {report && (
        <Note>
          {report.examName}
          {joint ? '（联考）' : ''} · {report.gradeName} · {report.profile.name}
        </Note>
      )}
      <Nav aria-label="报告类型">
        {groups.map(([g, , title, tabs]) => (
          <NavLink
            key={g}
            to={`${base}/${g}/${tabs[0]![0]}${query}`}
            aria-current={g === group ? 'page' : undefined}
          >
            {title}
          </NavLink>
        ))}
      </Nav>
      <Nav aria-label={current[2]}>
        {current[3].map(([t, title]) => (
          <NavLink
            key={t}
            to={`${base}/${group}/${t}${query}`}
            aria-current={t === tab ? 'page' : undefined}
          >
            {title}
          </NavLink>
        ))}
      </Nav>
      <h2>
        {current[2]}·{current[3].find(([t]) => t === tab)?.[1]}
      </h2>
      {computing && (
        <>
          <p role="status">
            联考新高考分析正在后台计算：{computing.stage}（{computing.progress}%），完成后自动打开。
          </p>
          <progress aria-label="联考新高考分析计算进度" max={100} value={computing.progress} />
        </>
      )}
      {failed && <Note>报告加载失败</Note>}
      {report && view(group, tab, report)}
    </PageBox>
  );
}

/** The report pages by `group/tab`, one component each for the route map. */
export const GAOKAO_REPORT_PAGES: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  GAOKAO_REPORT_GROUPS.flatMap(([group, , , tabs]) =>
    tabs.map(([tab]): [string, ComponentType] => {
      const Page = () => <GaokaoReportView group={group} tab={tab} />;
      Page.displayName = `GaokaoReport(${group}/${tab})`;
      return [`${group}/${tab}`, Page];
    }),
  ),
);
