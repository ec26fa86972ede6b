import { useCallback } from 'react';
import {
  TEXTBOOK_EDITIONS,
  VOLUME_SUGGESTIONS,
  administrationRoutes,
  type DataOf,
} from '@examkit/contracts';
import { Select, TextInput } from '@examkit/ui';
import { GradeSubjectTable } from '../components/GradeSubjectTable';
import { HomeworkNav } from '../components/HomeworkNav';
import { Note, PageBox } from '../components/styled';
import { useChangedRowsEditor } from '../hooks/useChangedRowsEditor';
import { useApiCall } from '../../common/useApiCall';

type Row = DataOf<typeof administrationRoutes.homeworkCorrelationGet>['rows'][number];
type Edition = NonNullable<Row['edition']>;

const VOLUMES_ID = 'textbook-volume-suggestions';
const MAX_VOLUME = 32;

/**
 * /system/homework/correlation (教材关联): the textbook edition and volume (册次) each grade ×
 * subject uses this academic year; homework and the question bank pick chapters from it.
 * Clearing the edition clears the row.
 */
export function TextbookCorrelationPage() {
  const call = useApiCall();
  const fetch = useCallback(
    () => call(administrationRoutes.homeworkCorrelationGet, {}, { dedupe: false }),
    [call],
  );
  const editor = useChangedRowsEditor<Row>({
    fetch,
    isChanged: (row, before) =>
      row.edition !== before.edition || row.volume.trim() !== before.volume,
    check: (dirty) => {
      const long = dirty.find((row) => row.volume.trim().length > MAX_VOLUME);
      return long ? `${long.gradeName}${long.subjectName}：册次不能超过 ${MAX_VOLUME} 个字` : null;
    },
    send: (dirty) =>
      call(
        administrationRoutes.homeworkCorrelationSave,
        {
          items: dirty.map((row) => ({
            gradeId: row.gradeId,
            subjectId: row.subjectId,
            edition: row.edition,
            volume: row.edition === null ? '' : row.volume.trim(),
          })),
        },
        { successMessage: '保存成功' },
      ),
    saved: (row) => ({ ...row, volume: row.edition === null ? '' : row.volume.trim() }),
  });

  const { year, edit } = editor;

  return (
    <PageBox aria-labelledby="textbook-title">
      <h1 id="textbook-title">教材关联</h1>
      <HomeworkNav />
      {year !== null && (
        <Note>{year} 学年各年级、学科使用的教材版本和册次，布置作业和题库按此选择章节。</Note>
      )}
      <GradeSubjectTable
        editor={editor}
        label="教材关联"
        columns={['教材版本', '册次']}
        cells={(row, name, i) => (
          <>
            <td>
              <Select
                label={`${name} 教材版本`}
                value={row.edition ?? ''}
                placeholder="未设置"
                options={TEXTBOOK_EDITIONS.map((e) => ({ value: e, label: e }))}
                onChange={(e) => {
                  const edition = (e.target.value || null) as Edition | null;
                  edit(i, edition === null ? { edition, volume: '' } : { edition });
                }}
              />
            </td>
            <td>
              <TextInput
                aria-label={`${name} 册次`}
                list={VOLUMES_ID}
                placeholder="如 上册、选择性必修一"
                maxLength={MAX_VOLUME}
                disabled={row.edition === null}
                value={row.volume}
                onChange={(e) => edit(i, { volume: e.target.value })}
              />
            </td>
          </>
        )}
      >
        <datalist id={VOLUMES_ID}>
          {VOLUME_SUGGESTIONS.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </GradeSubjectTable>
    </PageBox>
  );
}
