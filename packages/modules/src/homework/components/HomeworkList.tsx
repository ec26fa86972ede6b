import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { homeworkRoutes } from '@examkit/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { KeywordSearch } from '../../common/KeywordSearch';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { RowAction } from '../../common/RowAction';
import { useApiCall, type CallOutcome } from '../../common/useApiCall';
import { usePagedRows, type PagedAnswer } from '../../common/usePagedRows';

/**
 * What the homework list pages (校本作业 /homework/school-base and 作文作业 /homework/composition)
 * share: the keyword and page, the rows of a paged call, 删除 of a homework not yet assigned with
 * its confirmation, and the row's links named after the homework.
 */

const PAGE_SIZE = 20;

interface Named {
  id: number;
  name: string;
}

/** A page's query: the page number and size and the keyword (absent when empty). */
export interface HomeworkListQuery {
  pageNum: number;
  pageSize: number;
  keyWord?: string;
}

/**
 * The state of a homework list: `fetch` (a `useCallback` over the page's other filters) asks one
 * page; a new keyword or `restart()` goes back to page 1.
 */
export function useHomeworkList<T extends Named>(
  fetch: (query: HomeworkListQuery) => Promise<CallOutcome<PagedAnswer<T>>>,
) {
  const call = useApiCall();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<T | null>(null);
  const fetchPage = useCallback(
    () => fetch({ pageNum: page, pageSize: PAGE_SIZE, ...(keyWord ? { keyWord } : {}) }),
    [fetch, page, keyWord],
  );
  const { rows, total, load } = usePagedRows(fetchPage);
  useEffect(() => void load(), [load]);
  const remove = async () => {
    if (!removing) return;
    const x = await call(homeworkRoutes.homeworkRemove, { id: removing.id });
    setRemoving(null);
    if (x.ok) void load();
  };
  return {
    rows,
    total,
    page,
    setPage,
    keyWord,
    search: (k: string) => {
      setKeyWord(k);
      setPage(1);
    },
    restart: () => setPage(1),
    removing,
    setRemoving,
    remove,
  };
}

export type HomeworkList<T extends Named> = ReturnType<typeof useHomeworkList<T>>;

/** The keyword box of a homework list. */
export function HomeworkListSearch<T extends Named>({
  list,
  placeholder,
}: {
  list: HomeworkList<T>;
  placeholder: string;
}) {
  return <KeywordSearch initial={list.keyWord} placeholder={placeholder} onSearch={list.search} />;
}

/** The table, its pager and the 删除 confirmation of a homework list. */
export function HomeworkListTable<T extends Named>({
  list,
  label,
  headers,
  noun,
  removeNote = '',
  children,
}: {
  list: HomeworkList<T>;
  label: string;
  headers: string[];
  /** 作业 or 作文: the dialog's 删除作业 and its question. */
  noun: string;
  /** What else goes with it, after the question. */
  removeNote?: string;
  children(row: T): ReactNode;
}) {
  return (
    <>
      <ListTable label={label} rows={list.rows} headers={headers}>
        {children}
      </ListTable>
      {list.rows && list.total > 0 && (
        <Pager total={list.total} page={list.page} pageSize={PAGE_SIZE} onPage={list.setPage} />
      )}
      <ConfirmDialog
        open={list.removing !== null}
        title={`删除${noun}`}
        confirmLabel="确定删除"
        onCancel={() => list.setRemoving(null)}
        onConfirm={() => void list.remove()}
      >
        确定删除{noun}“{list.removing?.name}”吗？{removeNote}
      </ConfirmDialog>
    </>
  );
}

/** A row's link named after its homework (`扫描：<name>`). */
export function RowLink({ to, text, name }: { to: string; text: string; name: string }) {
  return (
    <Link to={to} aria-label={`${text}：${name}`}>
      {text}
    </Link>
  );
}

/** An assigned homework's 扫描, 批改 and 报告 links, each to the page `paths` names. */
export function AssignedLinks({
  name,
  paths,
}: {
  name: string;
  paths: { scan: string; correct: string; report: string };
}) {
  return (
    <>
      <RowLink to={paths.scan} text="扫描" name={name} />
      <RowLink to={paths.correct} text="批改" name={name} />
      <RowLink to={paths.report} text="报告" name={name} />
    </>
  );
}

/** 删除 of a homework not yet assigned. */
export function RemoveAction<T extends Named>({ list, row }: { list: HomeworkList<T>; row: T }) {
  return (
    <RowAction text="删除" aria-label={`删除：${row.name}`} onClick={() => list.setRemoving(row)} />
  );
}
