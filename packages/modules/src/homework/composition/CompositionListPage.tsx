import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  HOMEWORK_STATE_LABELS,
  homeworkCompositionRoutes as r,
  homeworkRoutes,
  type CompositionSummary,
} from '@examkit/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { Actions, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { formatTime } from '../useHomeworkOptions';

const PAGE_SIZE = 20;

/** /homework/composition: the compositions (作文) the user may see, newest first. */
export function CompositionListPage() {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: CompositionSummary[]; total: number } | null>(null);
  const [removing, setRemoving] = useState<CompositionSummary | null>(null);

  const load = useCallback(async () => {
    const x = await call(r.compositionPage, {
      pageNum: page,
      pageSize: PAGE_SIZE,
      ...(keyWord ? { keyWord } : {}),
    });
    setData(x.ok ? x.data : { list: [], total: 0 });
  }, [call, page, keyWord]);
  useEffect(() => void load(), [load]);

  async function remove() {
    if (!removing) return;
    const x = await call(homeworkRoutes.homeworkRemove, { id: removing.id });
    setRemoving(null);
    if (x.ok) void load();
  }

  return (
    <PageBox aria-labelledby="composition-list-title">
      <h1 id="composition-list-title">作文作业</h1>
      <Toolbar>
        <KeywordSearch
          initial={keyWord}
          placeholder="作文名称"
          onSearch={(k) => {
            setKeyWord(k);
            setPage(1);
          }}
        />
        <Link to="/homework/composition/create">布置作文</Link>
        <Link to="/homework/school-base">校本作业</Link>
      </Toolbar>
      <ListTable
        label="作文列表"
        rows={data?.list ?? null}
        headers={[
          '作文名称',
          '年级',
          '科目',
          '文体',
          '满分',
          '状态',
          '已交',
          '已批改',
          '范文',
          '创建时间',
          '操作',
        ]}
      >
        {(c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>{c.gradeName}</td>
            <td>{c.subjectName}</td>
            <td>{c.genre}</td>
            <td>{c.fullMarks}</td>
            <td>{HOMEWORK_STATE_LABELS[c.state]}</td>
            <td>{c.submitted}</td>
            <td>{c.corrected}</td>
            <td>{c.exemplary}</td>
            <td>{formatTime(c.createdAt)}</td>
            <td>
              <Actions>
                <Link
                  to={`/homework/composition/edit?id=${c.id}`}
                  aria-label={`${c.state === 'assigned' ? '查看' : '编辑并布置'}：${c.name}`}
                >
                  {c.state === 'assigned' ? '查看' : '编辑并布置'}
                </Link>
                {c.state === 'assigned' && (
                  <>
                    <Link to={`/homework/composition/${c.id}/scan`} aria-label={`扫描：${c.name}`}>
                      扫描
                    </Link>
                    <Link
                      to={`/homework/composition/correct?id=${c.id}`}
                      aria-label={`批改：${c.name}`}
                    >
                      批改
                    </Link>
                    <Link
                      to={`/homework/composition/${c.id}/report/basic`}
                      aria-label={`报告：${c.name}`}
                    >
                      报告
                    </Link>
                  </>
                )}
                {c.state !== 'assigned' && (
                  <RowAction
                    text="删除"
                    aria-label={`删除：${c.name}`}
                    onClick={() => setRemoving(c)}
                  />
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      {data && data.total > 0 && (
        <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除作文"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        确定删除作文“{removing?.name}”吗？
      </ConfirmDialog>
    </PageBox>
  );
}
