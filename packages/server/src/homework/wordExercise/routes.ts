import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import {
  homeworkWordExerciseRoutes as r,
  WORD_EXERCISE_CARD_URL,
  WORD_EXERCISE_SUBJECTS,
  type WordAccuracy,
  type WordEntry,
  type WordExerciseDetail,
  type WordExerciseSummary,
  type WordMarkStudent,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../../core/database';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import type { Recognize } from '../../scan/queue';
import { accessOf, type Access } from '../../core/scope';
import { gradeSubjectFieldsOf } from '../gradeSubjectFields';
import { requireSchoolBase } from '../access';
import { reachable, reachesRow } from '../create';
import { studentsOfTargets } from '../submissions/students';
import { wordCardDocument } from './card';
import { registerWordScanRoutes, saveWordMark } from './scan';
import type { HomeworkWordExercisesTable } from './tables';
import { myTargets, normaliseWords, parseWrong } from './words';
import { registerWordWrongBookRoutes, type WordWrongBookHelpers } from './wrongBook';
import { round1 } from '../rounding';

const TAG = 'homework';
const NOT_FOUND = '字词练习不存在';

type ExerciseRow = Selectable<HomeworkWordExercisesTable>;

/** A class or a teaching class of a list's views, not both (null: all the caller's). */
interface TargetFilter {
  classId: number | null;
  teachingClassId?: number | null | undefined;
}

/**
 * Registers 字词练习 (docs/homework.md "字词练习"): word lists per grade × subject, assigned to
 * classes, the 听写 card, each student's wrong words and the 正确率 per word; behind
 * Homework-SchoolBase, over the caller's classes.
 */
export function registerWordExerciseRoutes(
  router: Router,
  deps: DomainDeps,
  options: { recognize?: Recognize } = {},
): void {
  const { db, clock } = deps;
  /** A list of the session's school and year in the caller's reach (or theirs); else as missing. */
  const load = async (access: Access, id: number): Promise<ExerciseRow> => {
    await requireSchoolBase(access);
    const row = await db
      .selectFrom('homework_word_exercises')
      .selectAll()
      .where('id', '=', id)
      .where('school_id', '=', access.session.schoolId)
      .where('academic_year', '=', access.session.academicYear)
      .executeTakeFirst();
    if (!row || !(await reachesRow(db, access, row))) throw notFound(NOT_FOUND);
    return row;
  };

  const mayChange = async (access: Access, row: ExerciseRow) =>
    row.created_by === access.session.userId || (await access.scope()).schoolWide;

  const wordsOf = async (id: number): Promise<WordEntry[]> =>
    (
      await db
        .selectFrom('homework_words')
        .select(['position', 'word', 'reading', 'meaning'])
        .where('exercise_id', '=', id)
        .orderBy('position')
        .execute()
    ).map((w) => ({ ...w, position: Number(w.position) }));

  /**
   * The students of the list's assigned classes and teaching classes that the caller teaches
   * (or of the one chosen), 学号 order.
   */
  const studentsOf = async (access: Access, row: ExerciseRow, filter: TargetFilter) => {
    const classId = filter.classId;
    const teachingClassId = filter.teachingClassId ?? null;
    if (classId !== null && teachingClassId !== null)
      throw badRequest('请选择一个班级或一个教学班');
    const mine = await myTargets(db, access, row.grade_id, row.subject_id);
    const [assigned, assignedTeaching] = await Promise.all([
      db
        .selectFrom('homework_word_assignments')
        .select('class_id')
        .where('exercise_id', '=', row.id)
        .execute(),
      db
        .selectFrom('homework_word_teaching_assignments')
        .select('teaching_class_id')
        .where('exercise_id', '=', row.id)
        .execute(),
    ]);
    const ids = assigned
      .map((a) => a.class_id)
      .filter((c) => mine.some((m) => m.kind === 'class' && m.id === c));
    const teachingIds = assignedTeaching
      .map((a) => a.teaching_class_id)
      .filter((c) => mine.some((m) => m.kind === 'teachingClass' && m.id === c));
    if (classId !== null && !ids.includes(classId)) throw notFound('班级不存在');
    if (teachingClassId !== null && !teachingIds.includes(teachingClassId))
      throw notFound('教学班不存在');
    const chosen = teachingClassId !== null ? [] : classId === null ? ids : [classId];
    const chosenTeaching =
      classId !== null ? [] : teachingClassId === null ? teachingIds : [teachingClassId];
    return studentsOfTargets(db, row.school_id, chosen, chosenTeaching);
  };

  const summariesOf = async (access: Access, rows: ExerciseRow[]) => {
    if (rows.length === 0) return [];
    const ids = rows.map((x) => x.id);
    const [gradeSubject, counts, assignments, teachingAssignments, members, marks] =
      await Promise.all([
        gradeSubjectFieldsOf(db, rows),
        db
          .selectFrom('homework_words')
          .select((eb) => ['exercise_id', eb.fn.countAll<number>().as('n')])
          .where('exercise_id', 'in', ids)
          .groupBy('exercise_id')
          .execute(),
        db
          .selectFrom('homework_word_assignments as a')
          .innerJoin('classes as c', 'c.id', 'a.class_id')
          .select(['a.exercise_id', 'a.class_id', 'a.due_at', 'c.name'])
          .where('a.exercise_id', 'in', ids)
          .orderBy('c.id')
          .execute(),
        db
          .selectFrom('homework_word_teaching_assignments as a')
          .innerJoin('teaching_classes as t', 't.id', 'a.teaching_class_id')
          .select(['a.exercise_id', 'a.teaching_class_id', 'a.due_at', 't.name'])
          .where('a.exercise_id', 'in', ids)
          .orderBy('t.id')
          .execute(),
        db
          .selectFrom('teaching_class_students as m')
          .innerJoin(
            'homework_word_teaching_assignments as a',
            'a.teaching_class_id',
            'm.teaching_class_id',
          )
          .select(['a.exercise_id', 'm.teaching_class_id', 'm.student_id'])
          .where('a.exercise_id', 'in', ids)
          .execute(),
        db
          .selectFrom('homework_word_marks as m')
          .innerJoin('students as s', 's.id', 'm.student_id')
          .select(['m.exercise_id', 'm.student_id', 's.class_id'])
          .where('m.exercise_id', 'in', ids)
          .execute(),
      ]);
    const out: WordExerciseSummary[] = [];
    for (const x of rows) {
      const mine = await myTargets(db, access, x.grade_id, x.subject_id);
      const classes = assignments
        .filter(
          (a) =>
            a.exercise_id === x.id && mine.some((m) => m.kind === 'class' && m.id === a.class_id),
        )
        .map((a) => ({ classId: a.class_id, className: a.name, dueAt: Number(a.due_at) }));
      const teachingClasses = teachingAssignments
        .filter(
          (a) =>
            a.exercise_id === x.id &&
            mine.some((m) => m.kind === 'teachingClass' && m.id === a.teaching_class_id),
        )
        .map((a) => ({
          teachingClassId: a.teaching_class_id,
          name: a.name,
          dueAt: Number(a.due_at),
        }));
      const reached = (m: { student_id: number; class_id: number }) =>
        classes.some((c) => c.classId === m.class_id) ||
        members.some(
          (t) =>
            t.exercise_id === x.id &&
            t.student_id === m.student_id &&
            teachingClasses.some((c) => c.teachingClassId === t.teaching_class_id),
        );
      const own = marks.filter((m) => m.exercise_id === x.id);
      out.push({
        id: x.id,
        name: x.name,
        ...gradeSubject(x),
        wordCount: Number(counts.find((c) => c.exercise_id === x.id)?.n ?? 0),
        classes,
        teachingClasses,
        marked: own.filter(reached).length,
        locked: own.length > 0,
        updatedAt: Number(x.updated_at),
      });
    }
    return out;
  };

  const detailOf = async (access: Access, row: ExerciseRow): Promise<WordExerciseDetail> => {
    const [summary] = await summariesOf(access, [row]);
    const mine = await myTargets(db, access, row.grade_id, row.subject_id);
    const of = (kind: 'class' | 'teachingClass') =>
      mine
        .filter((t) => t.kind === kind)
        .map((t) => ({ id: t.id, name: t.name, studentCount: t.studentCount }));
    return {
      ...summary!,
      words: await wordsOf(row.id),
      targets: of('class'),
      teachingTargets: of('teachingClass'),
    };
  };

  /** The list the caller made with this key, if any (a retried create). */
  const byKeyOf = (session: { schoolId: number; userId: number }, key: string) =>
    db
      .selectFrom('homework_word_exercises')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('created_by', '=', session.userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  /**
   * A new list of checked words (normaliseWords) for a grade × subject of 语文 or 英语 in the
   * caller's reach; a retry with the same key answers the first.
   */
  const createList: WordWrongBookHelpers['createList'] = async (access, input) => {
    const { session } = access;
    const pair = (await reachable(db, await access.scope())).find(
      (p) => p.grade.id === input.gradeId && p.subject.id === input.subjectId,
    );
    if (!pair) throw badRequest('年级或科目不存在，或不在您的任教范围');
    if (!(WORD_EXERCISE_SUBJECTS as readonly string[]).includes(pair.subject.name))
      throw badRequest('字词练习只能用于语文或英语');
    const earlier = await byKeyOf(session, input.idempotencyKey);
    if (earlier) return detailOf(access, earlier);
    const at = clock.now().getTime();
    try {
      const id = await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('homework_word_exercises')
          .values({
            school_id: session.schoolId,
            academic_year: session.academicYear,
            grade_id: input.gradeId,
            subject_id: input.subjectId,
            name: input.name,
            created_by: session.userId,
            idempotency_key: input.idempotencyKey,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('homework_words')
          .values(input.words.map((w, i) => ({ exercise_id: made.id, position: i + 1, ...w })))
          .execute();
        return made.id;
      });
      return detailOf(access, await load(access, id));
    } catch (error) {
      // A concurrent retry lost on the unique key: answer the winner.
      const winner = await byKeyOf(session, input.idempotencyKey);
      if (winner) return detailOf(access, winner);
      throw error;
    }
  };

  router.sessionRoute(r.wordExerciseList, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const scope = await access.scope();
    let q = db
      .selectFrom('homework_word_exercises')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('academic_year', '=', session.academicYear);
    if (body.gradeId !== null) q = q.where('grade_id', '=', body.gradeId);
    if (body.subjectId !== null) q = q.where('subject_id', '=', body.subjectId);
    if (!scope.schoolWide) {
      const pairs = await reachable(db, scope);
      q = q.where((eb) =>
        eb.or([
          eb('created_by', '=', session.userId),
          ...pairs.map((p) =>
            eb.and([eb('grade_id', '=', p.grade.id), eb('subject_id', '=', p.subject.id)]),
          ),
        ]),
      );
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return summariesOf(access, rows);
  });

  router.sessionRoute(r.wordExerciseDetail, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    return detailOf(access, await load(access, body.id));
  });

  router.sessionRoute(r.wordExerciseSave, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const name = body.name.trim();
    if (name === '') throw badRequest('请填写练习名称');
    const words = normaliseWords(body.words);
    const pair = (await reachable(db, await access.scope())).find(
      (p) => p.grade.id === body.gradeId && p.subject.id === body.subjectId,
    );
    if (!pair) throw badRequest('年级或科目不存在，或不在您的任教范围');
    if (!(WORD_EXERCISE_SUBJECTS as readonly string[]).includes(pair.subject.name))
      throw badRequest('字词练习只能用于语文或英语');
    if (body.id === null) return createList(access, { ...body, name, words });
    const at = clock.now().getTime();
    const insertWords = (trx: Db, id: number) =>
      trx
        .insertInto('homework_words')
        .values(words.map((w, i) => ({ exercise_id: id, position: i + 1, ...w })))
        .execute();

    const row = await load(access, body.id);
    if (!(await mayChange(access, row))) throw badRequest('只有创建人可以修改这份字词练习');
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .selectFrom('homework_word_marks')
        .select('student_id')
        .where('exercise_id', '=', row.id)
        .executeTakeFirst();
      const before = await trx
        .selectFrom('homework_words')
        .select(['word', 'reading', 'meaning'])
        .where('exercise_id', '=', row.id)
        .orderBy('position')
        .execute();
      const same = JSON.stringify(before) === JSON.stringify(words);
      const moved = row.grade_id !== body.gradeId || row.subject_id !== body.subjectId;
      if (
        marked &&
        (moved || before.map((w) => w.word).join('\n') !== words.map((w) => w.word).join('\n'))
      )
        throw badRequest('已有听写结果，字词和年级科目不能再修改');
      if (moved) {
        const assigned =
          (await trx
            .selectFrom('homework_word_assignments')
            .select('class_id')
            .where('exercise_id', '=', row.id)
            .executeTakeFirst()) ??
          (await trx
            .selectFrom('homework_word_teaching_assignments')
            .select('teaching_class_id')
            .where('exercise_id', '=', row.id)
            .executeTakeFirst());
        if (assigned) throw badRequest('已布置的字词练习不能更换年级科目');
      }
      await trx
        .updateTable('homework_word_exercises')
        .set({ name, grade_id: body.gradeId, subject_id: body.subjectId, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      if (!same) {
        await trx.deleteFrom('homework_words').where('exercise_id', '=', row.id).execute();
        await insertWords(trx, row.id);
      }
    });
    return detailOf(access, await load(access, row.id));
  });

  router.sessionRoute(r.wordExerciseRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    if (!(await mayChange(access, row))) throw badRequest('只有创建人可以删除这份字词练习');
    const marked = await db
      .selectFrom('homework_word_marks')
      .select('student_id')
      .where('exercise_id', '=', row.id)
      .executeTakeFirst();
    if (marked) throw badRequest('已有听写结果，不能删除');
    await db.deleteFrom('homework_word_exercises').where('id', '=', row.id).execute();
    return null;
  });

  router.sessionRoute(r.wordExerciseAssign, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    const mine = await myTargets(db, access, row.grade_id, row.subject_id);
    const teachingClassIds = body.teachingClassIds ?? [];
    if (body.classIds.some((c) => !mine.some((m) => m.kind === 'class' && m.id === c)))
      throw notFound('班级不存在');
    if (teachingClassIds.some((c) => !mine.some((m) => m.kind === 'teachingClass' && m.id === c)))
      throw notFound('教学班不存在');
    if (body.classIds.length + teachingClassIds.length === 0)
      throw badRequest('请选择布置的班级或教学班');
    const at = clock.now().getTime();
    if (body.dueAt <= at) throw badRequest('截止时间必须晚于现在');
    await db.transaction().execute(async (trx) => {
      for (const classId of body.classIds)
        await trx
          .insertInto('homework_word_assignments')
          .values({
            exercise_id: row.id,
            class_id: classId,
            due_at: body.dueAt,
            assigned_by: session.userId,
            assigned_at: at,
          })
          .onConflict((oc) =>
            oc.columns(['exercise_id', 'class_id']).doUpdateSet({ due_at: body.dueAt }),
          )
          .execute();
      for (const teachingClassId of teachingClassIds)
        await trx
          .insertInto('homework_word_teaching_assignments')
          .values({
            exercise_id: row.id,
            teaching_class_id: teachingClassId,
            due_at: body.dueAt,
            assigned_by: session.userId,
            assigned_at: at,
          })
          .onConflict((oc) =>
            oc.columns(['exercise_id', 'teaching_class_id']).doUpdateSet({ due_at: body.dueAt }),
          )
          .execute();
      await trx
        .updateTable('homework_word_exercises')
        .set({ updated_at: at })
        .where('id', '=', row.id)
        .execute();
    });
    return detailOf(access, row);
  });

  const marksOf = async (exerciseId: number, studentIds: number[]) =>
    studentIds.length === 0
      ? []
      : db
          .selectFrom('homework_word_marks')
          .select(['student_id', 'wrong'])
          .where('exercise_id', '=', exerciseId)
          .where('student_id', 'in', studentIds)
          .execute();

  router.sessionRoute(r.wordExerciseMarks, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    const students = await studentsOf(access, row, body);
    const marks = await marksOf(
      row.id,
      students.map((s) => s.studentId),
    );
    return students.map((s): WordMarkStudent => {
      const m = marks.find((x) => x.student_id === s.studentId);
      return { ...s, wrong: m ? parseWrong(m.wrong) : null };
    });
  });

  router.sessionRoute(r.wordExerciseMark, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    const student = (await studentsOf(access, row, { classId: null })).find(
      (s) => s.studentId === body.studentId,
    );
    if (!student) throw notFound('学生不存在');
    const count = (await wordsOf(row.id)).length;
    if (body.wrong.some((p) => p > count))
      throw badRequest(`错词序号超出范围（共 ${count} 个字词）`);
    const wrong = await saveWordMark(
      db,
      row,
      student.studentId,
      body.wrong,
      session.userId,
      clock.now().getTime(),
    );
    return { ...student, wrong };
  });

  router.sessionRoute(r.wordExerciseAccuracy, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    const students = await studentsOf(access, row, body);
    const marks = await marksOf(
      row.id,
      students.map((s) => s.studentId),
    );
    const words = await wordsOf(row.id);
    const rows: WordAccuracy['words'] = words.map((w) => {
      const wrongOnes = marks.filter((m) => parseWrong(m.wrong).includes(w.position));
      const wrong = wrongOnes.length;
      const right = marks.length - wrong;
      return {
        ...w,
        right,
        wrong,
        rate: marks.length ? round1((right / marks.length) * 100) : null,
        wrongNames: wrongOnes.map(
          (m) => students.find((s) => s.studentId === m.student_id)?.name ?? '',
        ),
      };
    });
    rows.sort((a, b) => (a.rate ?? 101) - (b.rate ?? 101) || a.position - b.position);
    return { expected: students.length, marked: marks.length, words: rows };
  });

  registerWordWrongBookRoutes(router, deps, { wordsOf, byKeyOf, detailOf, createList });

  router.sessionDownload(
    {
      url: WORD_EXERCISE_CARD_URL,
      summary: 'the 听写 card of a word list: a numbered box per word (PDF)',
      query: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    },
    TAG,
    async ({ query, session }) => {
      const row = await load(accessOf(db, session), query.id);
      const words = await wordsOf(row.id);
      const document = await wordCardDocument(
        db,
        row,
        words.map((w) => w.position),
      );
      return {
        fileName: `${row.name}-听写卡.pdf`,
        contentType: 'application/pdf',
        body: await renderSheetPdf(document, {}),
      };
    },
  );
  registerWordScanRoutes(router, deps, { load, studentsOf, wordsOf }, options);
}
