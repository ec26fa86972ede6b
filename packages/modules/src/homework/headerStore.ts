import { STORAGE_KEYS, type KeyValueStorage as Storage } from '@examkit/core';

/**
 * The homework header's choice (grade and subject filter of 校本作业), kept in local storage
 * under HOMEWORK_HEADER_STORE (spec 000 §3) so it survives a reload; core clears it with the
 * rest of the session on sign-out and session expiry (spec 000 §8).
 */
export interface HomeworkHeader {
  gradeId: number | null;
  subjectId: number | null;
}

const EMPTY: HomeworkHeader = { gradeId: null, subjectId: null };

export function readHomeworkHeader(storage: Storage): HomeworkHeader {
  const raw = storage.get<Partial<HomeworkHeader>>(STORAGE_KEYS.homeworkHeaderStore);
  if (!raw || typeof raw !== 'object') return EMPTY;
  const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  return { gradeId: id(raw.gradeId), subjectId: id(raw.subjectId) };
}

export function writeHomeworkHeader(storage: Storage, header: HomeworkHeader): void {
  storage.set(STORAGE_KEYS.homeworkHeaderStore, header);
}
