import { prng } from '../prng';
import { choice, common, intIn, type DemoQuestion, type DemoTree } from './types';

/** 数学 (高中): the shared tree. */
export const MATH_TREE: DemoTree = {
  集合与函数: ['集合的运算', '二次函数', '指数与对数'],
  数列: ['等差数列', '等比数列'],
  三角函数: ['特殊角的三角函数值'],
  平面向量: ['向量的数量积'],
  概率: ['古典概型'],
  方程与不等式: ['一元二次方程', '一元二次不等式'],
  立体几何: ['空间几何体的体积'],
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const frac = (p: number, q: number) => {
  const g = gcd(p, q);
  return q / g === 1 ? `${p / g}` : `\\frac{${p / g}}{${q / g}}`;
};
const signed = (n: number) => (n < 0 ? `- ${-n}` : `+ ${n}`);

/** One template per idea; each call draws new numbers and computes the answer. */
const TEMPLATES: ((r: () => number) => DemoQuestion)[] = [
  (r) => {
    const a = intIn(r, 1, 6);
    const c = intIn(r, -5, 12);
    const min = c - a * a;
    return {
      ...common(10, 2025),
      type: 'single',
      difficulty: 2,
      stem: `函数 $f(x)=x^2-${2 * a}x${signed(c)}$ 的最小值是`,
      ...choice(r, `$${min}$`, [`$${c}$`, `$${min + 1}$`, `$${c + a * a}$`, `$${min - 2}$`]),
      analysis: `配方得 $f(x)=(x-${a})^2${signed(min)}$，当 $x=${a}$ 时取得最小值 $${min}$。`,
      points: ['二次函数'],
    };
  },
  (r) => {
    const a1 = intIn(r, -5, 9);
    const d = intIn(r, 2, 6);
    const n = intIn(r, 8, 20);
    return {
      ...common(11, 2026),
      type: 'blank',
      difficulty: 1,
      stem: `在等差数列 $\\{a_n\\}$ 中，$a_1=${a1}$，公差 $d=${d}$，则 $a_{${n}}=$____。`,
      options: [],
      answer: `$${a1 + (n - 1) * d}$`,
      analysis: `由 $a_n=a_1+(n-1)d$ 得 $a_{${n}}=${a1}+${n - 1}\\times ${d}=${a1 + (n - 1) * d}$。`,
      points: ['等差数列'],
    };
  },
  (r) => {
    const a1 = intIn(r, 1, 4);
    const q = intIn(r, 2, 3);
    const n = intIn(r, 3, 6);
    const sum = (a1 * (q ** n - 1)) / (q - 1);
    return {
      ...common(11, 2025),
      type: 'blank',
      difficulty: 3,
      stem: `已知等比数列 $\\{a_n\\}$ 的首项为 $${a1}$，公比为 $${q}$，则其前 $${n}$ 项和 $S_${n}=$____。`,
      options: [],
      answer: `$${sum}$`,
      analysis: `$S_n=\\dfrac{a_1(q^n-1)}{q-1}=\\dfrac{${a1}\\times(${q}^{${n}}-1)}{${q}-1}=${sum}$。`,
      points: ['等比数列'],
    };
  },
  (r) => {
    const m = intIn(r, 4, 8);
    const k = intIn(r, 2, m - 1);
    const n = m + intIn(r, 1, 4);
    const both = m - k + 1;
    return {
      ...common(10, 2026),
      type: 'single',
      difficulty: 1,
      stem: `设集合 $A=\\{x\\in\\mathbb{Z}\\mid 1\\le x\\le ${m}\\}$，$B=\\{x\\in\\mathbb{Z}\\mid ${k}\\le x\\le ${n}\\}$，则 $A\\cap B$ 中元素的个数为`,
      ...choice(r, `$${both}$`, [`$${both + 1}$`, `$${both - 1}$`, `$${n - 1 + 1}$`, `$${m}$`]),
      analysis: `$A\\cap B=\\{x\\in\\mathbb{Z}\\mid ${k}\\le x\\le ${m}\\}$，共 $${both}$ 个元素。`,
      points: ['集合的运算'],
    };
  },
  (r) => {
    const base = [2, 3, 5][intIn(r, 0, 2)]!;
    const k = intIn(r, 2, 5);
    return {
      ...common(10, 2025),
      type: 'blank',
      difficulty: 1,
      stem: `计算：$\\log_{${base}} ${base ** k}=$____。`,
      options: [],
      answer: `$${k}$`,
      analysis: `因为 $${base}^{${k}}=${base ** k}$，所以 $\\log_{${base}} ${base ** k}=${k}$。`,
      points: ['指数与对数'],
    };
  },
  (r) => {
    const rows = [
      ['\\sin 30^\\circ', '\\frac{1}{2}'],
      ['\\cos 60^\\circ', '\\frac{1}{2}'],
      ['\\tan 45^\\circ', '1'],
      ['\\sin 90^\\circ', '1'],
      ['\\cos 0^\\circ', '1'],
      ['\\tan 60^\\circ', '\\sqrt{3}'],
    ] as const;
    const [expr, value] = rows[intIn(r, 0, rows.length - 1)]!;
    const right = r() < 0.5;
    const shown = right ? value : value === '1' ? '\\frac{\\sqrt{2}}{2}' : '1';
    return {
      ...common(10, 2024),
      type: 'judge',
      difficulty: 1,
      stem: `判断：$${expr}=${shown}$。`,
      options: [],
      answer: right ? '正确' : '错误',
      analysis: `特殊角的三角函数值：$${expr}=${value}$。`,
      points: ['特殊角的三角函数值'],
    };
  },
  (r) => {
    const [x1, y1, x2, y2] = [intIn(r, -4, 5), intIn(r, -4, 5), intIn(r, -4, 5), intIn(r, -4, 5)];
    return {
      ...common(11, 2026),
      type: 'blank',
      difficulty: 2,
      stem: `已知向量 $\\vec a=(${x1},${y1})$，$\\vec b=(${x2},${y2})$，则 $\\vec a\\cdot\\vec b=$____。`,
      options: [],
      answer: `$${x1 * x2 + y1 * y2}$`,
      analysis: `$\\vec a\\cdot\\vec b=${x1}\\times(${x2})+${y1}\\times(${y2})=${x1 * x2 + y1 * y2}$。`,
      points: ['向量的数量积'],
    };
  },
  (r) => {
    const red = intIn(r, 2, 7);
    const white = intIn(r, 1, 6);
    const p = frac(red, red + white);
    return {
      ...common(12, 2026),
      type: 'single',
      difficulty: 2,
      stem: `袋中有 $${red}$ 个红球和 $${white}$ 个白球，这些球除颜色外完全相同。从中任取一个球，取到红球的概率是`,
      ...choice(r, `$${p}$`, [
        `$${frac(white, red + white)}$`,
        `$${frac(1, red + white)}$`,
        `$${frac(red, white + 1 === red ? white + 2 : white + 1)}$`,
        `$\\frac{1}{2}$`,
      ]),
      analysis: `共有 $${red + white}$ 个等可能结果，其中红球 $${red}$ 个，概率为 $${p}$。`,
      points: ['古典概型'],
    };
  },
  (r) => {
    const p = intIn(r, -6, 3);
    const q = p + intIn(r, 1, 7);
    return {
      ...common(10, 2025),
      type: 'answer',
      difficulty: 2,
      stem: `解方程：$x^2${signed(-(p + q)).replace('+ 0', '+ 0')}x${signed(p * q)}=0$。`,
      options: [],
      answer: `$x_1=${p}$，$x_2=${q}$`,
      analysis: `因式分解得 $(x${signed(-p)})(x${signed(-q)})=0$，所以 $x_1=${p}$，$x_2=${q}$。`,
      points: ['一元二次方程'],
    };
  },
  (r) => {
    const a = intIn(r, 1, 3);
    const b = intIn(r, 2, 8);
    const c = intIn(r, -6, 6);
    const axis = frac(b, 2 * a);
    return {
      ...common(10, 2026),
      type: 'composite',
      difficulty: 4,
      stem: `已知二次函数 $f(x)=-${a === 1 ? '' : a}x^2+${b}x${signed(c)}$。`,
      options: [],
      answer: '见各小题。',
      analysis: '',
      children: [
        {
          type: 'blank',
          stem: '函数图像的开口方向是____。',
          options: [],
          answer: '向下',
          analysis: `二次项系数 $-${a}<0$。`,
        },
        {
          type: 'blank',
          stem: '函数图像的对称轴方程是____。',
          options: [],
          answer: `$x=${axis}$`,
          analysis: `对称轴 $x=-\\dfrac{b}{2a}=${axis}$。`,
        },
        {
          type: 'answer',
          stem: '求 $f(0)$ 的值。',
          options: [],
          answer: `$f(0)=${c}$`,
          analysis: '把 $x=0$ 代入即得常数项。',
        },
      ],
      points: ['二次函数'],
    };
  },
];

/**
 * Templates added later (the 错题练习 points 不等式 and 立体几何, docs/resources.md): they draw
 * from a PRNG of their own, so the questions of the templates above and of the subjects drawn
 * after 数学 stay exactly as they were.
 */
const LATER_TEMPLATES: ((r: () => number) => DemoQuestion)[] = [
  (r) => {
    const p = intIn(r, -6, 4);
    const q = p + intIn(r, 1, 6);
    const set = `(${p},${q})`;
    return {
      ...common(10, 2026),
      type: 'single',
      difficulty: 3,
      stem: `不等式 $x^2${signed(-(p + q))}x${signed(p * q)}<0$ 的解集是`,
      ...choice(r, `$${set}$`, [
        `$(-\\infty,${p})\\cup(${q},+\\infty)$`,
        `$[${p},${q}]$`,
        `$(${p - 1},${q + 1})$`,
      ]),
      analysis: `$x^2${signed(-(p + q))}x${signed(p * q)}=(x${signed(-p)})(x${signed(-q)})$，小于 $0$ 时 $${p}<x<${q}$。`,
      points: ['一元二次不等式'],
    };
  },
  (r) => {
    const [a, b, c] = [intIn(r, 1, 6), intIn(r, 1, 6), intIn(r, 1, 9)];
    const v = a * b * c;
    return {
      ...common(10, 2026),
      type: 'single',
      difficulty: 2,
      stem: `长、宽、高分别为 $${a}$、$${b}$、$${c}$ 的长方体的体积是`,
      ...choice(r, `$${v}$`, [`$${2 * (a * b + b * c + a * c)}$`, `$${a + b + c}$`, `$${v + a}$`]),
      analysis: `长方体的体积 $V=abc=${a}\\times ${b}\\times ${c}=${v}$。`,
      points: ['空间几何体的体积'],
    };
  },
];

/** `perTemplate` questions of each template, numbers drawn from `r`. */
export function mathQuestions(r: () => number, perTemplate: number): DemoQuestion[] {
  const draw = (make: (r: () => number) => DemoQuestion, from: () => number) => {
    // Numbers drawn again give the same stem: draw on (within a bound) until the stems differ.
    const byStem = new Map<string, DemoQuestion>();
    for (let tries = 0; byStem.size < perTemplate && tries < perTemplate * 20; tries++) {
      const q = make(from);
      if (!byStem.has(q.stem)) byStem.set(q.stem, q);
    }
    return [...byStem.values()];
  };
  const later = prng(20261128);
  return [
    ...TEMPLATES.flatMap((make) => draw(make, r)),
    ...LATER_TEMPLATES.flatMap((make) => draw(make, later)),
  ];
}
