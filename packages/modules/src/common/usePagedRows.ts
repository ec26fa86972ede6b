import { useCallback, useState } from 'react';
import type { CallOutcome } from './useApiCall';
import { useLatestRequest } from './useLatestRequest';

/** One page of a list as the paged calls answer it. */
export interface PagedAnswer<T> {
  list: T[];
  total: number;
}

/**
 * The rows and total of a paged list: `load` asks `fetchPage` (a `useCallback` over the page's
 * filters and page number; null when a required filter is not chosen yet) and keeps only the
 * newest answer. `rows` is null until the first answer; a refusal shows an empty list (暂无数据),
 * a cancelled call changes nothing. The page runs `load` in its own effect.
 */
export function usePagedRows<T>(fetchPage: () => Promise<CallOutcome<PagedAnswer<T>>> | null) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const beginRequest = useLatestRequest();
  const load = useCallback(async () => {
    const pending = fetchPage();
    if (!pending) return;
    const isLatest = beginRequest();
    const r = await pending;
    if (!isLatest()) return;
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [beginRequest, fetchPage]);
  return { rows, total, load };
}
