import { useState } from 'react';
import { teachingRoutes } from '@examkit/contracts';
import { Empty, FormField, Select } from '@examkit/ui';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { Chart } from '../report/components/Chart';
import { lineOption } from '../report/components/charts';
import { useWrongData } from '../resource/wrong/useWrongData';
import { fixed } from './format';

const TOTAL = '总分';

/**
 * 学情概况·年级 (/teach-research/situation/grade): a grade's classes across its exams — each
 * class's rank among the classes as lines (rank 1 on top) and its mean and rank per exam, for the
 * total or one subject. For callers who see the whole grade (school-wide roles, 年级主任).
 */
export function GradeSituationPage() {
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [subject, setSubject] = useState(TOTAL);
  const { data, error } = useWrongData(teachingRoutes.gradeSituation, { gradeId });
  const subjects = [...new Set(data?.classes.map((c) => c.subjectName))];
  const rows = data?.classes.filter((c) => c.subjectName === subject) ?? null;
  const names = data?.exams.map((e) => e.examName) ?? [];
  return (
    <PageBox>
      <h1>学情概况·年级</h1>
      {error && <p role="alert">{error}</p>}
      {data && data.grades.length === 0 && <Empty text="暂无可查看全年级的年级" />}
      {data && data.grades.length > 0 && (
        <Toolbar>
          <FormField label="年级">
            <Select
              value={data.gradeId ?? ''}
              options={data.grades.map((g) => ({ value: g.gradeId, label: g.gradeName }))}
              onChange={(e) => setGradeId(Number(e.target.value))}
            />
          </FormField>
          <FormField label="学科">
            <Select
              value={subject}
              options={(subjects.length ? subjects : [TOTAL]).map((s) => ({ value: s, label: s }))}
              onChange={(e) => setSubject(e.target.value)}
            />
          </FormField>
        </Toolbar>
      )}
      {data && data.exams.length === 0 && data.grades.length > 0 && (
        <Empty text="暂无已发布报告的考试" />
      )}
      {rows && rows.length > 0 && (
        <>
          <Chart
            kind="line"
            label={`各班${subject}名次趋势`}
            option={lineOption(
              names,
              rows.map((r) => ({ name: r.className, values: r.ranks })),
              true,
            )}
          />
          <ListTable label={`各班${subject}均分与名次`} rows={rows} headers={['班级', ...names]}>
            {(r) => (
              <tr key={r.classId}>
                <td>{r.className}</td>
                {r.means.map((mean, i) => (
                  <td key={data!.exams[i]!.examId}>
                    {mean === null ? '—' : `${fixed(mean)}（第${r.ranks[i] ?? '—'}名）`}
                  </td>
                ))}
              </tr>
            )}
          </ListTable>
        </>
      )}
    </PageBox>
  );
}
