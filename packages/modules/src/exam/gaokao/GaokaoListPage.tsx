import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { gaokaoJointRoutes, gaokaoRoutes, type GaokaoSummary } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { useApiCall } from '../../common/useApiCall';
import { useMyScope } from '../../common/useMyScope';
import { Actions, PageBox, Toolbar } from '../components/styled';

const PAGE_SIZE = 20;

/** /exam/gaokao: the 新高考 analyses, with 新建分析 and 学生选科. */
export function GaokaoListPage() {
  const call = useApiCall();
  const codes = useExamkitStore((s) => s.permCodes);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<GaokaoSummary[] | null>(null);
  const [total, setTotal] = useState(0);
  const [removing, setRemoving] = useState<GaokaoSummary | null>(null);
  // An education bureau's seat reads the school's analyses and makes analyses of its region's
  // joint exams only (the setup offers it those).
  const reader = useMyScope()?.reader === true;
  const creates = !reader || hasPermission(codes, 'Exam-Multiple');
  const load = useCallback(async () => {
    const r = await call(gaokaoRoutes.list, { pageNum: page, pageSize: PAGE_SIZE });
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [call, page]);
  useEffect(() => void load(), [load]);

  async function remove() {
    if (!removing) return;
    const r = await call(
      removing.joint ? gaokaoJointRoutes.jointRemove : gaokaoRoutes.remove,
      { analysisId: removing.id },
      { successMessage: '已删除' },
    );
    setRemoving(null);
    if (r.ok) void load();
  }

  return (
    <PageBox aria-labelledby="gaokao-title">
      <h1 id="gaokao-title">新高考模拟</h1>
      <Toolbar>
        {creates && <Link to="/exam/gaokao/leveltype">新建分析</Link>}
        {hasPermission(codes, 'System-Student') && (
          <Link to="/exam/gaokao/student_submit">学生选科</Link>
        )}
      </Toolbar>
      <ListTable
        label="新高考分析"
        rows={rows}
        empty="暂无新高考分析"
        headers={['名称', '考试', '年级', '赋分方式', '赋分科目', '操作']}
      >
        {(a) => (
          <tr key={`${a.joint ? 'j' : 's'}${a.id}`}>
            <td>{a.name}</td>
            <td>{a.joint ? `${a.examName}（联考）` : a.examName}</td>
            <td>{a.gradeName}</td>
            <td>{a.profileName}</td>
            <td>{a.convertedSubjects.join('、')}</td>
            <td>
              <Actions>
                <Link
                  to={`/exam/gaokao/report/${a.id}/summary/basic${a.joint ? '?joint=1' : ''}`}
                  aria-label={`查看报告 ${a.name}`}
                >
                  查看报告
                </Link>
                {a.manager && <RowAction text="删除" of={a.name} onClick={() => setRemoving(a)} />}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      <Pager total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={removing !== null}
        title="删除新高考分析"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除“{removing?.name}”吗？删除后不可恢复，考试成绩不受影响。
      </ConfirmDialog>
    </PageBox>
  );
}
