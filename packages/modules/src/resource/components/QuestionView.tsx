import type { BankQuestionItem, BankQuestionUsage } from '@examkit/contracts';
import { DIFFICULTIES, QUESTION_TYPES } from '@examkit/contracts/rules';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { RichText } from './RichText';

const Card = styled.article`
  display: grid;
  gap: 6px;
`;
const Meta = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${(p) => themeOf(p.theme).colors.textSecondary};
`;
const Options = styled.ol`
  margin: 0;
  padding-left: 24px;
  list-style: upper-alpha;
`;
const Part = styled.section`
  border-top: 1px dashed ${(p) => themeOf(p.theme).colors.border};
  padding-top: 6px;
`;

/** A question's figures from real use: 得分率 62% · 区分度 0.41 · 2 次考试. */
export function usageText(u: BankQuestionUsage): string {
  const parts = [
    u.scoreRate === null ? null : `得分率 ${Math.round(u.scoreRate * 100)}%`,
    u.discrimination === null ? null : `区分度 ${u.discrimination.toFixed(2)}`,
    `${u.exams} 次考试`,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

/** Option letters A, B, C, …. */
export const optionLetter = (i: number) => String.fromCharCode(65 + i);

/**
 * One bank question as a teacher reads it: type, difficulty and knowledge points, the stem with
 * formulas and images, options, sub-questions, and (with `withAnswer`) answers and analyses.
 */
export function QuestionView({
  question,
  withAnswer = false,
  label,
}: {
  question: BankQuestionItem;
  withAnswer?: boolean;
  /** The accessible name of the card (default: 试题 + id). */
  label?: string;
}) {
  const q = question;
  return (
    <Card aria-label={label ?? `试题 ${q.id}`}>
      <Meta>
        {QUESTION_TYPES[q.type]} · {DIFFICULTIES[q.difficulty - 1]}
        {q.points.length > 0 && ` · ${q.points.map((p) => p.name).join('、')}`}
        {q.source && ` · ${q.source}`}
      </Meta>
      {q.usage && <Meta>{usageText(q.usage)}</Meta>}
      <RichText text={q.stem} />
      {q.options.length > 0 && (
        <Options>
          {q.options.map((o, i) => (
            <li key={i}>
              <RichText text={o} />
            </li>
          ))}
        </Options>
      )}
      {q.children.map((c, i) => (
        <Part key={c.id} aria-label={`第 ${i + 1} 小题`}>
          <RichText text={`(${i + 1}) ${c.stem}`} />
          {c.options.length > 0 && (
            <Options>
              {c.options.map((o, k) => (
                <li key={k}>
                  <RichText text={o} />
                </li>
              ))}
            </Options>
          )}
          {withAnswer && <RichText text={`答案：${c.answer}`} />}
        </Part>
      ))}
      {withAnswer && q.type !== 'composite' && <RichText text={`答案：${q.answer}`} />}
      {withAnswer && q.analysis && <RichText text={`解析：${q.analysis}`} />}
    </Card>
  );
}
