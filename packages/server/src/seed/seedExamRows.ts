import { examRoutes } from '@examkit/contracts';
import type { Static } from 'typebox';
import type { Db } from '../core/database';
import { checkSubjects, createDraftExam } from '../exam/exams';
import { checkSeed } from './checkSeed';

/** What the exam form sends to create an exam. */
export type ExamForm = Static<typeof examRoutes.create.body>;

/**
 * A seeded exam, created exactly as the exam form creates one (the form's body checked by its
 * schema and subject rules, then `createDraftExam`) and moved to `state`. Returns the exam's id
 * and its subjects' ids in the form's order.
 */
export async function createSeedExam(
  trx: Db,
  exam: {
    schoolId: number;
    academicYear: number;
    createdBy: number;
    at: number;
    state: 'draft' | 'marking' | 'finished';
    form: ExamForm;
    students: readonly { id: number; class_id: number; student_no: string }[];
  },
): Promise<{ examId: number; subjectIds: number[] }> {
  const { form } = exam;
  checkSeed(examRoutes.create.body, form, `exam ${form.name}`);
  checkSubjects(form.subjects);
  const examId = await createDraftExam(trx, {
    schoolId: exam.schoolId,
    academicYear: exam.academicYear,
    gradeId: form.gradeId,
    examType: form.examType,
    name: form.name,
    examDate: form.examDate,
    createdBy: exam.createdBy,
    at: exam.at,
    subjects: form.subjects,
    classIds: form.classIds,
    participants: exam.students.map((s) => ({
      studentId: s.id,
      classId: s.class_id,
      studentNo: s.student_no,
    })),
  });
  if (exam.state !== 'draft')
    await trx.updateTable('exams').set({ state: exam.state }).where('id', '=', examId).execute();
  const subjects = await trx
    .selectFrom('exam_subjects')
    .select('id')
    .where('exam_id', '=', examId)
    .orderBy('sort_order')
    .execute();
  return { examId, subjectIds: subjects.map((s) => s.id) };
}
