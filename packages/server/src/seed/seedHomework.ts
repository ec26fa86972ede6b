import { homeworkRoutes, type HomeworkQuestionInput } from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { chinaDay } from '../homework/doubleReduction';
import { normaliseQuestions } from '../homework/questions';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath } from './queries';

/** The demo homework (docs/demo-school.md): one of each state, 高一数学, set by the 任课教师. */
export const DEMO_HOMEWORK = {
  draft: '集合练习（待拆题）',
  ready: '函数的概念练习',
  assigned: '函数的单调性练习',
} as const;

const QUESTIONS: HomeworkQuestionInput[] = [
  { label: '1', type: 'objective', answer: 'B', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'AC', fullMarks: 5 },
  { label: '3', type: 'objective', answer: 'D', fullMarks: 5 },
  { label: '4', type: 'subjective', answer: null, fullMarks: 10 },
  { label: '5', type: 'subjective', answer: null, fullMarks: 15 },
];

/** A one-page PDF saying what it is: the demo's uploaded paper. */
export function demoPaperPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 760 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Seeds the demo homework after `seedDemo`: 高一数学 by the 任课教师 (login `teacher`), one
 * homework 待拆题, one 待布置 and one 已布置 to 高一(1)班, due tomorrow at 22:00 China time.
 * Records are checked against the forms' contracts. Idempotent by name.
 */
export async function seedHomework(
  db: Db,
  files: FileStore,
  options: { clock?: Clock } = {},
): Promise<{ ids: number[] } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const place = await demoGradeOneMath(db, 'teacher');
  if (!place) return null;
  const { schoolId, userId, classId, grade, subject } = place;
  if (!subject) throw new Error('演示学校没有数学学科');
  const ids: number[] = [];
  const states = ['draft', 'ready', 'assigned'] as const;
  for (const [i, state] of states.entries()) {
    const name = DEMO_HOMEWORK[state];
    const existing = await db
      .selectFrom('homeworks')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const pdf = demoPaperPdf(`Homework ${i + 1}`);
    const idempotencyKey = `demo-homework-${state}`;
    checkSeed(
      homeworkRoutes.homeworkCreate.body,
      {
        name,
        gradeId: grade.id,
        subjectId: subject.id,
        paper: { fileName: `${name}.pdf`, contentBase64: pdf.toString('base64') },
        idempotencyKey,
      },
      `homework ${name}`,
    );
    const key = `homework/${schoolId}/demo-${state}.pdf`;
    await files.put(key, pdf);
    const created = now - (3 - i) * 3_600_000;
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('homeworks')
        .values({
          school_id: schoolId,
          academic_year: grade.academic_year,
          grade_id: grade.id,
          subject_id: subject.id,
          name,
          state,
          paper_key: key,
          paper_name: `${name}.pdf`,
          paper_kind: 'pdf',
          created_by: userId,
          idempotency_key: idempotencyKey,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (state === 'draft') return id;
      checkSeed(homeworkRoutes.splitConfirm.body, { id, questions: QUESTIONS }, `${name} 题目`);
      await trx
        .insertInto('homework_questions')
        .values(
          normaliseQuestions(QUESTIONS).map((q) => ({
            homework_id: id,
            no: q.no,
            label: q.label,
            type: q.type,
            answer: q.answer,
            full_marks: q.fullMarks,
          })),
        )
        .execute();
      if (state === 'ready') return id;
      // Tomorrow 22:00 in China (UTC+8).
      const due = Date.parse(`${chinaDay(now + 86_400_000)}T22:00:00+08:00`);
      const assign = {
        id,
        classIds: [classId],
        teachingClassIds: [],
        dueAt: due,
        estimatedMinutes: 25,
        confirmOverLimit: false,
      };
      checkSeed(homeworkRoutes.assign.body, assign, `${name} 布置`);
      await trx
        .insertInto('homework_assignments')
        .values({
          homework_id: id,
          school_id: schoolId,
          class_id: classId,
          teaching_class_id: null,
          due_at: due,
          estimated_minutes: assign.estimatedMinutes,
          day: chinaDay(now),
          assigned_by: userId,
          assigned_at: now,
        })
        .execute();
      return id;
    });
    ids.push(id);
  }
  return { ids };
}
