/** The grades a joint exam can be held for, by grade number (what `grades.grade_num` holds). */
export const GRADE_NUMS = [
  { num: 7, name: '初一' },
  { num: 8, name: '初二' },
  { num: 9, name: '初三' },
  { num: 10, name: '高一' },
  { num: 11, name: '高二' },
  { num: 12, name: '高三' },
] as const;

/** The organiser's privacy setting: how a school sees the other schools in the joint report. */
export const LABEL_OPTIONS = [
  { value: 'codes', label: '学校代号（学校A、学校B…）' },
  { value: 'names', label: '学校名称' },
];

/**
 * A quick paper structure: `count` subjective questions numbered 1…count sharing the full marks
 * (steps of 0.5; the last question takes the rest).
 */
export function evenQuestions(fullMarks: number, count: number) {
  const each = Math.floor((fullMarks / count) * 2) / 2;
  return Array.from({ length: count }, (_, i) => ({
    number: String(i + 1),
    kind: 'subjective' as const,
    fullMarks: i === count - 1 ? fullMarks - each * (count - 1) : each,
    scoreStep: 0.5,
  }));
}
