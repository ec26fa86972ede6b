import { FormField, Select } from '@examkit/ui';
import { gradesOf, subjectsOfGrade, type HomeworkOption } from '../useHomeworkOptions';

/**
 * The required 年级 and 科目 of a new homework (上传试卷, 布置作文) from the user's grades ×
 * subjects (null while loading): choosing a grade clears the subject.
 */
export function GradeSubjectFields({
  options,
  gradeId,
  subjectId,
  onGrade,
  onSubject,
}: {
  options: readonly HomeworkOption[] | null;
  gradeId: number | null;
  subjectId: number | null;
  onGrade: (gradeId: number | null) => void;
  onSubject: (subjectId: number | null) => void;
}) {
  return (
    <>
      <FormField label="年级" required>
        <Select
          value={gradeId ?? ''}
          placeholder="请选择年级"
          options={gradesOf(options ?? [])}
          onChange={(e) => {
            onGrade(Number(e.target.value) || null);
            onSubject(null);
          }}
        />
      </FormField>
      <FormField label="科目" required>
        <Select
          value={subjectId ?? ''}
          placeholder="请选择科目"
          options={gradeId ? subjectsOfGrade(options ?? [], gradeId) : []}
          onChange={(e) => onSubject(Number(e.target.value) || null)}
        />
      </FormField>
    </>
  );
}
