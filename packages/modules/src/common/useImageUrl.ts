import { useEffect, useState } from 'react';
import { useExamkit } from '@examkit/core/react';
import { fetchImage } from './fetchImage';

/**
 * A file download shown in the page (`path` with its query; null shows nothing): fetched with the
 * session's token by `fetchImage`, its object URL revoked when the path changes or the page
 * leaves; `error` is the server's refusal.
 */
export function useImageUrl(path: string | null): { url: string | null; error: string } {
  const { http, storage } = useExamkit();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let made: string | null = null;
    let stale = false;
    setUrl(null);
    setError('');
    if (path === null) return;
    void fetchImage(path, storage, http).then((r) => {
      if (!r.ok) return !stale && setError(r.message);
      made = r.url;
      if (stale) URL.revokeObjectURL(made);
      else setUrl(made);
    });
    return () => {
      stale = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, storage, http]);

  return { url, error };
}
