import { FormField, Select } from '@examkit/ui';

/** Props of {@link GradeField}. */
export interface GradeFieldProps {
  /** The grades to choose from. */
  grades: readonly { id: number; name: string }[];
  /** The chosen grade id, '' for none. */
  value: string | number;
  /** Told the chosen grade id as the select gives it ('' for the empty choice). */
  onChange: (gradeId: string) => void;
  /** The empty choice, such as 全部. @default 请选择 */
  placeholder?: string;
  /** @default false */
  required?: boolean;
  error?: string | null | undefined;
  /** @default false */
  disabled?: boolean;
}

/** The 年级 row of a form or filter: a select over the school's grades. */
export function GradeField({
  grades,
  value,
  onChange,
  placeholder = '请选择',
  required = false,
  error,
  disabled = false,
}: GradeFieldProps) {
  return (
    <FormField label="年级" required={required} error={error}>
      <Select
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        options={grades.map((g) => ({ value: g.id, label: g.name }))}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
