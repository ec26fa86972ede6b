import { layoutSheet, leafQuestions, toRecognitionTemplate } from '@examkit/answer-sheet';
import type { Question } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { leavesOf, toPaperStructure, validateStructure } from './paper';
import { parseQuestionRows, splitPasted } from './spreadsheets';

const base = {
  optionCount: null,
  answer: null,
  partialMarks: null,
  scoreStep: 1,
  blankCount: null,
  knowledgePoints: [],
  abilities: [],
};

const tree: Question[] = [
  {
    ...base,
    id: 11,
    number: '1',
    fullNumber: '1',
    kind: 'single',
    fullMarks: 5,
    optionCount: 4,
    answer: 'A',
    children: [],
  },
  {
    ...base,
    id: 12,
    number: '2',
    fullNumber: '2',
    kind: 'multiple',
    fullMarks: 6,
    optionCount: 5,
    answer: 'AB',
    partialMarks: 3,
    children: [],
  },
  {
    ...base,
    id: 13,
    number: '3',
    fullNumber: '3',
    kind: 'judge',
    fullMarks: 2,
    optionCount: 2,
    children: [],
  },
  {
    ...base,
    id: 14,
    number: '4',
    fullNumber: '4',
    kind: 'fill',
    fullMarks: 4,
    blankCount: 2,
    children: [],
  },
  {
    ...base,
    id: 15,
    number: '5',
    fullNumber: '5',
    kind: 'subjective',
    fullMarks: 20,
    children: [
      {
        ...base,
        id: 16,
        number: '(1)',
        fullNumber: '5(1)',
        kind: 'subjective',
        fullMarks: 8,
        scoreStep: 0.5,
      },
      { ...base, id: 17, number: '(2)', fullNumber: '5(2)', kind: 'subjective', fullMarks: 12 },
    ],
  },
];

describe('toPaperStructure', () => {
  it('maps the exam questions to the answer-sheet paper, ids as strings', () => {
    const paper = toPaperStructure('数学', tree);
    expect(paper.subject).toBe('数学');
    expect(paper.questions[0]).toEqual({
      id: '11',
      number: '1',
      type: 'single',
      fullMarks: 5,
      optionCount: 4,
      scoreStep: 1,
    });
    expect(paper.questions[1]).toMatchObject({ id: '12', type: 'multiple', optionCount: 5 });
    expect(paper.questions[2]).toEqual({
      id: '13',
      number: '3',
      type: 'judge',
      fullMarks: 2,
      scoreStep: 1,
    });
    expect(paper.questions[3]).toMatchObject({ id: '14', type: 'fill', blankCount: 2 });
    expect(paper.questions[4]?.subQuestions?.map((q) => [q.id, q.number, q.scoreStep])).toEqual([
      ['16', '(1)', 0.5],
      ['17', '(2)', 1],
    ]);
    expect(leafQuestions(paper).map((q) => q.id)).toEqual(['11', '12', '13', '14', '16', '17']);
  });

  it('lays out and yields a recognition template that names the exam question ids', () => {
    const template = toRecognitionTemplate(layoutSheet(toPaperStructure('数学', tree)));
    const ids = new Set(
      template.elements.flatMap((e) => ('questionId' in e ? [e.questionId] : [])),
    );
    expect([...ids].sort()).toEqual(['11', '12', '13', '14', '16', '17']);
  });

  it('lists leaves with full numbers', () => {
    expect(leavesOf(tree).map((q) => q.fullNumber)).toEqual(['1', '2', '3', '4', '5(1)', '5(2)']);
  });
});

describe('validateStructure', () => {
  it.each([
    [
      [
        { number: '1', kind: 'single', fullMarks: 5 },
        { number: '1', kind: 'single', fullMarks: 5 },
      ],
      '题号 1 重复',
    ],
    [
      [{ number: '1', kind: 'single', fullMarks: 5, answer: 'AB' }],
      '第 1 题是单选题，答案只能有一个选项',
    ],
    [
      [{ number: '1', kind: 'single', fullMarks: 5, answer: 'E' }],
      '第 1 题只有 4 个选项（A–D），答案“E”超出范围',
    ],
    [
      [{ number: '1', kind: 'subjective', fullMarks: 5, answer: 'A' }],
      '第 1 题不是客观题，不能设置答案',
    ],
    [
      [{ number: '1', kind: 'single', fullMarks: 5, partialMarks: 2 }],
      '第 1 题不是多选题，不能设置部分得分',
    ],
    [
      [{ number: '1', kind: 'multiple', fullMarks: 5, partialMarks: 5 }],
      '第 1 题的部分得分必须大于 0 且小于满分',
    ],
    [
      [
        {
          number: '9',
          kind: 'subjective',
          fullMarks: 10,
          children: [{ number: '(1)', kind: 'subjective', fullMarks: 4 }],
        },
      ],
      '第 9 题的满分 10 与小题满分之和 4 不一致',
    ],
  ] as const)('refuses %j', (questions, message) => {
    expect(() => validateStructure(questions as never)).toThrow(message);
  });
});

describe('parseQuestionRows (pasted from a spreadsheet)', () => {
  it('reads questions, sub-questions, keys, partial credit and tags; skips the header', () => {
    const text = [
      '题号\t小题号\t题型\t满分\t选项数\t答案\t部分得分\t知识点\t能力',
      '1\t\t单选\t5\t4\tA\t\t集合\t运算能力',
      '2\t\t多选\t6\t5\tABD\t3\t函数、导数\t',
      '3\t\t判断\t2\t\t√\t\t\t',
      '4\t(1)\t主观\t6\t\t\t\t数列\t推理能力',
      '4\t(2)\t主观\t8\t\t\t\t数列\t',
    ].join('\r\n');
    const { questions, errors } = parseQuestionRows(splitPasted(text));
    expect(errors).toEqual([]);
    expect(questions).toEqual([
      {
        number: '1',
        kind: 'single',
        fullMarks: 5,
        optionCount: 4,
        answer: 'A',
        knowledgePoints: ['集合'],
        abilities: ['运算能力'],
      },
      {
        number: '2',
        kind: 'multiple',
        fullMarks: 6,
        optionCount: 5,
        answer: 'ABD',
        partialMarks: 3,
        knowledgePoints: ['函数', '导数'],
      },
      { number: '3', kind: 'judge', fullMarks: 2, answer: '√' },
      {
        number: '4',
        kind: 'subjective',
        fullMarks: 14,
        children: [
          {
            number: '(1)',
            kind: 'subjective',
            fullMarks: 6,
            knowledgePoints: ['数列'],
            abilities: ['推理能力'],
          },
          { number: '(2)', kind: 'subjective', fullMarks: 8, knowledgePoints: ['数列'] },
        ],
      },
    ]);
    expect(() => validateStructure(questions)).not.toThrow();
  });

  it('reports every bad row with its number', () => {
    const { errors } = parseQuestionRows(
      splitPasted(['1\t\t问答\t5', '2\t\t单选\tabc', '\t\t单选\t5', '3\t\t单选\t5\t40'].join('\n')),
    );
    expect(errors).toEqual([
      { row: 1, key: '1', message: '题型“问答”无法识别' },
      { row: 2, key: '2', message: '满分“abc”不是大于 0 的数字' },
      { row: 3, message: '题号为空' },
      { row: 4, key: '3', message: '选项数“40”应为 2–26 的整数' },
    ]);
  });
});
