import {
  homeworkQuestionPointRoutes,
  homeworkRoutes,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { chinaDay } from '../homework/doubleReduction';
import { pointTreeOf } from '../homework/questionPoints';
import { normaliseQuestions, questionRowsOf } from '../homework/questions';
import {
  judgementOf,
  newHandIn,
  scoreKey,
  settle,
  storedChoice,
} from '../homework/submissions/scoring';
import { checkSeed } from './checkSeed';
import type { demoGradeOneMath } from './queries';

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

/** Where a demo homework is set: the place `demoGradeOneMath` finds, with its subject. */
export type SeedHomeworkPlace = NonNullable<Awaited<ReturnType<typeof demoGradeOneMath>>> & {
  subject: { id: number };
};

/** A demo homework's uploaded paper, checked against the create form and stored. */
export interface SeedHomeworkPaper {
  name: string;
  idempotencyKey: string;
  /** The stored file's key. */
  key: string;
}

/**
 * Checks a demo homework against the 新建作业 form and stores its one-page PDF paper (saying
 * `title`) at `homework/<school>/<file>.pdf`.
 */
export async function storeSeedPaper(
  files: FileStore,
  place: SeedHomeworkPlace,
  input: { name: string; title: string; file: string; idempotencyKey: string },
): Promise<SeedHomeworkPaper> {
  const { name, idempotencyKey } = input;
  const pdf = demoPaperPdf(input.title);
  checkSeed(
    homeworkRoutes.homeworkCreate.body,
    {
      name,
      gradeId: place.grade.id,
      subjectId: place.subject.id,
      paper: { fileName: `${name}.pdf`, contentBase64: pdf.toString('base64') },
      idempotencyKey,
    },
    `homework ${name}`,
  );
  const key = `homework/${place.schoolId}/${input.file}.pdf`;
  await files.put(key, pdf);
  return { name, idempotencyKey, key };
}

/** The homework row of a stored paper, made by the place's user at `createdAt`; its id. */
export async function insertSeedHomework(
  trx: Db,
  place: SeedHomeworkPlace,
  paper: SeedHomeworkPaper,
  input: { state: 'draft' | 'ready' | 'assigned'; createdAt: number },
): Promise<number> {
  const { id } = await trx
    .insertInto('homeworks')
    .values({
      school_id: place.schoolId,
      academic_year: place.grade.academic_year,
      grade_id: place.grade.id,
      subject_id: place.subject.id,
      name: paper.name,
      state: input.state,
      paper_key: paper.key,
      paper_name: `${paper.name}.pdf`,
      paper_kind: 'pdf',
      created_by: place.userId,
      idempotency_key: paper.idempotencyKey,
      created_at: input.createdAt,
      updated_at: input.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The question rows of a homework as the 拆题 call stores them. */
export type SeedQuestionRow = ReturnType<typeof questionRows>[number];

function questionRows(homeworkId: number, questions: HomeworkQuestionInput[]) {
  return questionRowsOf(homeworkId, normaliseQuestions(questions));
}

/** Confirms a homework's questions (checked against the 拆题 form); the rows stored. */
export async function insertSeedQuestions(
  trx: Db,
  homework: { id: number; name: string },
  questions: HomeworkQuestionInput[],
): Promise<SeedQuestionRow[]> {
  const { id, name } = homework;
  checkSeed(homeworkRoutes.splitConfirm.body, { id, questions }, `${name} 题目`);
  const rows = questionRows(id, questions);
  await trx.insertInto('homework_questions').values(rows).execute();
  return rows;
}

/**
 * Tags a demo homework's questions with knowledge points of the school's tree of its subject and
 * stage (the bank's), by name: `names[i]` for question `no` i + 1. Each question's list is
 * checked against the 知识点 call's body and every name must be a node of that tree, as the call
 * requires.
 */
export async function insertSeedQuestionPoints(
  trx: Db,
  homework: { id: number; name: string },
  names: readonly (readonly string[])[],
): Promise<void> {
  const row = await trx
    .selectFrom('homeworks')
    .selectAll()
    .where('id', '=', homework.id)
    .executeTakeFirstOrThrow();
  const tree = await pointTreeOf(trx, row);
  const questions = await trx
    .selectFrom('homework_questions')
    .select('no')
    .where('homework_id', '=', homework.id)
    .execute();
  if (names.length > questions.length) throw new Error(`${homework.name}：题目少于标注的知识点`);
  const rows = names.flatMap((list, i) => {
    const pointIds = list.map((name) => {
      const node = tree.find((n) => n.name === name);
      if (!node) throw new Error(`${homework.name} 第 ${i + 1} 题：知识点树中没有“${name}”`);
      return node.id;
    });
    checkSeed(
      homeworkQuestionPointRoutes.questionPointSave.body,
      { homeworkId: homework.id, questionNo: i + 1, pointIds },
      `${homework.name} 第 ${i + 1} 题知识点`,
    );
    return pointIds.map((point_id) => ({
      school_id: row.school_id,
      homework_id: homework.id,
      question_no: i + 1,
      point_id,
    }));
  });
  if (rows.length > 0) await trx.insertInto('homework_question_points').values(rows).execute();
}

/**
 * Assigns a homework to the place's class (checked against the 布置 form) at `assignedAt`, due
 * at `dueAt`, by the place's user.
 */
export async function insertSeedAssignment(
  trx: Db,
  place: SeedHomeworkPlace,
  homework: { id: number; name: string },
  input: { dueAt: number; estimatedMinutes: number; assignedAt: number },
): Promise<void> {
  const { id, name } = homework;
  const assign = {
    id,
    classIds: [place.classId],
    teachingClassIds: [],
    dueAt: input.dueAt,
    estimatedMinutes: input.estimatedMinutes,
    confirmOverLimit: false,
  };
  checkSeed(homeworkRoutes.assign.body, assign, `${name} 布置`);
  await trx
    .insertInto('homework_assignments')
    .values({
      homework_id: id,
      school_id: place.schoolId,
      class_id: place.classId,
      teaching_class_id: null,
      due_at: input.dueAt,
      estimated_minutes: assign.estimatedMinutes,
      day: chinaDay(input.assignedAt),
      assigned_by: place.userId,
      assigned_at: input.assignedAt,
    })
    .execute();
}

/**
 * A homework made an hour before `assignedAt`, its questions confirmed and tagged with `points`
 * (insertSeedQuestionPoints) and assigned to the place's class then: each step checked against
 * its form. Its id and question rows.
 */
export async function insertAssignedSeedHomework(
  trx: Db,
  place: SeedHomeworkPlace,
  paper: SeedHomeworkPaper,
  input: {
    questions: HomeworkQuestionInput[];
    points: readonly (readonly string[])[];
    assignedAt: number;
    dueAt: number;
    estimatedMinutes: number;
  },
): Promise<{ id: number; questions: SeedQuestionRow[] }> {
  const { assignedAt } = input;
  const id = await insertSeedHomework(trx, place, paper, {
    state: 'assigned',
    createdAt: assignedAt - 3_600_000,
  });
  const homework = { id, name: paper.name };
  const questions = await insertSeedQuestions(trx, homework, input.questions);
  await insertSeedQuestionPoints(trx, homework, input.points);
  await insertSeedAssignment(trx, place, homework, {
    dueAt: input.dueAt,
    estimatedMinutes: input.estimatedMinutes,
    assignedAt,
  });
  return { id, questions };
}

/** 22:00 China time on the day after `at`: when the demo's homework is due. */
export function dueNextEvening(at: number): number {
  return Date.parse(`${chinaDay(at + 86_400_000)}T22:00:00+08:00`);
}

/**
 * A student's hand-in of a homework at `at`, with the same rules as the calls that take one:
 * objective answers stored and scored by the key, other questions with the score given (or none);
 * every score given counts as corrected by `correctedBy`. The submission is settled; its id.
 */
export async function insertSeedHandIn(
  trx: Db,
  input: {
    homeworkId: number;
    schoolId: number;
    student: { id: number; class_id: number };
    source: 'online' | 'manual';
    at: number;
    questions: SeedQuestionRow[];
    answers: { questionNo: number; answer: string | null; score?: number | null }[];
    correctedBy: number | null;
  },
): Promise<number> {
  const { at, correctedBy } = input;
  const { id: submissionId } = await trx
    .insertInto('homework_submissions')
    .values(
      newHandIn({
        homeworkId: input.homeworkId,
        schoolId: input.schoolId,
        studentId: input.student.id,
        classId: input.student.class_id,
        source: input.source,
        at,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('homework_answers')
    .values(
      input.answers.map((a) => {
        const q = input.questions.find((x) => x.no === a.questionNo)!;
        const objective = q.type === 'objective' && q.answer !== null;
        const answer = objective && a.answer ? storedChoice(q, a.answer) : a.answer;
        const score = objective ? scoreKey(q, answer) : (a.score ?? null);
        return {
          submission_id: submissionId,
          question_no: q.no,
          answer,
          crop_key: null,
          score,
          judgement: score === null ? null : judgementOf(score, q.full_marks),
          adjustment: null,
          review: 0,
          corrected_by: score === null ? null : correctedBy,
          corrected_at: score === null ? null : at,
        };
      }),
    )
    .execute();
  await settle(trx, submissionId, correctedBy, at);
  return submissionId;
}
