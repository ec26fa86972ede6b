import type { BankQuestionItem } from '@examkit/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionView } from './QuestionView';

const question: BankQuestionItem = {
  id: 12,
  bank: 'school',
  subjectCode: 'math',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 2,
  stem: '函数 $f(x)=x^2$ 的图像关于哪条直线对称？',
  options: ['$x=0$', '$y=0$'],
  answer: 'A',
  analysis: '偶函数。',
  points: [{ id: 1, name: '函数的奇偶性' }],
  source: '期中',
  year: 2026,
  tags: [],
  children: [],
  version: 1,
  updatedAt: 0,
};

describe('QuestionView', () => {
  it('shows type, difficulty and points, renders formulas as MathML, and answers on request', async () => {
    const { container, rerender } = render(<QuestionView question={question} />);
    const card = screen.getByRole('article', { name: '试题 12' });
    expect(card.textContent).toContain('单选题 · 较易 · 函数的奇偶性 · 期中');
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(3));
    expect(card.textContent).not.toContain('答案');
    rerender(<QuestionView question={question} withAnswer />);
    expect(screen.getByText('答案：A')).toBeTruthy();
    expect(screen.getByText('解析：偶函数。')).toBeTruthy();
  });

  it('shows the figures from real use only where the question was in an exam', () => {
    const { rerender } = render(<QuestionView question={question} />);
    expect(screen.getByRole('article').textContent).not.toContain('得分率');
    rerender(
      <QuestionView
        question={{
          ...question,
          usage: { exams: 2, students: 90, scoreRate: 0.6234, discrimination: 0.4061 },
        }}
      />,
    );
    expect(screen.getByText('得分率 62% · 区分度 0.41 · 2 次考试')).toBeTruthy();
    rerender(
      <QuestionView
        question={{
          ...question,
          usage: { exams: 1, students: 3, scoreRate: 0.5, discrimination: null },
        }}
      />,
    );
    expect(screen.getByText('得分率 50% · 1 次考试')).toBeTruthy();
  });
});
