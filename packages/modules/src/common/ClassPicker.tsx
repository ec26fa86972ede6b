import { FormField, Select } from '@examkit/ui';

export interface ClassPickerProps {
  /** The caller's classes and the one shown (null: none yet). */
  data: {
    classId: number | null;
    classes: readonly { classId: number; gradeName: string; className: string }[];
  };
  onChange(classId: number): void;
}

/** 班级: one of the caller's classes, named with its grade (高一 1班). */
export function ClassPicker({ data, onChange }: ClassPickerProps) {
  return (
    <FormField label="班级">
      <Select
        value={data.classId ?? ''}
        options={data.classes.map((c) => ({
          value: c.classId,
          label: `${c.gradeName} ${c.className}`,
        }))}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </FormField>
  );
}
