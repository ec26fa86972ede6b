import { Type, type Static } from 'typebox';
import { gradeSubjectRow, Nullable, Obj, post, titled as t, studentFields } from './builders';

/**
 * /homework/word-exercise (字词练习: question, accuracy, detail, card): a teacher's word list per
 * grade × subject (语文 字词 with 拼音 and 释义, 英语 单词 with 音标 and 释义), assigned to classes
 * with a due time, printed as a numbered 听写 card, and each student's wrong words marked on
 * screen. The spec names the pages only; the calls are examkit's (docs/homework.md "字词练习").
 */

const ExerciseId = t('字词练习', Type.Integer({ minimum: 1 }));

/** The subjects a word list is made for. */
export const WORD_EXERCISE_SUBJECTS = ['语文', '英语'] as const;

/** Limits of a word list, checked by the form and the server alike. */
export const WORD_LIMITS = { words: 60, word: 20, reading: 60, meaning: 100 } as const;

/** What the reading of a word is called in a subject: 音标 for 英语, 拼音 otherwise. */
export const readingLabelOf = (subjectName: string) => (subjectName === '英语' ? '音标' : '拼音');

export const WordInput = Type.Object(
  {
    word: t('字词', Type.String({ minLength: 1, maxLength: WORD_LIMITS.word })),
    reading: t('拼音或音标', Type.String({ maxLength: WORD_LIMITS.reading })),
    meaning: t('释义', Type.String({ maxLength: WORD_LIMITS.meaning })),
  },
  { additionalProperties: false },
);
export type WordInput = Static<typeof WordInput>;

export const WordEntry = Type.Object({
  /** 1-based number printed on the 听写 card. */
  position: Type.Integer(),
  word: Type.String(),
  reading: Type.String(),
  meaning: Type.String(),
});
export type WordEntry = Static<typeof WordEntry>;

export const WordExerciseSummary = Type.Object({
  ...gradeSubjectRow(),
  wordCount: Type.Integer(),
  /** The classes it is assigned to that the caller teaches, with the due time. */
  classes: Type.Array(
    Type.Object({ classId: Type.Integer(), className: Type.String(), dueAt: Type.Integer() }),
  ),
  /** The teaching classes (教学班) it is assigned to that the caller teaches, with the due time. */
  teachingClasses: Type.Array(
    Type.Object({
      teachingClassId: Type.Integer(),
      name: Type.String(),
      dueAt: Type.Integer(),
    }),
  ),
  /** Students of those classes and teaching classes whose wrong words are marked. */
  marked: Type.Integer(),
  /** Some student's result is marked (by anyone): the words are fixed. */
  locked: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export type WordExerciseSummary = Static<typeof WordExerciseSummary>;

export const WordExerciseDetail = Type.Object({
  ...WordExerciseSummary.properties,
  words: Type.Array(WordEntry),
  /** The classes of the grade the caller may assign it to. */
  targets: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), studentCount: Type.Integer() }),
  ),
  /** The teaching classes of the grade × subject the caller may assign it to. */
  teachingTargets: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), studentCount: Type.Integer() }),
  ),
});
export type WordExerciseDetail = Static<typeof WordExerciseDetail>;

export const WordMarkStudent = Type.Object({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** The positions of the wrong words; null while not marked. */
  wrong: Nullable(Type.Array(Type.Integer())),
});
export type WordMarkStudent = Static<typeof WordMarkStudent>;

export const WordAccuracy = Type.Object({
  expected: Type.Integer(),
  marked: Type.Integer(),
  /** Lowest 正确率 first, then by number. */
  words: Type.Array(
    Type.Object({
      ...WordEntry.properties,
      right: Type.Integer(),
      wrong: Type.Integer(),
      /** 正确率 in percent (one decimal) over the marked students, null before any. */
      rate: Nullable(Type.Number()),
      /** Who wrote it wrong. */
      wrongNames: Type.Array(Type.String()),
    }),
  ),
});
export type WordAccuracy = Static<typeof WordAccuracy>;

export const WordStudentDetail = Type.Object({
  /** The exercises assigned to the class, oldest first, with their words. */
  exercises: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), words: Type.Array(WordEntry) }),
  ),
  students: Type.Array(
    Type.Object({
      studentId: Type.Integer(),
      studentNo: Type.String(),
      name: Type.String(),
      /** The student's administrative class (a teaching class's members come from several). */
      className: Type.String(),
      /** One per exercise, in the same order: the wrong positions, null when not marked. */
      results: Type.Array(Nullable(Type.Array(Type.Integer()))),
    }),
  ),
});
export type WordStudentDetail = Static<typeof WordStudentDetail>;

/** A word a student wrote wrong, over the lists of a class or teaching class. */
export const WrongWord = Type.Object({
  word: Type.String(),
  /** 拼音 or 音标 and 释义 of the latest list holding it. */
  reading: Type.String(),
  meaning: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  /** How many times it was marked wrong (once a list). */
  count: Type.Integer(),
  /** When the latest wrong result was marked (ms). */
  lastWrongAt: Type.Integer(),
  /** The lists it was wrong in, oldest first. */
  exercises: Type.Array(Type.String()),
});
export type WrongWord = Static<typeof WrongWord>;

