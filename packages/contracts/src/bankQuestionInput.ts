import type { BankQuestionInput, BankQuestionItem } from './resource';

/**
 * A loaded bank question as its edit form sends it back (the question editor's form, and server
 * writers that change one field). Free of the schema library: exported through `/rules` too.
 */
export function bankQuestionInputOf(q: BankQuestionItem): BankQuestionInput {
  return {
    subjectCode: q.subjectCode,
    stage: q.stage as BankQuestionInput['stage'],
    gradeNum: q.gradeNum,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    analysis: q.analysis,
    pointIds: q.points.map((p) => p.id),
    source: q.source,
    year: q.year,
    tags: q.tags,
    children: q.children.map((c) => ({
      type: c.type as BankQuestionInput['children'][number]['type'],
      stem: c.stem,
      options: c.options,
      answer: c.answer,
      analysis: c.analysis,
    })),
  };
}
