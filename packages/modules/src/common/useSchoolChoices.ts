import { useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { useApiCall } from './useApiCall';

export interface Choice {
  id: number;
  name: string;
}

/**
 * What an exam form offers: the grades the user may pick, the school's subjects, and the classes
 * of the chosen grade (none until one is chosen).
 */
export function useSchoolChoices(gradeId: string) {
  const call = useApiCall();
  const [grades, setGrades] = useState<Choice[]>([]);
  const [subjects, setSubjects] = useState<{ code: string; name: string }[]>([]);
  const [classes, setClasses] = useState<Choice[]>([]);
  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
    void call(administrationRoutes.dicGetSubject, {}).then((r) => {
      if (r.ok) setSubjects(r.data.map((s) => ({ code: s.code, name: s.name })));
    });
  }, [call]);
  useEffect(() => {
    if (!gradeId) {
      setClasses([]);
      return;
    }
    void call(administrationRoutes.listClassByGrade, { gradeId: Number(gradeId) }).then((r) => {
      if (r.ok) setClasses(r.data.map((c) => ({ id: c.id, name: c.name })));
    });
  }, [call, gradeId]);
  return { grades, subjects, classes };
}
