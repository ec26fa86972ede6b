import type { ScanSubjectOverview } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { ExamRow } from '../exam/access';
import { reconcile } from './fixes';

/**
 * Scan counts of every subject of an exam, in the exam's subject order: pages kept, students
 * matched (as {@link reconcile} counts them) and open exceptions.
 * @see docs/scanning.md
 */
export async function scanOverview(db: Db, exam: ExamRow): Promise<ScanSubjectOverview[]> {
  const [subjects, pages] = await Promise.all([
    db
      .selectFrom('exam_subjects')
      .selectAll()
      .where('exam_id', '=', exam.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('scan_sheets')
      .select(['exam_subject_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('exam_id', '=', exam.id)
      .where('discarded', '=', 0)
      .groupBy('exam_subject_id')
      .execute(),
  ]);
  const overview: ScanSubjectOverview[] = [];
  for (const subject of subjects) {
    const found = await reconcile(db, subject);
    overview.push({
      examSubjectId: subject.id,
      expected: found.expected,
      uploaded: Number(pages.find((p) => p.exam_subject_id === subject.id)?.n ?? 0),
      matched: found.matched.length,
      openExceptions: found.openExceptions,
    });
  }
  return overview;
}
