import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { jointExamRoutes } from '@examkit/contracts';
import { Select } from '@examkit/ui';
import { useApiCall } from '../../../common/useApiCall';
import { statColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { ErrorBox, Meta, ReportBox, Toolbar } from '../../components/styled';
import { useReport } from '../../hooks/useReport';
import { formatInt, formatScore } from '../../utils/format';
import { JOINT_REPORT_TABS, JointPdfLink } from './JointReportFrame';

const TABS = JOINT_REPORT_TABS;

/** The frame of a joint grade report page: title, tabs, and the state of its call. */
function JointFrame(props: {
  tab: (typeof TABS)[number]['tab'];
  id: number;
  name: string | undefined;
  error: string | null;
  loading: boolean;
  children: ReactNode;
}) {
  const label = TABS.find((t) => t.tab === props.tab)!.label;
  return (
    <ReportBox aria-labelledby="joint-report-title" aria-busy={props.loading}>
      <h1 id="joint-report-title">
        {props.tab === 'school' ? '联考班级报告' : '联考年级报告'}·{label}
        {props.name ? `：${props.name}` : ''}
      </h1>
      <nav aria-label="联考报告">
        <Toolbar>
          {TABS.map((t) =>
            t.tab === props.tab ? (
              <strong key={t.tab} aria-current="page">
                {t.label}
              </strong>
            ) : (
              <Link key={t.tab} to={`/exam/multiple/report/${t.path}/${props.id}`}>
                {t.label}
              </Link>
            ),
          )}
          <JointPdfLink jointExamId={props.id} />
          <Link to="/exam/multiple">返回联考列表</Link>
        </Toolbar>
      </nav>
      <Meta>
        各学校为一组（其他学校按组织者的设置显示名称或代号）；学生名单只列本校学生，排名为全部参考学校中的联考排名。
      </Meta>
      {props.error && <ErrorBox role="alert">{props.error}</ErrorBox>}
      {props.children}
    </ReportBox>
  );
}

/** /exam/multiple/report/grade/basic/{id}: each subject over every school, each school beside it. */
export function JointGradeBasicPage() {
  const id = Number(useParams().id);
  const report = useReport(jointExamRoutes.jointGradeBasic, id ? { jointExamId: id } : null);
  const rows = report.data?.rows ?? [];
  const [subjectId, setSubject] = useState(0);
  const row = rows.find((r) => r.subjectId === subjectId) ?? rows[0];
  type Row = (typeof rows)[number];
  type SchoolRow = Row['classes'][number];
  return (
    <JointFrame
      tab="basic"
      id={id}
      name={report.data?.exam.name}
      error={report.error}
      loading={report.loading}
    >
      {report.data && (
        <>
          <DataTable<Row>
            caption="联考各学科成绩概况"
            rowKey={(r) => r.subjectId}
            rows={rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              { title: '满分', cell: (r) => formatScore(r.grade.fullMarks), numeric: true },
              ...statColumns<Row>((r) => r.grade),
            ]}
          />
          {row && (
            <>
              <h2>各校对比：{row.subjectName}</h2>
              <Toolbar>
                <Select
                  label="对比学科"
                  value={row.subjectId}
                  options={rows.map((r) => ({ value: r.subjectId, label: r.subjectName }))}
                  onChange={(e) => setSubject(Number(e.target.value))}
                />
              </Toolbar>
              <DataTable<SchoolRow>
                caption={`${row.subjectName}各校对比`}
                rowKey={(c) => c.classId}
                rows={row.classes}
                columns={[
                  { title: '学校', cell: (c) => c.className },
                  ...statColumns<SchoolRow>((c) => c.stats),
                  { title: '均分排名', cell: (c) => formatInt(c.meanRank), numeric: true },
                ]}
              />
            </>
          )}
        </>
      )}
    </JointFrame>
  );
}

