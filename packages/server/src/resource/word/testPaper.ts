import type { BankQuestionItem } from '@examkit/contracts';

/** Bank questions for the Word tests: formulas, an image, a table and a composite question. */
export function sampleItems(imageUrl: string): BankQuestionItem[] {
  const base = {
    bank: 'school' as const,
    subjectCode: 'shuxue',
    stage: 2,
    gradeNum: 8,
    difficulty: 3,
    points: [],
    source: '',
    year: null,
    tags: [],
    version: 1,
    updatedAt: 0,
  };
  return [
    {
      ...base,
      id: 1,
      type: 'single',
      stem: '方程 $x^2-5x+6=0$ 的解是（ ）',
      options: ['$x=2$ 或 $x=3$', '$x=-2$', '$x=\\frac{1}{2}$', '$x=\\sqrt{6}$'],
      answer: 'A',
      analysis: '因式分解得 $(x-2)(x-3)=0$。',
      children: [],
    },
    {
      ...base,
      id: 2,
      type: 'blank',
      stem: `如图，$\\angle ABC=90^\\circ$，则 $\\sum_{i=1}^n i$ 与 $\\alpha+\\beta$ 之和为____。\n\n![](${imageUrl})`,
      options: [],
      answer: '$\\frac{n(n+1)}{2}$',
      analysis: '',
      children: [],
    },
    {
      ...base,
      id: 3,
      type: 'answer',
      stem: '根据下表求平均数。\n\n| 甲 | 乙 | 丙 |\n| 1 | 2 | 3 |',
      options: [],
      answer: '$\\bar{x}=2$',
      analysis: '$\\frac{1+2+3}{3}=2$',
      children: [],
    },
    {
      ...base,
      id: 4,
      type: 'composite',
      stem: '阅读材料：矩阵 $\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}$ 是单位矩阵。',
      options: [],
      answer: '',
      analysis: '',
      children: [
        {
          id: 5,
          type: 'single',
          stem: '它的行列式是',
          options: ['0', '1'],
          answer: 'B',
          analysis: '',
        },
        {
          id: 6,
          type: 'answer',
          stem: '求 $\\sqrt[3]{8}$。',
          options: [],
          answer: '2',
          analysis: '',
        },
      ],
    },
  ];
}
