import { BUILT_IN_PROFILES } from '@examkit/analysis';
import { examRoutes, gaokaoRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { checkSubjects, writeElectives } from '../exam/exams';
import { saveStructure } from '../exam/paperWrites';
import { chunks } from '../exam/scores';
import { checkSeed } from './checkSeed';
import { prng } from './prng';
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
  const grade = await trx
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .where('name', '=', '高二')
    .executeTakeFirst();
  const admin = await trx
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('login_name', '=', 'admin')
    .executeTakeFirst();
  if (!grade || !admin) return;
  const existing = await trx
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_GAOKAO.exam)
    .executeTakeFirst();
  if (existing) return;
  const classes = await trx
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .orderBy('id')
    .execute();
  if (classes.length === 0) return;
  const students = await trx
    .selectFrom('students as s')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select(['s.id', 's.class_id', 's.student_no', 'd.electives'])
    .where(
      's.class_id',
      'in',
      classes.map((c) => c.id),
    )
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
  const form = {
    name: DEMO_GAOKAO.exam,
    examType: '月测',
    gradeId: grade.id,
    examDate: '2026-11-06',
    subjects,
    classIds: classes.map((c) => c.id),
  };
  checkSeed(examRoutes.create.body, form, `exam ${DEMO_GAOKAO.exam}`);
  checkSubjects(subjects);

  const exam = await trx
    .insertInto('exams')
    .values({
      school_id: schoolId,
      academic_year: academicYear,
      grade_id: grade.id,
      exam_type: form.examType,
      name: form.name,
      exam_date: form.examDate,
      state: 'finished',
      created_by: admin.id,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('exam_classes')
    .values(classes.map((c) => ({ exam_id: exam.id, class_id: c.id })))
    .execute();
  for (const part of chunks(students))
    await trx
      .insertInto('exam_students')
      .values(
        part.map((s) => ({
          exam_id: exam.id,
          student_id: s.id,
          class_id: s.class_id,
          exam_no: s.student_no,
        })),
      )
      .execute();
  const subjectIds: number[] = [];
  for (const [order, s] of subjects.entries())
    subjectIds.push(
      (
        await trx
          .insertInto('exam_subjects')
          .values({
            exam_id: exam.id,
            subject_code: s.subjectCode,
            subject_name: s.subjectName,
            full_marks: s.fullMarks,
            elective: s.elective ? 1 : 0,
            sort_order: order,
            answer_key_version: 1,
            rescore_needed: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const choices = new Map(students.map((s) => [s.id, s.electives ? s.electives.split(',') : []]));
  await writeElectives(
    trx,
    exam.id,
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
    examId: exam.id,
    profileCode: 'common' as const,
    convertedSubjects: ['化学', '生物', '政治', '地理'],
  };
  checkSeed(gaokaoRoutes.create.body, analysis, `gaokao ${DEMO_GAOKAO.analysis}`);
  await trx
    .insertInto('gaokao_analyses')
    .values({
      school_id: schoolId,
      exam_id: exam.id,
      name: analysis.name,
      profile_code: analysis.profileCode,
      profile_name: BUILT_IN_PROFILES.common.name,
      profile_levels: JSON.stringify(BUILT_IN_PROFILES.common.levels),
      converted_subjects: JSON.stringify(analysis.convertedSubjects),
      idempotency_key: analysis.idempotencyKey,
      created_by: admin.id,
      created_at: SEEDED_AT,
    })
    .execute();
}
