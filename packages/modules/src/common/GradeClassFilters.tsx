import { FormField, Select } from '@examkit/ui';

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
      <FormField label="年级">
        <Select
          value={gradeId ?? ''}
          placeholder="全部"
          options={grades.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => onGrade(e.target.value)}
        />
      </FormField>
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
