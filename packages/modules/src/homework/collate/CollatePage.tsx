import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { homeworkCollateRoutes as C, type CollateRow } from '@examkit/contracts';
import { usePermission } from '@examkit/permission';
import { FormField, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime } from '../useHomeworkOptions';

const SHOW_OPTIONS = [
  { value: 'open', label: '待处理（有未交或待批改）' },
  { value: 'all', label: '全部已布置作业' },
];

/** The students who have not handed in, shortened past a few names. */
export function missingText(missing: CollateRow['missing']): string {
  if (missing.length === 0) return '无';
  const names = missing.slice(0, 5).map((s) => s.name);
  return missing.length > 5 ? `${names.join('、')} 等 ${missing.length} 人` : names.join('、');
}

/**
 * /homework/collate (作业批改 / 作业整理, key Homework-Collate): the hand-ins of the caller's
 * assigned homework per class — 应交, 已交, 待批改, 已批改 and who has not handed in — with 去批改,
 * 扫描 and 报告 for those who may open 校本作业.
 */
export function CollatePage() {
  const call = useApiCall();
  const canOpen = usePermission('Homework-SchoolBase');
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [rows, setRows] = useState<CollateRow[] | null>(null);

  useEffect(() => {
    setRows(null);
    void call(C.collateList, { show }).then((r) => r.ok && setRows(r.data));
  }, [call, show]);

  return (
    <PageBox aria-labelledby="collate-title">
      <h1 id="collate-title">作业批改</h1>
      <Toolbar>
        <FormField label="显示">
          <Select
            value={show}
            options={SHOW_OPTIONS}
            onChange={(e) => setShow(e.target.value === 'all' ? 'all' : 'open')}
          />
        </FormField>
        <Note>按班级整理已布置作业的提交：谁还没交，哪些还在等待批改。</Note>
        {canOpen && <Link to="/homework/download-assistant">下载助手</Link>}
      </Toolbar>
      <ListTable
        label="作业整理"
        rows={rows}
        empty={show === 'open' ? '没有待处理的作业：都已交齐并批改' : '还没有已布置的作业'}
        headers={[
          '作业',
          '班级',
          '截止时间',
          '应交',
          '已交',
          '待批改',
          '已批改',
          '未交学生',
          ...(canOpen ? ['操作'] : []),
        ]}
      >
        {(row) => (
          <tr key={`${row.homeworkId}:${row.classId}`}>
            <td>
              {row.homeworkName}（{row.gradeName}
              {row.subjectName}）
            </td>
            <td>{row.className}</td>
            <td>
              {row.dueAt === null ? '—' : formatTime(row.dueAt)}
              {row.overdue && '（已截止）'}
            </td>
            <td>{row.expected}</td>
            <td>{row.submitted}</td>
            <td>{row.toCorrect}</td>
            <td>{row.corrected}</td>
            <td title={row.missing.map((s) => `${s.studentNo} ${s.name}`).join('\n')}>
              {missingText(row.missing)}
            </td>
            {canOpen && (
              <td>
                <Link
                  to={`/homework/correct?id=${row.homeworkId}`}
                  aria-label={`去批改：${row.homeworkName} ${row.className}`}
                >
                  去批改
                </Link>{' '}
                <Link
                  to={`/homework/school-base/${row.homeworkId}/scan`}
                  aria-label={`扫描：${row.homeworkName} ${row.className}`}
                >
                  扫描
                </Link>{' '}
                <Link
                  to={`/homework/school-base/${row.homeworkId}/report/basic`}
                  aria-label={`报告：${row.homeworkName} ${row.className}`}
                >
                  报告
                </Link>
              </td>
            )}
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
