import { useEffect, useState } from 'react';
import {
  examRoutes,
  scanRoutes,
  scopeRoutes,
  type ExamState,
  type ExamSummary,
  type ScanSubjectOverview,
} from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';
import { managesGrade } from '../../common/useMyScope';

/** Exam states with a saved answer sheet: 答题卡已就绪 and every later one. */
export const HUB_STATES: readonly ExamState[] = [
  'sheet_ready',
  'scanning',
  'marking',
  'finished',
  'published',
];

/** Exams asked per state; the list call allows at most 100 a page. */
const PER_STATE = 100;

/** Scan counts of an exam's subjects by exam subject id; `null` when they could not be read. */
export type SubjectCounts = ReadonlyMap<number, ScanSubjectOverview> | null;

export interface ScanHub {
  /** The exams from 答题卡已就绪 onward, newest exam date first; null while loading. */
  exams: ExamSummary[] | null;
  /** Counts per exam id; an exam missing here is still loading. */
  counts: ReadonlyMap<number, SubjectCounts>;
}

const newestFirst = (a: ExamSummary, b: ExamSummary) =>
  b.examDate.localeCompare(a.examDate) || b.id - a.id;

/**
 * Loads the session year's exams of the 答题卡上传 hub with the exam list call (one call per
 * state, as it filters by one state), then each exam's scan counts.
 */
export function useScanHub(): ScanHub {
  const call = useApiCall();
  const [exams, setExams] = useState<ExamSummary[] | null>(null);
  const [counts, setCounts] = useState<ReadonlyMap<number, SubjectCounts>>(new Map());

  useEffect(() => {
    let live = true;
    void (async () => {
      // Calls to one url are deduplicated by default: these run side by side on purpose.
      const [scope, replies] = await Promise.all([
        call(scopeRoutes.myScope, {}, { errorMessage: false }),
        Promise.all(
          HUB_STATES.map((state) =>
            call(examRoutes.list, { state, pageSize: PER_STATE }, { dedupe: false }),
          ),
        ),
      ]);
      if (!live) return;
      // Scanning is for the exams' managers: the hub lists only the exams the server lets scan.
      const manages = (exam: ExamSummary) =>
        managesGrade(scope.ok ? scope.data : null, exam.gradeId);
      const list = replies
        .flatMap((r) => (r.ok ? r.data.list : []))
        .filter(manages)
        .sort(newestFirst);
      setExams(list);
      await Promise.all(
        list.map(async (exam) => {
          const r = await call(
            scanRoutes.overview,
            { examId: exam.id },
            { dedupe: false, errorMessage: false },
          );
          if (!live) return;
          const value = r.ok ? new Map(r.data.subjects.map((s) => [s.examSubjectId, s])) : null;
          setCounts((before) => new Map(before).set(exam.id, value));
        }),
      );
    })();
    return () => {
      live = false;
    };
  }, [call]);

  return { exams, counts };
}
