import { useCallback } from 'react';
import { useExamkit } from '@examkit/core/react';
import { downloadFile } from './downloadFile';

/** `downloadFile` bound to the session's storage and notifier. */
export function useDownload() {
  const { storage, notifier } = useExamkit();
  return useCallback(
    (url: string, fallbackName: string, params?: Record<string, string | number | undefined>) =>
      downloadFile({ url, fallbackName, storage, notifier, ...(params ? { params } : {}) }),
    [storage, notifier],
  );
}
