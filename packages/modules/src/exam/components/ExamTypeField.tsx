import { EXAM_TYPES } from '@examkit/contracts';
import { FormField, Select, type SelectProps } from '@examkit/ui';

/** Props of {@link ExamTypeField}. */
export interface ExamTypeFieldProps extends Pick<SelectProps, 'placeholder' | 'disabled'> {
  /** The chosen type, '' for none. */
  value: string;
  /** Told the chosen type as the select gives it ('' for the empty choice). */
  onChange: (examType: string) => void;
  /** @default false */
  required?: boolean;
  error?: string | null | undefined;
}

/** The 考试类型 row of an exam form or filter: a select over EXAM_TYPES. */
export function ExamTypeField({
  value,
  onChange,
  required = false,
  error,
  ...select
}: ExamTypeFieldProps) {
  return (
    <FormField label="考试类型" required={required} error={error}>
      <Select
        {...select}
        value={value}
        options={EXAM_TYPES.map((t) => ({ value: t, label: t }))}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
