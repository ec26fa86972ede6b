import { useEffect, useState } from 'react';
import { administrationRoutes } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/**
 * The 教材 (版本 and 册次) a school set for a grade × subject in 教材关联
 * (/system/homework/correlation), as `人教版 必修一`; '' when none is set, null until read or when
 * unreadable (docs/homework.md "教材").
 */
export function useTextbook(gradeId: number | null, subjectId: number | null): string | null {
  const call = useApiCall();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    if (!gradeId || !subjectId) return;
    let stale = false;
    void call(administrationRoutes.homeworkCorrelationGet, {}, { errorMessage: false }).then(
      (r) => {
        if (stale || !r.ok) return;
        const row = r.data.rows.find((x) => x.gradeId === gradeId && x.subjectId === subjectId);
        setText(row?.edition ? `${row.edition} ${row.volume}`.trim() : '');
      },
    );
    return () => {
      stale = true;
    };
  }, [call, gradeId, subjectId]);
  return text;
}