/** /exam/multiple/report/grade/rank/{id}: the caller's students (the bureau: all) with joint ranks. */
export function JointGradeRankPage() {
  const id = Number(useParams().id);
  const [subjectId, setSubject] = useState(0);
  const report = useReport(
    jointExamRoutes.jointGradeRank,
    id ? { jointExamId: id, subjectId, pageNum: 1, pageSize: 200 } : null,
  );
  const data = report.data;
  type Row = NonNullable<typeof data>['page']['list'][number];
  return (
    <JointFrame
      tab="rank"
      id={id}
      name={data?.exam.name}
      error={report.error}
      loading={report.loading}
    >
      {data && (
        <>
          <Toolbar>
            <Select
              label="排名学科"
              value={subjectId}
              options={[
                { value: 0, label: '总分' },
                ...data.exam.subjects.map((s) => ({ value: s.id, label: s.name })),
              ]}
              onChange={(e) => setSubject(Number(e.target.value))}
            />
          </Toolbar>
          <DataTable<Row>
            caption={`${data.subjectName}联考排名（前 200 名）`}
            rowKey={(r) => r.studentId}
            rows={data.page.list}
            columns={[
              { title: '联考排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
              { title: '姓名', cell: (r) => r.name },
              { title: '学号', cell: (r) => r.studentNo },
              { title: '学校', cell: (r) => r.className },
              { title: '得分', cell: (r) => formatScore(r.score), numeric: true },
            ]}
          />
        </>
      )}
    </JointFrame>
  );
}

/** /exam/multiple/report/grade/transcript/{id}: the caller's students (the bureau: all) with joint ranks. */
export function JointGradeTranscriptPage() {
  const id = Number(useParams().id);
  const report = useReport(
    jointExamRoutes.jointGradeTranscript,
    id ? { jointExamId: id, pageNum: 1, pageSize: 200 } : null,
  );
  const data = report.data;
  type Row = NonNullable<typeof data>['page']['list'][number];
  const subjects = data?.exam.subjects ?? [];
  return (
    <JointFrame
      tab="transcript"
      id={id}
      name={data?.exam.name}
      error={report.error}
      loading={report.loading}
    >
      {data && (
        <DataTable<Row>
          caption={`联考成绩单（共 ${data.page.total} 人，前 200 名）`}
          rowKey={(r) => r.studentId}
          rows={data.page.list}
          columns={[
            { title: '姓名', cell: (r) => r.name },
            { title: '学号', cell: (r) => r.studentNo },
            { title: '学校', cell: (r) => r.className },
            ...subjects.map((s) => ({
              title: s.name,
              cell: (r: Row) => formatScore(r.scores.find((x) => x.subjectId === s.id)?.score),
              numeric: true,
            })),
            { title: '总分', cell: (r) => formatScore(r.total?.score), numeric: true },
            { title: '联考排名', cell: (r) => formatInt(r.total?.gradeRank), numeric: true },
          ]}
        />
      )}
    </JointFrame>
  );
}

/**
 * /exam/multiple/report/class/basic/{id}: one school beside the whole joint exam; a school sees its
 * own, the bureau picks any participating school.
 */
export function JointSchoolBasicPage() {
  const id = Number(useParams().id);
  const call = useApiCall();
  const [schools, setSchools] = useState<{ value: number; label: string }[]>([]);
  const [schoolId, setSchoolId] = useState<number | null>(null);
  useEffect(() => {
    if (!id) return;
    void call(jointExamRoutes.jointDetail, { jointExamId: id }).then((r) => {
      if (!r.ok) return;
      const own = r.data.schools.filter((s) => s.examId !== null && s.schoolId !== null);
      setSchools(own.map((s) => ({ value: s.schoolId!, label: s.label })));
      setSchoolId(own[0]?.schoolId ?? null);
    });
  }, [call, id]);
  const report = useReport(
    jointExamRoutes.jointSchoolBasic,
    id && schoolId !== null ? { jointExamId: id, schoolId } : null,
  );
  const data = report.data;
  type Row = NonNullable<typeof data>['rows'][number];
  return (
    <JointFrame
      tab="school"
      id={id}
      name={data?.exam.name}
      error={report.error}
      loading={report.loading}
    >
      {schools.length > 1 && (
        <Toolbar>
          <Select
            label="学校"
            value={schoolId ?? ''}
            options={schools}
            onChange={(e) => setSchoolId(Number(e.target.value))}
          />
        </Toolbar>
      )}
      {data && (
        <DataTable<Row>
          caption={`本校与联考整体对比（本校 ${data.studentCount} 人）`}
          rowKey={(r) => r.subjectId}
          rows={data.rows}
          columns={[
            { title: '学科', cell: (r) => r.subjectName },
            { title: '联考平均分', cell: (r) => formatScore(r.grade.mean), numeric: true },
            ...statColumns<Row>((r) => r.class, '本校'),
            { title: '均分排名', cell: (r) => `${formatInt(r.meanRank)}/${r.classCount}` },
          ]}
        />
      )}
    </JointFrame>
  );
}
