import type { OnlineQuestion } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { bankItem } from '../../test/fixtures';
import { draftOfBank } from './BankPicker';
import { toAnswerItems } from './OnlineAnswerPage';
import { blankQuestion, toQuestionInputs } from './OnlineQuestionsPage';
import { validateWindow } from './OnlineTimePage';

describe('the online exam forms check before sending', () => {
  it('turns question drafts into the call, options only for choice questions', () => {
    const single = { ...blankQuestion('single'), stem: '一加一', options: ['一', '二'] };
    const judge = { ...blankQuestion('judge'), stem: '对吗' };
    expect(toQuestionInputs([single, judge])).toEqual({
      questions: [
        { kind: 'single', stem: '一加一', options: ['一', '二'], fullMarks: 2 },
        { kind: 'judge', stem: '对吗', fullMarks: 2 },
      ],
    });
  });

  it('turns bank questions into drafts that name their bank item; fill-in and composite kinds map', () => {
    const item = bankItem({
      id: 42,
      bank: 'cloud',
      subjectCode: '02',
      gradeNum: null,
      stem: '$1+1=$',
      options: ['1', '2'],
      answer: 'B',
    });
    expect(toQuestionInputs([draftOfBank(item)])).toEqual({
      questions: [
        {
          kind: 'single',
          stem: '$1+1=$',
          options: ['1', '2'],
          fullMarks: 2,
          source: 'bank',
          sourceRef: '42',
        },
      ],
    });
    expect(draftOfBank({ ...item, type: 'blank', options: [] })).toMatchObject({
      kind: 'fill',
      options: [],
    });
    const composite = draftOfBank({
      ...item,
      type: 'composite',
      stem: '材料',
      children: [{ id: 43, type: 'answer', stem: '问一', options: [], answer: '', analysis: '' }],
    });
    expect(composite).toMatchObject({ kind: 'subjective', stem: '材料\n\n（1）问一', options: [] });
  });

  it.each([
    ['no question', [], '请至少添加一道题'],
    ['an empty stem', [blankQuestion('fill')], '请填写第 1 题的题干'],
    [
      'an empty option',
      [{ ...blankQuestion('single'), stem: '题', options: ['甲', ''] }],
      '请填写第 1 题的每个选项（至少两个）',
    ],
    [
      'marks over 100',
      [{ ...blankQuestion('subjective'), stem: '题', fullMarks: '120' }],
      '第 1 题的分值须为 0 到 100 之间的数',
    ],
  ])('refuses %s', (_, drafts, error) => {
    expect(toQuestionInputs(drafts)).toEqual({ error });
  });

  it('keeps bank questions traceable to their source', () => {
    const fromBank = {
      ...blankQuestion('fill'),
      stem: '题',
      source: 'bank' as const,
      sourceRef: '题库-42',
    };
    expect(toQuestionInputs([fromBank])).toEqual({
      questions: [{ kind: 'fill', stem: '题', fullMarks: 2, source: 'bank', sourceRef: '题库-42' }],
    });
  });

  it('sends each kind of key in its own field', () => {
    const q = (id: number, kind: OnlineQuestion['kind']): OnlineQuestion => ({
      id,
      number: String(id),
      kind,
      stem: '',
      options: [],
      fullMarks: 4,
      answer: null,
      partialMarks: null,
      accepted: [],
      reference: '',
      source: 'typed',
      sourceRef: null,
    });
    const draft = (patch: Record<string, string>) => ({
      answer: '',
      partialMarks: '',
      accepted: '',
      reference: '',
      ...patch,
    });
    expect(
      toAnswerItems(
        [q(1, 'multiple'), q(2, 'fill'), q(3, 'subjective')],
        [
          draft({ answer: 'AC', partialMarks: '2' }),
          draft({ accepted: ' 八 \n\n8' }),
          draft({ reference: '要点' }),
        ],
      ),
    ).toEqual({
      answers: [
        { questionId: 1, answer: 'AC', partialMarks: 2 },
        { questionId: 2, accepted: ['八', '8'] },
        { questionId: 3, reference: '要点' },
      ],
    });
    expect(toAnswerItems([q(1, 'multiple')], [draft({ answer: 'A', partialMarks: '4' })])).toEqual({
      error: '第 1 题的少选得分须大于 0 且小于 4',
    });
  });

  it('checks the window as the server does', () => {
    const start = Date.parse('2026-11-21T09:00:00+08:00');
    expect(validateWindow(start, start + 3_600_000, 45)).toEqual({});
    expect(validateWindow(start, start, 45).endsAt).toBe('结束时间必须晚于开始时间');
    expect(validateWindow(start, start + 1_800_000, 45).duration).toBe(
      '考试时长不能超过开始到结束的时间段',
    );
    expect(validateWindow(NaN, start, 45).startsAt).toBe('请选择开始时间');
  });
});
