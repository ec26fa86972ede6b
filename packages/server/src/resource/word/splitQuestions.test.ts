import { describe, expect, it } from 'vitest';
import { splitOptions, splitQuestions } from './splitQuestions';

describe('splitQuestions', () => {
  it('splits numbered questions under section headings, with options, answers and analyses', () => {
    const questions = splitQuestions([
      '2026学年七年级数学期中试卷',
      '一、选择题（每题3分）',
      '1. 下列各数中，最小的是（ ）',
      'A. $-2$ B. 0 C. 1 D. $\\frac{1}{2}$',
      '【答案】A',
      '【解析】负数小于零。',
      '2、方程 $x^2=4$ 的解是',
      'A．2',
      'B．-2',
      'C．±2',
      'D．4',
      '答案：C',
      '二、填空题',
      '3. 计算：$\\sqrt{9}$=____。',
      '【答案】3',
      '三、解答题',
      '4.（10分）解方程组。',
      '（1）$x+y=3$；',
      '（2）$x-y=1$。',
      '【答案】$x=2,y=1$',
    ]);
    expect(questions.map((q) => [q.number, q.type])).toEqual([
      [1, 'single'],
      [2, 'single'],
      [3, 'blank'],
      [4, 'answer'],
    ]);
    expect(questions[0]).toMatchObject({
      stem: '下列各数中，最小的是（ ）',
      options: ['$-2$', '0', '1', '$\\frac{1}{2}$'],
      answer: 'A',
      analysis: '负数小于零。',
      section: '一、选择题（每题3分）',
    });
    expect(questions[1]!.options).toEqual(['2', '-2', '±2', '4']);
    expect(questions[1]!.answer).toBe('C');
    expect(questions[3]).toMatchObject({
      points: 10,
      stem: '解方程组。\n\n（1）$x+y=3$；\n\n（2）$x-y=1$。',
      answer: '$x=2,y=1$',
      children: [],
    });
  });

  it('makes a material with sub-questions a composite question', () => {
    const [q] = splitQuestions([
      '一、阅读理解',
      '1. 阅读下面的短文，回答问题。',
      '春天来了，小草发芽了。',
      '（1）短文写的是哪个季节？',
      'A．春 B．夏 C．秋 D．冬',
      '【答案】A',
      '（2）小草怎么了？',
      '【答案】发芽了',
    ]);
    expect(q).toMatchObject({
      type: 'composite',
      stem: '阅读下面的短文，回答问题。\n\n春天来了，小草发芽了。',
      children: [
        {
          type: 'single',
          stem: '短文写的是哪个季节？',
          options: ['春', '夏', '秋', '冬'],
          answer: 'A',
        },
        { type: 'answer', stem: '小草怎么了？', options: [], answer: '发芽了' },
      ],
    });
  });

  it('reads an answer key at the end of the paper', () => {
    const questions = splitQuestions([
      '一、多项选择题',
      '1. 下列是偶数的有',
      'A. 2 B. 3 C. 4 D. 5',
      '2. 阅读材料回答。',
      '（1）第一问',
      'A. 是 B. 否',
      '参考答案与解析',
      '1．【答案】AC',
      '【解析】2 和 4 能被 2 整除。',
      '2．',
      '（1）【答案】B',
    ]);
    expect(questions[0]).toMatchObject({
      type: 'multiple',
      answer: 'AC',
      analysis: '2 和 4 能被 2 整除。',
    });
    expect(questions[1]!.type).toBe('composite');
    expect(questions[1]!.children[0]).toMatchObject({ answer: 'B', options: ['是', '否'] });
  });

  it('keeps decimals and judges apart from numbers and options', () => {
    const [q] = splitQuestions(['1. 0.5 是小数。', '【答案】对']);
    expect(q).toMatchObject({ stem: '0.5 是小数。', type: 'judge' });
    expect(splitOptions('选出正确的 A. 甲 B. 乙')).toEqual({
      before: '选出正确的',
      options: ['甲', '乙'],
    });
  });
});
