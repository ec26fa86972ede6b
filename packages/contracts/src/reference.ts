/** Grade names of spec 000 §3; `GRADES[gradeNum - 1]` names grade 1 to 12: 一年级 … 九年级, 高一, 高二, 高三. */
export const GRADES: readonly string[] = [
  ...[...'一二三四五六七八九'].map((n) => `${n}年级`),
  '高一',
  '高二',
  '高三',
];

/** The grade number (1 to 12) of a standard grade name, or null for any other name. */
export function gradeNumOf(name: string): number | null {
  const index = GRADES.indexOf(name);
  return index === -1 ? null : index + 1;
}
