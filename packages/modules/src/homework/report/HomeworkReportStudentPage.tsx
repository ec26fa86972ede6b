import { Link } from 'react-router-dom';
import { homeworkReportRoutes as r } from '@examkit/contracts';
import { SUBMISSION_SOURCE_LABELS } from '@examkit/contracts/rules';
import { ListTable } from '../../common/ListTable';
import { Actions, PageBox } from '../../common/styled';
import { formatPoints } from '../../marking/utils/scoring';
import { SubmissionStatus } from '../components/SubmissionStatus';
import { ReportHeader, useReportTarget } from './ReportHeader';
import { useReport } from './useReport';
import { StudentCells } from '../components/rowCells';

/**
 * 作业报告·学生 (/homework/school-base/{id}/report/student): the caller's students with their
 * status icon (迟交 beside it for an on-screen hand-in after the due time), score, rank and 对/错 counts; 查看 opens one student's report (and 录入 there).
 */
export function HomeworkReportStudentPage() {
  const { id, target, setTarget, body } = useReportTarget();
  const basic = useReport(
    r.reportBasic,
    id > 0 ? { id, classId: null, teachingClassId: null } : null,
  );
  const { data, error, loading } = useReport(r.reportStudent, body);
  return (
    <PageBox aria-busy={loading}>
      <ReportHeader
        id={id}
        name={basic.data?.name ?? null}
        targets={basic.data?.targets ?? []}
        target={target}
        onTarget={setTarget}
        error={error}
        loading={loading}
      />
      <ListTable
        label="学生成绩"
        rows={data}
        headers={['学号', '姓名', '班级', '状态', '来源', '得分', '名次', '对', '错', '操作']}
      >
        {(s) => (
          <tr key={s.studentId}>
            <StudentCells student={s} />
            <td>
              <SubmissionStatus status={s.status} />
              {s.late && '（迟交）'}
            </td>
            <td>{s.source ? SUBMISSION_SOURCE_LABELS[s.source] : '—'}</td>
            <td>{s.score === null ? '—' : formatPoints(s.score)}</td>
            <td>{s.rank ?? '—'}</td>
            <td>{s.right}</td>
            <td>{s.wrong}</td>
            <td>
              <Actions>
                <Link
                  to={`/homework/school-base/student/${s.studentId}/report/analysis?id=${id}`}
                  aria-label={`查看：${s.name}`}
                >
                  查看
                </Link>
                {(s.source === null || s.source === 'manual') && (
                  <Link
                    to={`/homework/school-base/student/${s.studentId}/report/analysis?id=${id}&entry=1`}
                    aria-label={`录入：${s.name}`}
                  >
                    录入
                  </Link>
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
