import { useEffect, useState } from 'react';
import { administrationRoutes, type DataOf } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

export type HomeworkSettingRow = DataOf<
  typeof administrationRoutes.homeworkSettingsGet
>['rows'][number];

/**
 * The 作业设置 (/system/homework) of one grade × subject — whether homework is used and the
 * default deadline time — read with the Homework key; null until read or when unreadable (the
 * server still refuses what the settings forbid).
 */
export function useHomeworkSetting(gradeId: number, subjectId: number): HomeworkSettingRow | null {
  const call = useApiCall();
  const [row, setRow] = useState<HomeworkSettingRow | null>(null);
  useEffect(() => {
    let stale = false;
    void call(administrationRoutes.homeworkSettingsGet, {}, { errorMessage: false }).then((r) => {
      if (stale || !r.ok) return;
      setRow(r.data.rows.find((x) => x.gradeId === gradeId && x.subjectId === subjectId) ?? null);
    });
    return () => {
      stale = true;
    };
  }, [call, gradeId, subjectId]);
  return row;
}
