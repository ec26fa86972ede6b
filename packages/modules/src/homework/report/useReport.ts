import { useEffect, useState } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** A percentage as the reports show it (`81.3%`), `—` without data. */
export const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

/** Loads a report call whenever its body changes (a JSON key), with its error text. */
export function useReport<R extends RouteContract>(route: R, body: BodyOf<R> | null) {
  const call = useApiCall();
  const [loaded, setLoaded] = useState<{ key: string; data: DataOf<R> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = body === null ? null : `${route.url} ${JSON.stringify(body)}`;
  useEffect(() => {
    if (key === null) return;
    let stale = false;
    setError(null);
    void call(route, body as BodyOf<R>).then((x) => {
      if (stale) return;
      if (x.ok) setLoaded({ key, data: x.data });
      else if (!x.cancelled) setError(x.message);
    });
    return () => {
      stale = true;
    };
  }, [call, route, key, version]); // eslint-disable-line react-hooks/exhaustive-deps -- the body is read through its key
  // Another body (a class chosen) keeps the data shown until it answers; another call does not.
  const data = loaded !== null && loaded.key.startsWith(`${route.url} `) ? loaded.data : null;
  return {
    data,
    error,
    loading: loaded?.key !== key && error === null,
    reload: () => setVersion((v) => v + 1),
  };
}
