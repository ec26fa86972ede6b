import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { onlineRoutes, type OnlineDetail } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** The online exam of the page's `?id=`, loaded once; `replace` after a save answers a fresh detail. */
export function useOnlineExam() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const call = useApiCall();
  const [exam, setExam] = useState<OnlineDetail | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!id) return;
    void call(onlineRoutes.get, { id }).then((r) => {
      if (r.ok) setExam(r.data);
      else setMissing(true);
    });
  }, [call, id]);
  const replace = useCallback((next: OnlineDetail) => setExam(next), []);
  return { id, exam, missing, replace, call };
}
