import type { HomeworkQuestionInput } from '@examkit/contracts';
import { badRequest } from '../core/envelope';

/**
 * Checks a question list as the teacher confirmed it: distinct 题号, an objective question
 * has its key (letters A–H, or 对/错), a subjective one none. Answers are trimmed, letters
 * upper-cased and sorted (`db` → `BD`).
 */
export function normaliseQuestions(questions: readonly HomeworkQuestionInput[]) {
  const seen = new Set<string>();
  return questions.map((q, i) => {
    const label = q.label.trim();
    const where = `第 ${i + 1} 题（题号 ${label || '空'}）`;
    if (label === '') throw badRequest(`${where}：题号不能为空`);
    if (seen.has(label)) throw badRequest(`${where}：题号重复`);
    seen.add(label);
    let answer: string | null = null;
    if (q.type === 'objective') {
      const raw = (q.answer ?? '').trim().toUpperCase();
      if (raw === '') throw badRequest(`${where}：客观题需要填写答案`);
      if (raw === '对' || raw === '错') answer = raw;
      else if (/^[A-H]+$/.test(raw)) answer = [...new Set(raw)].sort().join('');
      else throw badRequest(`${where}：客观题答案只能是 A–H 的字母，或“对”“错”`);
    } else if (q.answer !== null && q.answer.trim() !== '') {
      throw badRequest(`${where}：主观题不填答案，由老师批改`);
    }
    return { no: i + 1, label, type: q.type, answer, fullMarks: q.fullMarks };
  });
}

/**
 * The `homework_questions` rows of a homework's normalised questions; `bankIds` gives the 题库
 * question of each by position (a bank homework's), none otherwise.
 */
export function questionRowsOf(
  homeworkId: number,
  questions: ReturnType<typeof normaliseQuestions>,
  bankIds: readonly number[] = [],
) {
  return questions.map((q, i) => ({
    homework_id: homeworkId,
    no: q.no,
    label: q.label,
    type: q.type,
    answer: q.answer,
    full_marks: q.fullMarks,
    bank_question_id: bankIds[i] ?? null,
  }));
}
