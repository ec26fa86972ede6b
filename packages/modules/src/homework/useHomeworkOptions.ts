import { useEffect, useState } from 'react';
import { homeworkRoutes, type DataOf } from '@examkit/contracts';
import { useApiCall } from '../common/useApiCall';

/** One grade × subject the user may set homework for, with its classes and teaching classes. */
export type HomeworkOption = DataOf<typeof homeworkRoutes.homeworkOptions>[number];

/** The grades × subjects of the signed-in user (null while loading). */
export function useHomeworkOptions(): HomeworkOption[] | null {
  const call = useApiCall();
  const [options, setOptions] = useState<HomeworkOption[] | null>(null);
  useEffect(() => {
    void call(homeworkRoutes.homeworkOptions, {}).then((r) => setOptions(r.ok ? r.data : []));
  }, [call]);
  return options;
}

/** Distinct grades, then the subjects of a grade, from the options. */
export const gradesOf = (options: readonly HomeworkOption[]) => [
  ...new Map(options.map((o) => [o.gradeId, { value: o.gradeId, label: o.gradeName }])).values(),
];
export const subjectsOfGrade = (options: readonly HomeworkOption[], gradeId: number | null) =>
  options
    .filter((o) => gradeId === null || o.gradeId === gradeId)
    .map((o) => ({ value: o.subjectId, label: o.subjectName }))
    .filter((s, i, all) => all.findIndex((x) => x.value === s.value) === i);

/** `2026-11-22 22:00` in the browser's time zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
