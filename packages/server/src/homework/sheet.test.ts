import { describe, expect, it } from 'vitest';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { layoutHomeworkSheet, sheetQuestionOf } from './sheet';

const row = (no: number, type: string, answer: string | null, marks = 5) => ({
  no,
  label: String(no),
  type,
  answer,
  full_marks: marks,
});

describe('homework answer sheet', () => {
  it('maps keys to the engine’s question types', () => {
    expect(sheetQuestionOf(row(1, 'objective', 'B'))).toMatchObject({
      type: 'single',
      optionCount: 4,
    });
    expect(sheetQuestionOf(row(2, 'objective', 'AF'))).toMatchObject({
      type: 'multiple',
      optionCount: 6,
    });
    expect(sheetQuestionOf(row(3, 'objective', '对'))).toMatchObject({ type: 'judge' });
    expect(sheetQuestionOf(row(4, 'subjective', null, 10))).toEqual({
      id: 'h4',
      number: '4',
      type: 'subjective',
      fullMarks: 10,
    });
  });

  it('lays out every question with the homework’s identity for recognition', () => {
    const doc = layoutHomeworkSheet({ id: 12, name: '函数练习' }, '数学', [
      row(1, 'objective', 'B'),
      row(2, 'objective', 'AC'),
      row(3, 'subjective', null, 10),
    ]);
    const template = toRecognitionTemplate(doc);
    const ids = JSON.stringify(template);
    for (const id of ['h1', 'h2', 'h3']) expect(ids).toContain(`"${id}"`);
    expect(JSON.stringify(doc)).toContain('EKH|12');
  });
});
