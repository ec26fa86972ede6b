import type { BankQuestionItem } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import {
  deleteSection,
  draftFromGroups,
  draftProblem,
  fullMarksOf,
  moveByStep,
  type DraftSection,
} from './paperDraft';

const q = (id: number, type: BankQuestionItem['type'] = 'single') =>
  ({ id, type, stem: `第${id}题` }) as BankQuestionItem;

const ids = (sections: DraftSection[]) => sections.map((s) => s.items.map((i) => i.question.id));

describe('paper draft', () => {
  const start = () =>
    draftFromGroups([
      { type: 'single', questions: [q(1), q(2)] },
      { type: 'answer', questions: [q(3, 'answer')] },
    ]);

  it('makes one section per type with the default scores and adds up the full marks', () => {
    const draft = start();
    expect(draft.map((s) => s.title)).toEqual(['单选题', '解答题']);
    expect(fullMarksOf(draft)).toBe(5 + 5 + 12);
  });

  it('moves a question within its section and across the section edge', () => {
    let draft = start();
    draft = moveByStep(draft, { section: 0, index: 0 }, 1).sections;
    expect(ids(draft)).toEqual([[2, 1], [3]]);
    const across = moveByStep(draft, { section: 0, index: 1 }, 1);
    expect(ids(across.sections)).toEqual([[2], [1, 3]]);
    expect(across.place).toEqual({ section: 1, index: 0 });
    // The very first question cannot go further up.
    expect(ids(moveByStep(draft, { section: 0, index: 0 }, -1).sections)).toEqual([[2, 1], [3]]);
  });

  it('gives a deleted section’s questions to its neighbour and never deletes the last one', () => {
    expect(ids(deleteSection(start(), 1))).toEqual([[1, 2, 3]]);
    expect(ids(deleteSection(start(), 0))).toEqual([[1, 2, 3]]);
    expect(deleteSection(deleteSection(start(), 0), 0)).toHaveLength(1);
  });

  it('says in Chinese what stops saving', () => {
    expect(draftProblem(' ', start())).toBe('请填写试卷标题');
    const empty = [...start(), { key: 'x', title: '新大题', items: [] }];
    expect(draftProblem('周练', empty)).toBe('第 3 大题“新大题”还没有试题，请删除该大题或移入试题');
    expect(draftProblem('周练', start())).toBeNull();
  });
});
