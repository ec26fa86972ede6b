import { BUILT_IN_PROFILES } from '@examkit/analysis';
import { gaokaoRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { writeElectives } from '../exam/exams';
import { saveStructure } from '../exam/paperWrites';
import { checkSeed } from './checkSeed';
import { prng } from './prng';
import { demoExamPlace } from './queries';
import { createSeedExam, type ExamForm } from './seedExamRows';
import { MIDTERM, paperOf, seedSubjectScores, type Block } from './seedExam';

/** The demo's 高二 exam with all nine subjects and its 新高考 analysis (docs/demo-school.md). */
export const DEMO_GAOKAO = {
  exam: '2026学年高二十一月月考',
  analysis: '高二十一月月考新高考分析',
} as const;

const SEEDED_AT = Date.parse('2026-11-06T08:00:00+08:00');
const ELECTIVE = new Set(['物理', '历史', '化学', '生物', '政治', '地理']);

/** 历史, 政治 and 地理 papers: 16 single choices of 3 and four written answers. */
const HUMANITIES: Block[] = [
  { from: 1, to: 16, kind: 'single', marks: 3 },
  { from: 17, to: 17, kind: 'subjective', marks: 12 },
  { from: 18, to: 18, kind: 'subjective', marks: 12, parts: [6, 6] },
  { from: 19, to: 19, kind: 'subjective', marks: 12 },
  { from: 20, to: 20, kind: 'subjective', marks: 16 },
];
const PAPERS = [
  ...MIDTERM,
  ...['历史', '政治', '地理'].map((code) => ({ code, fullMarks: 100, blocks: HUMANITIES })),
];

/**
 * Seeds a finished 高二 exam of 语数外 and the six 选考 subjects (each student sits the three of their
 * 选科) and one 新高考 analysis of it under the common 3+1+2 profile. Idempotent and deterministic.
 * Call inside the seed's transaction, after the administration seed (选科) and the demo exams.
 */
export async function seedGaokao(
  trx: Db,
  options: { schoolId: number; academicYear: number },
): Promise<void> {
  const { schoolId, academicYear } = options;
  const place = await demoExamPlace(trx, schoolId, academicYear, '高二');
  if (!place) return;
  const { gradeId, adminId, classIds } = place;
  const existing = await trx
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_GAOKAO.exam)
    .executeTakeFirst();
  if (existing) return;
  const students = await trx
    .selectFrom('students as s')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select(['s.id', 's.class_id', 's.student_no', 'd.electives'])
    .where('s.class_id', 'in', classIds)
    .orderBy('s.student_no')
    .execute();
  const codes = new Map(
    (
      await trx
        .selectFrom('subjects')
        .select(['name', 'code'])
        .where('school_id', '=', schoolId)
        .execute()
    ).map((s) => [s.name, s.code]),
  );
  const subjects = PAPERS.map((p) => ({
    subjectCode: codes.get(p.code) ?? p.code,
    subjectName: p.code,
    fullMarks: p.fullMarks,
    elective: ELECTIVE.has(p.code),
  }));
  const form: ExamForm = {
    name: DEMO_GAOKAO.exam,
    examType: '月测',
    gradeId,
    examDate: '2026-11-06',
    subjects,
    classIds,
  };
  const { examId, subjectIds } = await createSeedExam(trx, {
    schoolId,
    academicYear,
    createdBy: adminId,
    at: SEEDED_AT,
    state: 'finished',
    form,
    students,
  });
  const choices = new Map(students.map((s) => [s.id, s.electives ? s.electives.split(',') : []]));
  await writeElectives(
    trx,
    examId,
    students.map((s) => ({
      studentId: s.id,
      subjectCodes: (choices.get(s.id) ?? []).map((n) => codes.get(n) ?? n),
    })),
  );

  const random = prng(20261106);
  const ability = new Map(students.map((s) => [s.id, (random() + random() + random()) / 3]));
  for (const [j, paper] of PAPERS.entries()) {
    const subjectId = subjectIds[j]!;
    await saveStructure(trx, subjectId, paperOf(paper.code, paper.blocks, random), SEEDED_AT);
    const takers = ELECTIVE.has(paper.code)
      ? students.filter((s) => choices.get(s.id)?.includes(paper.code))
      : students;
    await seedSubjectScores(trx, subjectId, paper.code, takers, ability, random);
  }

  const analysis = {
    idempotencyKey: 'demo-gaokao-analysis',
    name: DEMO_GAOKAO.analysis,
    examId,
    profileCode: 'common' as const,
    convertedSubjects: ['化学', '生物', '政治', '地理'],
  };
  checkSeed(gaokaoRoutes.create.body, analysis, `gaokao ${DEMO_GAOKAO.analysis}`);
  await trx
    .insertInto('gaokao_analyses')
    .values({
      school_id: schoolId,
      exam_id: examId,
      name: analysis.name,
      profile_code: analysis.profileCode,
      profile_name: BUILT_IN_PROFILES.common.name,
      profile_levels: JSON.stringify(BUILT_IN_PROFILES.common.levels),
      converted_subjects: JSON.stringify(analysis.convertedSubjects),
      idempotency_key: analysis.idempotencyKey,
      created_by: adminId,
      created_at: SEEDED_AT,
    })
    .execute();
}
