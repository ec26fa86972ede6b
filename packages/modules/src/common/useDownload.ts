import { useCallback } from 'react';
import { useExamkit } from '@examkit/core/react';
import { downloadFile } from './downloadFile';

/** `downloadFile` bound to the session's storage, notifier and API host (`http.baseURL`). */
export function useDownload() {
  const { http, storage, notifier } = useExamkit();
  const { baseURL } = http;
  return useCallback(
    (url: string, fallbackName: string, params?: Record<string, string | number | undefined>) =>
      downloadFile({
        url,
        fallbackName,
        storage,
        notifier,
        baseURL,
        ...(params ? { params } : {}),
      }),
    [storage, notifier, baseURL],
  );
}