/** 错题本 of words: per student their wrong words, most often wrong first. */
export const WordWrongBook = Type.Object({
  students: Type.Array(
    Type.Object({
      ...studentFields(),
      /** How many of the lists the student has a marked result in. */
      marked: Type.Integer(),
      words: Type.Array(WrongWord),
    }),
  ),
});
export type WordWrongBook = Static<typeof WordWrongBook>;

const W = '/marking-homework/homework/word-exercise';

/** The 听写 card of a word list (PDF, the answer-sheet engine): `GET …?id=`. */
export const WORD_EXERCISE_CARD_URL = `${W}/card`;

const ClassFilter = t('班级', Nullable(Type.Integer({ minimum: 1 })));
/** One teaching class instead of a class (null or left out: none). */
const TeachingClassFilter = Type.Optional(t('教学班', Nullable(Type.Integer({ minimum: 1 }))));
/** A class or a teaching class (one of them), a student of it or all, a subject or both. */
const WordTarget = {
  classId: ClassFilter,
  teachingClassId: TeachingClassFilter,
  studentId: t('学生', Nullable(Type.Integer({ minimum: 1 }))),
  subjectId: t('科目', Nullable(Type.Integer({ minimum: 1 }))),
};

/**
 * GET `?classId=` or `?teachingClassId=`, with `&studentId=` and `&subjectId=` if chosen: the
 * 错题本 of words as an Excel workbook.
 */
export const WORD_WRONG_EXPORT_URL = `${W}/wrong-words/export`;
const TargetIds = (title: string) =>
  t(title, Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 40, uniqueItems: true }));

/** The 字词练习 calls (behind Homework-SchoolBase). */
export const homeworkWordExerciseRoutes = {
  wordExerciseList: post(
    `${W}/list`,
    'the word lists of the grades × subjects the caller reaches (and their own), newest first',
    Obj({
      gradeId: t('年级', Nullable(Type.Integer({ minimum: 1 }))),
      subjectId: t('科目', Nullable(Type.Integer({ minimum: 1 }))),
    }),
    Type.Array(WordExerciseSummary),
  ),
  wordExerciseDetail: post(
    `${W}/detail`,
    'one word list with its words and the classes the caller may assign it to',
    Obj({ id: ExerciseId }),
    WordExerciseDetail,
  ),
  wordExerciseSave: post(
    `${W}/save`,
    'create (id null) or change a word list; the words are fixed once a result is marked; a retried create answers the first',
    Obj({
      id: t('字词练习', Nullable(Type.Integer({ minimum: 1 }))),
      name: t('练习名称', Type.String({ minLength: 1, maxLength: 40 })),
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      words: t('字词', Type.Array(WordInput, { minItems: 1, maxItems: WORD_LIMITS.words })),
      idempotencyKey: t('请求标识', Type.String({ minLength: 8, maxLength: 64 })),
    }),
    WordExerciseDetail,
  ),
  wordExerciseRemove: post(
    `${W}/remove`,
    'delete a word list without marked results',
    Obj({ id: ExerciseId }),
    Type.Null(),
  ),
  wordExerciseAssign: post(
    `${W}/assign`,
    'assign to classes and teaching classes of the caller with a due time (one again changes its due time)',
    Obj({
      id: ExerciseId,
      classIds: TargetIds('班级'),
      teachingClassIds: Type.Optional(TargetIds('教学班')),
      dueAt: t('截止时间', Type.Integer({ minimum: 0 })),
    }),
    WordExerciseDetail,
  ),
  wordExerciseMarks: post(
    `${W}/marks`,
    'the caller’s students of the assigned classes (学号 order) with their wrong words',
    Obj({ id: ExerciseId, classId: ClassFilter, teachingClassId: TeachingClassFilter }),
    Type.Array(WordMarkStudent),
  ),
  wordExerciseMark: post(
    `${W}/mark`,
    'a student’s wrong words (positions; empty: all right); again replaces them',
    Obj({
      id: ExerciseId,
      studentId: t('学生', Type.Integer({ minimum: 1 })),
      wrong: t(
        '错词',
        Type.Array(Type.Integer({ minimum: 1, maximum: WORD_LIMITS.words }), {
          maxItems: WORD_LIMITS.words,
          uniqueItems: true,
        }),
      ),
    }),
    WordMarkStudent,
  ),
  wordExerciseAccuracy: post(
    `${W}/accuracy`,
    'the 正确率 of each word over the caller’s marked students, lowest first',
    Obj({ id: ExerciseId, classId: ClassFilter, teachingClassId: TeachingClassFilter }),
    WordAccuracy,
  ),
  wordExerciseStudentDetail: post(
    `${W}/student-detail`,
    'one class’s or teaching class’s students (or one student) over the word lists assigned to it: the wrong words of each',
    Obj(WordTarget),
    WordStudentDetail,
  ),
  wordExerciseWrongWords: post(
    `${W}/wrong-words`,
    'the 错题本 of words: each student’s wrong words over the lists of a class or teaching class, most often wrong first',
    Obj(WordTarget),
    WordWrongBook,
  ),
  wordExerciseReview: post(
    `${W}/review`,
    'a new word list (复习) of the wrong words of a class, teaching class or one student, most often wrong first; a retry answers the first',
    Obj({
      ...WordTarget,
      idempotencyKey: t('请求标识', Type.String({ minLength: 8, maxLength: 64 })),
    }),
    WordExerciseDetail,
  ),
};
