import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField, Select } from '@examkit/ui';
import { ClassPicker, type ClassPickerProps } from './ClassPicker';

/**
 * The class and student of a one-student page (学生学情, 学生评价): first those of its link
 * (`?classId=&studentId=`); choosing another class forgets the student.
 */
export function useClassStudentChoice() {
  const [params] = useSearchParams();
  const param = (name: string) => Number(params.get(name)) || null;
  const [classId, setClassId] = useState<number | null>(() => param('classId'));
  const [studentId, setStudentId] = useState<number | null>(() => param('studentId'));
  const chooseClass = (id: number) => {
    setClassId(id);
    setStudentId(null);
  };
  return { classId, studentId, chooseClass, chooseStudent: setStudentId };
}

/** Props of {@link ClassStudentPicker}. */
export interface ClassStudentPickerProps {
  /** The caller's classes, the one shown and its students. */
  data: ClassPickerProps['data'] & {
    students: readonly { studentId: number; name: string; studentNo: string }[];
  };
  /** The student shown (null: none). */
  chosen: number | null;
  choice: ReturnType<typeof useClassStudentChoice>;
}

/** 班级 and 学生 (王小明（2026040101）) of a one-student page. */
export function ClassStudentPicker({ data, chosen, choice }: ClassStudentPickerProps) {
  return (
    <>
      <ClassPicker data={data} onChange={choice.chooseClass} />
      <FormField label="学生">
        <Select
          value={chosen ?? ''}
          options={data.students.map((s) => ({
            value: s.studentId,
            label: `${s.name}（${s.studentNo}）`,
          }))}
          onChange={(e) => choice.chooseStudent(Number(e.target.value))}
        />
      </FormField>
    </>
  );
}

/** The chosen student's heading: 王小明（高一(1)班，2026040101）. */
export function StudentHeading({
  student,
}: {
  student: { name: string; className: string; studentNo: string };
}) {
  return (
    <h2>
      {student.name}（{student.className}，{student.studentNo}）
    </h2>
  );
}
