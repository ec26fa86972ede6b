import type { FailedSheet } from './types';

/** A failed page result with its Chinese reason (and the job id when there is one). */
export const fail = (code: FailedSheet['code'], reason: string, id?: string): FailedSheet => ({
  status: 'failed',
  code,
  reason,
  ...(id !== undefined ? { id } : {}),
});
