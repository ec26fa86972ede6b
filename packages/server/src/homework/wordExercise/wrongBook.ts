import {
  homeworkWordExerciseRoutes as r,
  WORD_EXERCISE_SUBJECTS,
  type WordExerciseDetail,
  type WordEntry,
  type WordInput,
  WORD_LIMITS,
  WORD_WRONG_EXPORT_URL,
  type WordWrongBook,
  type WrongWord,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import { chinaDate } from '../../core/chinaTime';
import type { Db } from '../../core/database';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { writeSheet } from '../../exam/spreadsheets';
import { requireSchoolBase } from '../access';
import type { HomeworkWordExercisesTable } from './tables';
import { myTargets, normaliseWords, parseWrong } from './words';

const TAG = 'homework';

type ExerciseRow = Selectable<HomeworkWordExercisesTable>;

/** The class or teaching class (one of them), student and subject of 学生详情 and the 错题本. */
interface WordTargetBody {
  classId: number | null;
  teachingClassId?: number | null | undefined;
  studentId: number | null;
  subjectId: number | null;
}

/** The caller's classes of a grade × subject (those they may set homework for), by id. */
async function classesOf(db: Db, access: Access, gradeId: number, subjectId: number) {
  return (await myTargets(db, access, gradeId, subjectId)).filter((t) => t.kind === 'class');
}

/** What the 错题本 routes borrow from the word-exercise routes. */
export interface WordWrongBookHelpers {
  wordsOf(id: number): Promise<WordEntry[]>;
  /** The list the caller made with this key, if any (a retried 生成复习). */
  byKeyOf(
    session: { schoolId: number; userId: number },
    key: string,
  ): Promise<ExerciseRow | undefined>;
  detailOf(access: Access, row: ExerciseRow): Promise<WordExerciseDetail>;
  createList(
    access: Access,
    input: {
      name: string;
      gradeId: number;
      subjectId: number;
      words: WordInput[];
      idempotencyKey: string;
    },
  ): Promise<WordExerciseDetail>;
}

/**
 * Registers 学生详情, the 错题本 (and its Excel export) and 生成复习 of 字词练习
 * (docs/homework.md "字词练习"): each student's results and wrong words over the lists assigned
 * to a class or a teaching class the caller teaches 语文 or 英语 in.
 */
export function registerWordWrongBookRoutes(
  router: Router,
  { db, clock }: DomainDeps,
  { wordsOf, byKeyOf, detailOf, createList }: WordWrongBookHelpers,
): void {
  /**
   * A class or a teaching class of the session's school and year that the caller teaches 语文 or
   * 英语 in (the subject chosen, if one), with the word lists assigned to it (oldest first) and
   * its students (学号 order; the one chosen). Another school's or one not theirs is missing.
   */
  const groupOf = async (access: Access, body: WordTargetBody) => {
    await requireSchoolBase(access);
    const { session } = access;
    const teachingClassId = body.teachingClassId ?? null;
    if ((body.classId === null) === (teachingClassId === null))
      throw badRequest('请选择一个班级或一个教学班');
    const subjects = (
      await db
        .selectFrom('subjects')
        .select(['id', 'name'])
        .where('name', 'in', [...WORD_EXERCISE_SUBJECTS])
        .execute()
    ).filter((s) => body.subjectId === null || s.id === body.subjectId);
    const allowed: number[] = [];
    let group: { gradeId: number; name: string };
    let assigned: { exercise_id: number; assigned_at: number }[];
    let memberIds: number[];
    if (teachingClassId !== null) {
      const missing = notFound('教学班不存在');
      const tc = await db
        .selectFrom('teaching_classes as t')
        .innerJoin('grades as g', 'g.id', 't.grade_id')
        .select(['t.id', 't.grade_id', 't.subject_id', 't.name'])
        .where('t.id', '=', teachingClassId)
        .where('t.school_id', '=', session.schoolId)
        .where('g.academic_year', '=', session.academicYear)
        .executeTakeFirst();
      if (!tc || !subjects.some((s) => s.id === tc.subject_id)) throw missing;
      const mine = await myTargets(db, access, tc.grade_id, tc.subject_id);
      if (!mine.some((m) => m.kind === 'teachingClass' && m.id === tc.id)) throw missing;
      allowed.push(tc.subject_id);
      group = { gradeId: tc.grade_id, name: tc.name };
      assigned = await db
        .selectFrom('homework_word_teaching_assignments')
        .select(['exercise_id', 'assigned_at'])
        .where('teaching_class_id', '=', tc.id)
        .execute();
      memberIds = (
        await db
          .selectFrom('teaching_class_students')
          .select('student_id')
          .where('teaching_class_id', '=', tc.id)
          .execute()
      ).map((m) => m.student_id);
    } else {
      const klass = await db
        .selectFrom('classes as c')
        .innerJoin('grades as g', 'g.id', 'c.grade_id')
        .select(['c.id', 'c.grade_id', 'c.name'])
        .where('c.id', '=', body.classId!)
        .where('g.school_id', '=', session.schoolId)
        .where('g.academic_year', '=', session.academicYear)
        .executeTakeFirst();
      if (!klass) throw notFound('班级不存在');
      // The word-list subjects the caller teaches in this class.
      for (const s of subjects) {
        const mine = await classesOf(db, access, klass.grade_id, s.id);
        if (mine.some((m) => m.id === klass.id)) allowed.push(s.id);
      }
      if (allowed.length === 0) throw notFound('班级不存在');
      group = { gradeId: klass.grade_id, name: klass.name };
      assigned = await db
        .selectFrom('homework_word_assignments')
        .select(['exercise_id', 'assigned_at'])
        .where('class_id', '=', klass.id)
        .execute();
      memberIds = (
        await db.selectFrom('students').select('id').where('class_id', '=', klass.id).execute()
      ).map((m) => m.id);
    }
    const when = (id: number) =>
      Number(assigned.find((a) => a.exercise_id === id)?.assigned_at ?? 0);
    const exercises = (
      await db
        .selectFrom('homework_word_exercises as e')
        .innerJoin('subjects as sj', 'sj.id', 'e.subject_id')
        .select(['e.id', 'e.name', 'e.subject_id as subjectId', 'sj.name as subjectName'])
        .where('e.id', 'in', [0, ...assigned.map((a) => a.exercise_id)])
        .where('e.school_id', '=', session.schoolId)
        .where('e.subject_id', 'in', allowed)
        .execute()
    ).sort((a, b) => when(a.id) - when(b.id) || a.id - b.id);
    let students = db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select([
        's.id as studentId',
        's.student_no as studentNo',
        's.name as name',
        'c.name as className',
      ])
      .where('s.school_id', '=', session.schoolId)
      .where('s.id', 'in', [0, ...memberIds]);
    if (body.studentId !== null) students = students.where('s.id', '=', body.studentId);
    const rows = await students.orderBy('s.student_no').execute();
    if (body.studentId !== null && rows.length === 0) throw notFound('学生不存在');
    const ids = exercises.map((e) => e.id);
    const marks = ids.length
      ? await db
          .selectFrom('homework_word_marks')
          .select(['exercise_id', 'student_id', 'wrong', 'marked_at'])
          .where('exercise_id', 'in', ids)
          .where('student_id', 'in', [0, ...rows.map((s) => s.studentId)])
          .execute()
      : [];
    const withWords = await Promise.all(
      exercises.map(async (e) => ({ ...e, words: await wordsOf(e.id) })),
    );
    return { group, exercises: withWords, students: rows, marks };
  };

  router.sessionRoute(r.wordExerciseStudentDetail, TAG, async ({ body, session }) => {
    const { exercises, students, marks } = await groupOf(accessOf(db, session), body);
    return {
      exercises: exercises.map((e) => ({ id: e.id, name: e.name, words: e.words })),
      students: students.map((s) => ({
        ...s,
        results: exercises.map((e) => {
          const m = marks.find((x) => x.exercise_id === e.id && x.student_id === s.studentId);
          return m ? parseWrong(m.wrong) : null;
        }),
      })),
    };
  });

  /** Each student's wrong words over the group's lists, most often wrong, then latest, first. */
  const wrongBookOf = async (access: Access, body: WordTargetBody) => {
    const found = await groupOf(access, body);
    const { exercises, students, marks } = found;
    const book: WordWrongBook = {
      students: students.map((s) => {
        const words = new Map<string, WrongWord>();
        let marked = 0;
        for (const e of exercises) {
          const m = marks.find((x) => x.exercise_id === e.id && x.student_id === s.studentId);
          if (!m) continue;
          marked += 1;
          for (const p of parseWrong(m.wrong)) {
            const w = e.words.find((x) => x.position === p);
            if (!w) continue;
            const key = `${e.subjectId}|${w.word}`;
            const at = Number(m.marked_at);
            const had = words.get(key);
            const latest = !had || at >= had.lastWrongAt;
            words.set(key, {
              word: w.word,
              reading: latest ? w.reading : had.reading,
              meaning: latest ? w.meaning : had.meaning,
              subjectId: e.subjectId,
              subjectName: e.subjectName,
              count: (had?.count ?? 0) + 1,
              lastWrongAt: Math.max(at, had?.lastWrongAt ?? 0),
              exercises: [...(had?.exercises ?? []), e.name],
            });
          }
        }
        return {
          ...s,
          marked,
          words: [...words.values()].sort(
            (a, b) => b.count - a.count || b.lastWrongAt - a.lastWrongAt,
          ),
        };
      }),
    };
    return { ...found, book };
  };

  router.sessionRoute(r.wordExerciseWrongWords, TAG, async ({ body, session }) => {
    return (await wrongBookOf(accessOf(db, session), body)).book;
  });

  router.sessionRoute(r.wordExerciseReview, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const earlier = await byKeyOf(session, body.idempotencyKey);
    if (earlier) return detailOf(access, earlier);
    const { group, book } = await wrongBookOf(access, body);
    const all = new Map<string, WrongWord & { students: number }>();
    for (const s of book.students)
      for (const w of s.words) {
        const key = `${w.subjectId}|${w.word}`;
        const had = all.get(key);
        all.set(key, {
          ...w,
          count: (had?.count ?? 0) + w.count,
          lastWrongAt: Math.max(w.lastWrongAt, had?.lastWrongAt ?? 0),
          students: (had?.students ?? 0) + 1,
        });
      }
    const words = [...all.values()].sort(
      (a, b) => b.count - a.count || b.students - a.students || b.lastWrongAt - a.lastWrongAt,
    );
    if (words.length === 0) throw badRequest('还没有错词，无需生成复习');
    const subjectIds = [...new Set(words.map((w) => w.subjectId))];
    if (subjectIds.length > 1) throw badRequest('错词来自语文和英语两个科目，请先选择科目');
    const who = body.studentId !== null && book.students[0] ? book.students[0].name : group.name;
    const [, month, day] = chinaDate(clock.now().getTime()).split('-').map(Number);
    const name = `${who}错词复习（${month}月${day}日）`.slice(0, 40);
    return createList(access, {
      name,
      gradeId: group.gradeId,
      subjectId: subjectIds[0]!,
      words: normaliseWords(
        words.slice(0, WORD_LIMITS.words).map((w) => ({
          word: w.word,
          reading: w.reading,
          meaning: w.meaning,
        })),
      ),
      idempotencyKey: body.idempotencyKey,
    });
  });

  router.sessionDownload(
    {
      url: WORD_WRONG_EXPORT_URL,
      summary: 'the 错题本 of words of a class, teaching class or one student as an Excel workbook',
      query: Type.Object(
        {
          classId: Type.Optional(Type.Integer({ minimum: 1 })),
          teachingClassId: Type.Optional(Type.Integer({ minimum: 1 })),
          studentId: Type.Optional(Type.Integer({ minimum: 1 })),
          subjectId: Type.Optional(Type.Integer({ minimum: 1 })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const q = query as Partial<Record<keyof WordTargetBody, number>>;
      const { group, book } = await wrongBookOf(accessOf(db, session), {
        classId: q.classId ?? null,
        teachingClassId: q.teachingClassId ?? null,
        studentId: q.studentId ?? null,
        subjectId: q.subjectId ?? null,
      });
      const body = await writeSheet(
        '错题本',
        [
          '学号',
          '姓名',
          '班级',
          '字词',
          '拼音/音标',
          '释义',
          '科目',
          '错误次数',
          '最近出错',
          '出错的练习',
        ],
        book.students.flatMap((s) =>
          s.words.map((w) => [
            s.studentNo,
            s.name,
            s.className,
            w.word,
            w.reading,
            w.meaning,
            w.subjectName,
            w.count,
            chinaDate(w.lastWrongAt),
            w.exercises.join('、'),
          ]),
        ),
      );
      const who =
        q.studentId !== undefined && book.students[0] ? book.students[0].name : group.name;
      return {
        fileName: `${who}-字词错题本.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body,
      };
    },
  );
}
