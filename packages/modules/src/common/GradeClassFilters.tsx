import { FormField, Select } from '@examkit/ui';
import { GradeField } from './GradeField';

interface Named {
  id: number;
  name: string;
}

export interface GradeClassFiltersProps {
  grades: readonly Named[];
  classes: readonly Named[];
  gradeId: number | undefined;
  classId: number | undefined;
  /** The chosen grade id, '' for 全部. */
  onGrade(value: string): void;
  /** The chosen class id, '' for 全部. */
  onClass(value: string): void;
}

/** The 年级 and 班级 selects of a filter row, each with 全部 as the empty choice. */
export function GradeClassFilters({
  grades,
  classes,
  gradeId,
  classId,
  onGrade,
  onClass,
}: GradeClassFiltersProps) {
  return (
    <>
      <GradeField grades={grades} value={gradeId ?? ''} placeholder="全部" onChange={onGrade} />
      <FormField label="班级">
        <Select
          value={classId ?? ''}
          placeholder="全部"
          options={classes.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(e) => onClass(e.target.value)}
        />
      </FormField>
    </>
  );
}
