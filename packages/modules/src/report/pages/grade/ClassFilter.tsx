import { Select } from '@examkit/ui';

/** 班级筛选: every class (0) or one class of the exam. */
export function ClassFilter({
  classes,
  value,
  onChange,
}: {
  classes: readonly { id: number; name: string }[];
  value: number;
  onChange: (classId: number) => void;
}) {
  return (
    <Select
      label="班级筛选"
      value={value}
      options={[
        { value: 0, label: '全部班级' },
        ...classes.map((c) => ({ value: c.id, label: c.name })),
      ]}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}
