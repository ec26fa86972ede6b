import type { BankQuestionInput, BankQuestionItem, BankQuestionType } from '@examkit/contracts';

/** Types whose options the editor shows. */
export const hasOptions = (type: string) => type === 'single' || type === 'multiple';

/** An empty form for a subject and stage. */
export function emptyQuestion(subjectCode: string, stage: 1 | 2 | 3): BankQuestionInput {
  return {
    subjectCode,
    stage,
    gradeNum: null,
    type: 'single',
    difficulty: 3,
    stem: '',
    options: ['', '', '', ''],
    answer: '',
    analysis: '',
    pointIds: [],
    source: '',
    year: new Date().getFullYear(),
    tags: [],
    children: [],
  };
}

/** The form as sent: options only for choice types, sub-questions only for 综合题. */
export function cleaned(input: BankQuestionInput): BankQuestionInput {
  const type: BankQuestionType = input.type;
  return {
    ...input,
    stem: input.stem.trim(),
    options: hasOptions(type) ? input.options.map((o) => o.trim()).filter(Boolean) : [],
    children:
      type === 'composite'
        ? input.children.map((c) => ({
            ...c,
            options: hasOptions(c.type) ? c.options.map((o) => o.trim()).filter(Boolean) : [],
          }))
        : [],
  };
}

/** What the form lacks, in words, or null when it may be saved. */
export function problemOf(input: BankQuestionInput): string | null {
  if (!input.stem.trim()) return '请输入题干';
  if (hasOptions(input.type) && input.options.filter((o) => o.trim()).length < 2)
    return '选择题至少需要两个选项';
  if (input.type === 'composite' && input.children.length === 0) return '综合题至少需要一道小题';
  if (input.type === 'composite' && input.children.some((c) => !c.stem.trim()))
    return '请输入每道小题的题干';
  return null;
}

/** A preview item of the form (what the list will show). */
export function previewOf(
  input: BankQuestionInput,
  pointNames: Map<number, string>,
): BankQuestionItem {
  const c = cleaned(input);
  return {
    ...c,
    id: 0,
    bank: 'school',
    points: c.pointIds.map((id) => ({ id, name: pointNames.get(id) ?? '' })),
    children: c.children.map((child, i) => ({ ...child, id: -(i + 1) })),
    version: 1,
    updatedAt: 0,
    stem: c.stem || '（题干）',
  };
}
