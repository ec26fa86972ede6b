import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { useReport } from './useReport';

export type ReportExam = DataOf<typeof reportRoutes.classBasic>['exam'];

export interface ReportContext {
  examId: number;
  exam: ReportExam | null;
  /** The class shown (`?classId=`, else the first class in scope); null before the exam loads. */
  classId: number | null;
  /** The subject shown (`?subjectId=`, else the first subject in scope). */
  subjectId: number | null;
  /**
   * The subjects the caller may see in the chosen class (a 任课教师: the subjects they teach
   * there), from the same scope rule the server applies; the subject picker lists only these.
   */
  subjects: ReportExam['subjects'];
  setQuery: (name: 'classId' | 'subjectId', value: number) => void;
  error: string | null;
  loading: boolean;
}

const numberOf = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The exam of a report page (`:id` or `:examId`) with the classes and subjects the caller may
 * see, from `/marking-report/teacher/classOverview`; the chosen class and subject live in the
 * query string so tabs keep them.
 */
export function useReportContext(options: { total?: boolean } = {}): ReportContext {
  const total = options.total ?? false;
  const params = useParams();
  const examId = numberOf(params.id ?? params.examId) ?? 0;
  const [search, setSearch] = useSearchParams();
  const overview = useReport(reportRoutes.teacherClassOverview, examId ? { examId } : null);
  const exam = overview.data?.exam ?? null;
  const wantedClass = numberOf(params.classId ?? search.get('classId'));
  const wantedSubject = numberOf(search.get('subjectId'));
  const classId = useMemo(() => {
    if (!exam) return null;
    if (wantedClass !== null && exam.classes.some((c) => c.id === wantedClass)) return wantedClass;
    return exam.classes[0]?.id ?? null;
  }, [exam, wantedClass]);
  const subjects = useMemo(() => {
    if (!exam) return [];
    const entry = overview.data?.classes.find((c) => c.classId === classId);
    if (!entry) return exam.subjects;
    return exam.subjects.filter((s) => entry.subjects.some((x) => x.subjectId === s.id));
  }, [exam, overview.data, classId]);
  const subjectId = useMemo(() => {
    if (!exam) return null;
    if (total && (search.get('subjectId') ?? '0') === '0') return 0;
    if (wantedSubject !== null && subjects.some((s) => s.id === wantedSubject))
      return wantedSubject;
    return subjects[0]?.id ?? null;
  }, [exam, subjects, wantedSubject, total, search]);
  const setQuery = useCallback(
    (name: 'classId' | 'subjectId', value: number) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(name, String(value));
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return {
    examId,
    exam,
    classId,
    subjectId,
    subjects,
    setQuery,
    error: examId ? overview.error : '考试不存在',
    loading: overview.loading,
  };
}
