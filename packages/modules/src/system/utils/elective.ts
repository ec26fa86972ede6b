/** The two 新高考 combinations (docs/administration.md "选科"). */
export type ComboType = '3+1+2' | '3+3';

const FIRST = ['物理', '历史'];
const SECOND = ['化学', '生物', '政治', '地理'];
/** The six subjects a student may choose from. */
export const ELECTIVE_SUBJECTS = [...FIRST, ...SECOND];

/** Why three subjects do not make the combination, or null when they do. */
export function checkElective(combo: ComboType, subjects: readonly string[]): string | null {
  if (subjects.length !== 3 || subjects.some((s) => !s)) return '请选择三门科目';
  if (new Set(subjects).size !== 3) return '三门科目不能重复';
  if (subjects.some((s) => !ELECTIVE_SUBJECTS.includes(s))) return '科目不在选考范围内';
  if (combo === '3+1+2') {
    if (!FIRST.includes(subjects[0]!)) return '3+1+2 的首选科目须为物理或历史';
    if (subjects.slice(1).some((s) => !SECOND.includes(s)))
      return '3+1+2 的再选科目须为化学、生物、政治、地理中的两门';
  }
  return null;
}
