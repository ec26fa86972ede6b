import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { FormField, Select } from '@examkit/ui';
import { CheckGroup, ErrorText, Note } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';

export interface Option {
  id: number;
  name: string;
}

/** A score or mean to 2 decimals; — when undefined. */
export const num = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : String(Math.round(v * 100) / 100);

/** A rate as a percentage to 2 decimals; — when undefined. */
export const pct = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)}%`;

/** A positive integer query parameter (`?id=`), or null. */
export function useQueryId(name = 'id'): number | null {
  const [params] = useSearchParams();
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
}

export interface GradeClassPickerProps {
  gradeId: string;
  classIds: number[];
  onGrade(gradeId: string): void;
  onClasses(classIds: number[]): void;
  /** Legend of the class checkboxes. */
  legend: string;
  gradeError?: string | undefined;
  classError?: string | undefined;
  /** Called with the grade's classes once loaded. */
  onLoaded?: (classes: Option[]) => void;
}

/** A grade (of the caller's scope) and a choice of its classes, with 全选. */
export function GradeClassPicker(props: GradeClassPickerProps) {
  const { gradeId, classIds, onGrade, onClasses, legend, gradeError, classError, onLoaded } = props;
  const call = useApiCall();
  const [grades, setGrades] = useState<Option[]>([]);
  const [classes, setClasses] = useState<Option[]>([]);
  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
  }, [call]);
  useEffect(() => {
    if (!gradeId) return setClasses([]);
    void call(administrationRoutes.listClassByGrade, { gradeId: Number(gradeId) }).then((r) => {
      if (!r.ok) return;
      const list = r.data.map((c) => ({ id: c.id, name: c.name }));
      setClasses(list);
      onLoaded?.(list);
    });
    // onLoaded is a notification, not an input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, gradeId]);
  return (
    <>
      <FormField label="年级" required error={gradeError}>
        <Select
          value={gradeId}
          placeholder="请选择"
          options={grades.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => {
            onGrade(e.target.value);
            onClasses([]);
          }}
        />
      </FormField>
      <CheckGroup aria-describedby={classError ? 'tool-classes-error' : undefined}>
        <legend>{legend}</legend>
        {classes.length > 1 && (
          <label>
            <input
              type="checkbox"
              checked={classes.every((c) => classIds.includes(c.id))}
              onChange={(e) => onClasses(e.target.checked ? classes.map((c) => c.id) : [])}
            />
            全选
          </label>
        )}
        {classes.map((c) => (
          <label key={c.id}>
            <input
              type="checkbox"
              checked={classIds.includes(c.id)}
              onChange={(e) =>
                onClasses(
                  e.target.checked ? [...classIds, c.id] : classIds.filter((x) => x !== c.id),
                )
              }
            />
            {c.name}
          </label>
        ))}
        {classes.length === 0 && <Note>{gradeId ? '暂无数据' : '请先选择年级'}</Note>}
      </CheckGroup>
      {classError && (
        <ErrorText id="tool-classes-error" role="alert">
          {classError}
        </ErrorText>
      )}
    </>
  );
}
