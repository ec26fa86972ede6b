import { useCallback, useEffect, useState } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

type RowOf<L> = DataOf<L> extends readonly (infer T)[] ? T : never;

/**
 * A list of analyses (the school's, or the region's 区域分析) read with `listRoute`, and the one
 * being deleted through `removeRoute` `{analysisId}` after its confirmation; the list is read
 * again after a deletion.
 */
export function useAnalysisList<L extends RouteContract, R extends RouteContract>(
  listRoute: L,
  removeRoute: R,
) {
  const call = useApiCall();
  const [rows, setRows] = useState<RowOf<L>[] | null>(null);
  const [removing, setRemoving] = useState<RowOf<L> | null>(null);
  const load = useCallback(async () => {
    const r = await call(listRoute, {} as BodyOf<L>);
    setRows(r.ok ? (r.data as RowOf<L>[]) : []);
  }, [call, listRoute]);
  useEffect(() => void load(), [load]);

  /** Deletes the analysis being removed; answers whether it was. */
  async function remove(): Promise<boolean> {
    if (!removing) return false;
    const { id } = removing as RowOf<L> & { id: number };
    const r = await call(removeRoute, { analysisId: id } as BodyOf<R>, {
      successMessage: '已删除',
    });
    setRemoving(null);
    if (r.ok) void load();
    return r.ok;
  }

  return { rows, load, removing, setRemoving, remove };
}
