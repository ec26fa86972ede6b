import { useCallback } from 'react';
import {
  CORRECTION_MODES,
  CORRECTION_MODE_LABELS,
  administrationRoutes,
  type DataOf,
} from '@examkit/contracts';
import { Select, TextInput } from '@examkit/ui';
import { GradeSubjectTable } from '../components/GradeSubjectTable';
import { HomeworkNav } from '../components/HomeworkNav';
import { Note, PageBox } from '../components/styled';
import { useChangedRowsEditor } from '../hooks/useChangedRowsEditor';
import { useApiCall } from '../../common/useApiCall';

type Row = DataOf<typeof administrationRoutes.homeworkSettingsGet>['rows'][number];
type Editable = Pick<Row, 'enabled' | 'deadlineTime' | 'allowLate' | 'correctionMode'>;

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const FIELDS: (keyof Editable)[] = ['enabled', 'deadlineTime', 'allowLate', 'correctionMode'];
const changedFrom = (a: Row, b: Row) => FIELDS.some((f) => a[f] !== b[f]);

/** Why the rows cannot be saved, checked before sending; null when fine. */
export function checkHomeworkRows(rows: readonly Row[]): string | null {
  const bad = rows.find((r) => !TIME.test(r.deadlineTime));
  return bad ? `${bad.gradeName}${bad.subjectName}：截止时间应为 00:00 到 23:59` : null;
}

/**
 * /system/homework (作业设置): per grade × subject of the academic year, whether homework is
 * used, the default deadline time, late submission and the correction mode (自动批改: an
 * all-objective hand-in is 已批改 at once; 教师批改: every hand-in waits for the teacher).
 * Rows never saved show the defaults; 保存 sends the changed rows (docs/administration.md).
 */
export function HomeworkSettingsPage() {
  const call = useApiCall();
  const fetch = useCallback(
    () => call(administrationRoutes.homeworkSettingsGet, {}, { dedupe: false }),
    [call],
  );
  const editor = useChangedRowsEditor<Row>({
    fetch,
    isChanged: changedFrom,
    check: checkHomeworkRows,
    send: (dirty) =>
      call(
        administrationRoutes.homeworkSettingsSave,
        {
          items: dirty.map((row) => ({
            gradeId: row.gradeId,
            subjectId: row.subjectId,
            enabled: row.enabled,
            deadlineTime: row.deadlineTime,
            allowLate: row.allowLate,
            correctionMode: row.correctionMode,
          })),
        },
        { successMessage: '保存成功' },
      ),
    saved: (row) => ({ ...row, saved: true }),
  });

  const { year, edit } = editor;

  return (
    <PageBox aria-labelledby="homework-settings-title">
      <h1 id="homework-settings-title">作业设置</h1>
      <HomeworkNav />
      {year !== null && (
        <Note>
          {year}{' '}
          学年各年级、学科的作业设置。截止时间为布置作业时默认的当天截止时刻。自动批改：客观题按答案评分即为最终结果，全是客观题的作业提交后即为已批改，主观题仍由教师批改；教师批改：客观题同样按答案评分，但每份作业都待批改，教师保存得分后才算已批改。
        </Note>
      )}
      <GradeSubjectTable
        editor={editor}
        label="作业设置"
        columns={['启用作业', '默认截止时间', '允许迟交', '批改方式']}
        cells={(row, name, i) => (
          <>
            <td>
              <input
                type="checkbox"
                aria-label={`${name} 启用作业`}
                checked={row.enabled}
                onChange={(e) => edit(i, { enabled: e.target.checked })}
              />
            </td>
            <td>
              <TextInput
                type="time"
                aria-label={`${name} 默认截止时间`}
                value={row.deadlineTime}
                onChange={(e) => edit(i, { deadlineTime: e.target.value })}
              />
            </td>
            <td>
              <input
                type="checkbox"
                aria-label={`${name} 允许迟交`}
                checked={row.allowLate}
                onChange={(e) => edit(i, { allowLate: e.target.checked })}
              />
            </td>
            <td>
              <Select
                label={`${name} 批改方式`}
                value={row.correctionMode}
                options={CORRECTION_MODES.map((m) => ({
                  value: m,
                  label: CORRECTION_MODE_LABELS[m],
                }))}
                onChange={(e) =>
                  edit(i, { correctionMode: e.target.value as Row['correctionMode'] })
                }
              />
            </td>
          </>
        )}
      />
    </PageBox>
  );
}
