import type { BankQuestionInput } from '@examkit/contracts';

/** A 高一数学 bank question as a test writes it (subject `math`), with some fields changed. */
export const mathQuestion = (over: Partial<BankQuestionInput>): BankQuestionInput => ({
  subjectCode: 'math',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 2,
  stem: '集合 $A=\\{1,2\\}$ 的子集个数是',
  options: ['1', '2', '3', '4'],
  answer: 'D',
  analysis: '含空集共 $2^2=4$ 个。',
  pointIds: [],
  source: '测试',
  year: 2026,
  tags: [],
  children: [],
  ...over,
});
