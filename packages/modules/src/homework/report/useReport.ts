import { useEffect, useState } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** A percentage as the reports show it (`81.3%`), `—` without data. */
export const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

/** Loads a report call whenever its body changes (a JSON key), with its error text. */
export function useReport<R extends RouteContract>(route: R, body: BodyOf<R> | null) {
  const call = useApiCall();
  const [data, setData] = useState<DataOf<R> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = body === null ? null : JSON.stringify(body);
  useEffect(() => {
    if (key === null) return;
    let stale = false;
    setError(null);
    void call(route, JSON.parse(key) as BodyOf<R>).then((x) => {
      if (stale) return;
      if (x.ok) setData(x.data);
      else if (!x.cancelled) setError(x.message);
    });
    return () => {
      stale = true;
    };
  }, [call, route, key, version]);
  return { data, error, loading: data === null && error === null, reload: () => setVersion((v) => v + 1) };
}
