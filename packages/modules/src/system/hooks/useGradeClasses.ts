import { useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

export interface NamedId {
  id: number;
  name: string;
}

/** The grades the caller may see, and the classes in scope of one grade (all grades when none). */
export function useGradeClasses(gradeId: number | undefined) {
  const call = useApiCall();
  const [grades, setGrades] = useState<NamedId[]>([]);
  const [classes, setClasses] = useState<(NamedId & { gradeId: number })[]>([]);

  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}, { errorMessage: false }).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
  }, [call]);

  useEffect(() => {
    let live = true;
    void call(administrationRoutes.getPermClass, gradeId ? { gradeId } : {}, {
      errorMessage: false,
      dedupe: false,
    }).then((r) => {
      if (live && r.ok)
        setClasses(r.data.map((c) => ({ id: c.classId, name: c.className, gradeId: c.gradeId })));
    });
    return () => {
      live = false;
    };
  }, [call, gradeId]);

  return { grades, classes };
}
