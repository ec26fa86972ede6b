import type { HomeworkDetail } from '@examkit/contracts';
import { ListTable } from '../../common/ListTable';
import { formatTime } from '../useHomeworkOptions';

/** A homework's 布置记录: each class or teaching class it went to, its size and deadline. */
export function AssignmentsTable({
  rows,
  withMinutes,
}: {
  rows: HomeworkDetail['assignments'];
  /** Shows each assignment's 预计用时（分钟）. */
  withMinutes: boolean;
}) {
  return (
    <ListTable
      label="布置记录"
      rows={rows}
      headers={[
        '班级',
        '人数',
        '截止时间',
        ...(withMinutes ? ['预计用时（分钟）'] : []),
        '布置时间',
      ]}
    >
      {(a) => (
        <tr key={`${a.kind}:${a.id}`}>
          <td>
            {a.name}
            {a.kind === 'teachingClass' ? '（教学班）' : ''}
          </td>
          <td>{a.studentCount}</td>
          <td>{formatTime(a.dueAt)}</td>
          {withMinutes && <td>{a.estimatedMinutes}</td>}
          <td>{formatTime(a.assignedAt)}</td>
        </tr>
      )}
    </ListTable>
  );
}
