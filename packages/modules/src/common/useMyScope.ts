import { useEffect, useState } from 'react';
import type { MyScope } from '@examkit/contracts';
import { shellRoutes } from './shellRoutes';
import { useApiCall } from './useApiCall';

/**
 * The signed-in user's data scope and marking roles from the server (`my_scope`), so a page
 * shows only the buttons, classes and subjects the server allows (docs/scope.md). Null while
 * loading or when the server does not answer: pages then hide what needs it.
 */
export function useMyScope(): MyScope | null {
  const call = useApiCall();
  const [scope, setScope] = useState<MyScope | null>(null);
  useEffect(() => {
    let live = true;
    void call(shellRoutes.myScope, {}, { errorMessage: false }).then((r) => {
      if (live && r.ok) setScope(r.data);
    });
    return () => {
      live = false;
    };
  }, [call]);
  return scope;
}

/** Whether the scope manages the exams of a grade (create, edit, delete, publish, scan). */
export const managesGrade = (scope: MyScope | null, gradeId: number | undefined): boolean =>
  scope !== null &&
  (scope.schoolWide || (gradeId !== undefined && scope.manageGradeIds.includes(gradeId)));

/** Whether the scope shows a subject (school subject id) of a class. */
export const seesSubject = (scope: MyScope | null, classId: number, subjectId: number): boolean => {
  if (!scope) return false;
  if (scope.schoolWide) return true;
  const entry = scope.classes.find((c) => c.classId === classId);
  return entry !== undefined && (entry.allSubjects || entry.subjectIds.includes(subjectId));
};
