import type { Entry } from './entry';
import { adminRows } from './rows/admin';
import { appraiseRows } from './rows/appraise';
import { crossRows } from './rows/cross';
import { examRows } from './rows/exam';
import { homeworkRows } from './rows/homework';
import { workbookRows } from './rows/workbook';
import { wordExerciseRows } from './rows/wordExercise';
import { markingRows } from './rows/marking';
import { reportRows } from './rows/report';
import { resourceRows } from './rows/resource';

/**
 * The data-scope table: every route that takes a student, class, exam or block, by
 * `<table>.<name>`, with how `scope.test.ts` checks it. A domain's rows live in `rows/<domain>.ts`;
 * a new domain adds its file here. A route named by two domains' rows is refused.
 */
export const TABLE: Record<string, Entry> = merge({
  crossRows,
  examRows,
  markingRows,
  reportRows,
  adminRows,
  homeworkRows,
  workbookRows,
  wordExerciseRows,
  resourceRows,
  appraiseRows,
});

function merge(parts: Record<string, Record<string, Entry>>): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const [part, rows] of Object.entries(parts))
    for (const [name, entry] of Object.entries(rows)) {
      if (name in out) throw new Error(`${name} is in the data-scope table twice (${part})`);
      out[name] = entry;
    }
  return out;
}
