import { WRITE, type Entry } from '../entry';

/** The data-scope rows of 综合评价 (appraise/appraise.test.ts, docs/appraise.md). */
export const appraiseRows: Record<string, Entry> = {
  'appraise.sheet': {
    kind: 'covered',
    why: 'the classes in scope only; a class outside the scope 403, a subject not taught there 403, another school’s class 404 (appraise/appraise.test.ts)',
  },
  'appraise.save': WRITE(
    'the class and subject in scope, students of that class only, the term 评语 by the class’s 班主任 only, another school’s class 404 (appraise/appraise.test.ts)',
  ),
  'appraise.exportJob': WRITE(
    'a download-centre job of one class in scope (403 outside, 404 another school’s), only the subjects the caller records there (appraise/appraise.test.ts)',
  ),
  'appraise.student': { kind: 'single' },
  // a student outside the scope answers as a missing one before any job is queued
  'appraise.studentExportJob': { kind: 'single' },
};
