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
  const examId = useExamIdParam();
  const overview = useReport(reportRoutes.teacherClassOverview, examId ? { examId } : null);
  return useChosenReportContext(
    examId,
    {
      exam: overview.data?.exam ?? null,
      classes: overview.data?.classes,
      error: examId ? overview.error : '考试不存在',
      loading: overview.loading,
    },
    options,
  );
}

/** The page's exam id (`:id` or `:examId`), 0 when missing. */
export function useExamIdParam(): number {
  const params = useParams();
  return numberOf(params.id ?? params.examId) ?? 0;
}

/** What a report's context is chosen from: the exam and, per class, the subjects in scope. */
export interface ReportContextSource {
  exam: ReportExam | null;
  /** Per class, the subjects the caller sees there; absent: every subject of the exam. */
  classes?: readonly { classId: number; subjects: readonly { subjectId: number }[] }[] | undefined;
  error: string | null;
  loading: boolean;
}

/**
 * The chosen class and subject of a report page among what its exam offers (`?classId=`,
 * `?subjectId=`, else the first in scope), and how to change them: the single-exam reports and
 * the joint reports (an exam of several schools) share it.
 */
export function useChosenReportContext(
  examId: number,
  source: ReportContextSource,
  options: { total?: boolean } = {},
): ReportContext {
  const total = options.total ?? false;
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const { exam } = source;
  const wantedClass = numberOf(params.classId ?? search.get('classId'));
  const wantedSubject = numberOf(search.get('subjectId'));
  const classId = useMemo(() => {
    if (!exam) return null;
    if (wantedClass !== null && exam.classes.some((c) => c.id === wantedClass)) return wantedClass;
    return exam.classes[0]?.id ?? null;
  }, [exam, wantedClass]);
  const inClasses = source.classes;
  const subjects = useMemo(() => {
    if (!exam) return [];
    const entry = inClasses?.find((c) => c.classId === classId);
    if (!entry) return exam.subjects;
    return exam.subjects.filter((s) => entry.subjects.some((x) => x.subjectId === s.id));
  }, [exam, inClasses, classId]);
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
    error: source.error,
    loading: source.loading,
  };
}
