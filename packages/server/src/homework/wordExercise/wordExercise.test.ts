import {
  homeworkRoutes,
  homeworkWordExerciseRoutes,
  WORD_EXERCISE_CARD_URL,
  WORD_WRONG_EXPORT_URL,
  type WordAccuracy,
  type WordExerciseDetail,
  type WordExerciseSummary,
  type WordMarkStudent,
  type WordStudentDetail,
  type WordWrongBook,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_NOW } from '../../test/fixtures';
import { sharedTestServer } from '../../test/sharedServer';
import {
  addTeachingClass,
  downloadedSheetRows,
  gradeOnePair,
  homeworkCallers,
  type HomeworkPair,
  otherSchoolId,
} from '../testKit';

const routes = { ...homeworkRoutes, ...homeworkWordExerciseRoutes };

const WORDS = [
  { word: '蜻蜓', reading: 'qīng tíng', meaning: '一种昆虫' },
  { word: '蝴蝶', reading: 'hú dié', meaning: '' },
  { word: '展开', reading: 'zhǎn kāi', meaning: '张开' },
];

describe.each(DIALECTS)('字词练习 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const { as, ok, signInAll, tokens } = homeworkCallers(routes, () => server);
  let chinese: HomeworkPair;
  let ownClass: number;
  let otherClass: number;
  let exercise: WordExerciseDetail;
  let students: WordMarkStudent[];

  const create = (who: string, body: Record<string, unknown> = {}) =>
    as<WordExerciseDetail>(who, 'wordExerciseSave', {
      id: null,
      name: '第一单元听写',
      gradeId: chinese.gradeId,
      subjectId: chinese.subjectId,
      words: WORDS,
      idempotencyKey: `words-${dialect}-1`,
      ...body,
    });

  beforeAll(async () => {
    await signInAll('admin', 'head', 'teacher', 'lab-admin');
    chinese = await gradeOnePair(ok, 'head', '语文');
    const classes = await server.db.selectFrom('classes').select(['id', 'name']).execute();
    ownClass = classes.find((c) => c.name === '高一(1)班')!.id;
    otherClass = classes.find((c) => c.name === '高一(2)班')!.id;
  }, 180_000);

  it('makes a word list once however often the create is retried, and lists it', async () => {
    const made = await create('head');
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    exercise = made.body.data;
    expect(exercise).toMatchObject({
      name: '第一单元听写',
      gradeName: '高一',
      subjectName: '语文',
      wordCount: 3,
      locked: false,
    });
    expect(exercise.words.map((w) => [w.position, w.word])).toEqual([
      [1, '蜻蜓'],
      [2, '蝴蝶'],
      [3, '展开'],
    ]);
    // The 班主任 of 高一(1)班 may assign to their own class only.
    expect(exercise.targets.map((t) => t.id)).toEqual([ownClass]);
    const again = await create('head', { name: '另一个名字' });
    expect(again.body.data.id).toBe(exercise.id);
    const rows = await server.db
      .selectFrom('homework_word_exercises')
      .select('id')
      .where('idempotency_key', '=', `words-${dialect}-1`)
      .execute();
    expect(rows).toHaveLength(1);
    const list = await ok<WordExerciseSummary[]>('head', 'wordExerciseList', {
      gradeId: null,
      subjectId: null,
    });
    expect(list.map((x) => x.id)).toContain(exercise.id);
  });

  it('refuses bad lists, subjects other than 语文 and 英语, and grades out of reach', async () => {
    expect(
      (
        await create('head', {
          idempotencyKey: `words-${dialect}-dup`,
          words: [WORDS[0], WORDS[0]],
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '第 2 个字词“蜻蜓”重复' });
    const math = await gradeOnePair(ok, 'teacher', '数学');
    expect(
      (
        await create('teacher', {
          idempotencyKey: `words-${dialect}-math`,
          subjectId: math.subjectId,
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '字词练习只能用于语文或英语' });
    // 语文 is not the 数学 teacher's subject.
    expect((await create('teacher', { idempotencyKey: `words-${dialect}-t` })).body).toMatchObject({
      code: 400,
      msg: '年级或科目不存在，或不在您的任教范围',
    });
  });

  it('assigns to the caller’s classes only, with a due time', async () => {
    const due = TEST_NOW.getTime() + 86_400_000;
    expect(
      (
        await as('head', 'wordExerciseAssign', {
          id: exercise.id,
          classIds: [otherClass],
          dueAt: due,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    const assigned = await ok<WordExerciseDetail>('head', 'wordExerciseAssign', {
      id: exercise.id,
      classIds: [ownClass],
      dueAt: due,
    });
    expect(assigned.classes).toEqual([{ classId: ownClass, className: '高一(1)班', dueAt: due }]);
  });

  it('keeps one result per student however often it is marked, and sorts the 正确率 lowest first', async () => {
    students = await ok<WordMarkStudent[]>('head', 'wordExerciseMarks', {
      id: exercise.id,
      classId: null,
    });
    expect(students.length).toBeGreaterThan(2);
    expect(students.every((s) => s.classId === ownClass && s.wrong === null)).toBe(true);
    const [a, b] = students;
    await ok('head', 'wordExerciseMark', { id: exercise.id, studentId: a!.studentId, wrong: [3] });
    // The retry (and a correction) replace the first result.
    await ok('head', 'wordExerciseMark', {
      id: exercise.id,
      studentId: a!.studentId,
      wrong: [3, 2],
    });
    await ok('head', 'wordExerciseMark', {
      id: exercise.id,
      studentId: a!.studentId,
      wrong: [3, 2],
    });
    const marked = await ok<WordMarkStudent>('head', 'wordExerciseMark', {
      id: exercise.id,
      studentId: b!.studentId,
      wrong: [3],
    });
    expect(marked.wrong).toEqual([3]);
    const rows = await server.db
      .selectFrom('homework_word_marks')
      .selectAll()
      .where('exercise_id', '=', exercise.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(
      (
        await as('head', 'wordExerciseMark', {
          id: exercise.id,
          studentId: b!.studentId,
          wrong: [4],
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '错词序号超出范围（共 3 个字词）' });

    const accuracy = await ok<WordAccuracy>('head', 'wordExerciseAccuracy', {
      id: exercise.id,
      classId: ownClass,
    });
    expect(accuracy.marked).toBe(2);
    expect(accuracy.expected).toBe(students.length);
    expect(accuracy.words.map((w) => [w.word, w.right, w.wrong, w.rate])).toEqual([
      ['展开', 0, 2, 0],
      ['蝴蝶', 1, 1, 50],
      ['蜻蜓', 2, 0, 100],
    ]);
    expect(accuracy.words[1]!.wrongNames).toEqual([a!.name]);

    const detail = await ok<WordStudentDetail>('head', 'wordExerciseStudentDetail', {
      classId: ownClass,
      studentId: a!.studentId,
      subjectId: null,
    });
    expect(detail.exercises.map((e) => e.name)).toEqual(['第一单元听写']);
    expect(detail.students).toEqual([
      {
        studentId: a!.studentId,
        studentNo: a!.studentNo,
        name: a!.name,
        className: '高一(1)班',
        results: [[2, 3]],
      },
    ]);
    const everyone = await ok<WordStudentDetail>('head', 'wordExerciseStudentDetail', {
      classId: ownClass,
      studentId: null,
      subjectId: null,
    });
    expect(everyone.students).toHaveLength(students.length);
    expect(everyone.students[2]!.results).toEqual([null]);

    // The words are fixed once marked; the name may change; deleting is refused.
    const edit = (words: unknown) =>
      as('head', 'wordExerciseSave', {
        id: exercise.id,
        name: '第一单元听写（改）',
        gradeId: chinese.gradeId,
        subjectId: chinese.subjectId,
        words,
        idempotencyKey: `words-${dialect}-edit`,
      });
    expect((await edit([...WORDS].reverse())).body).toMatchObject({
      code: 400,
      msg: '已有听写结果，字词和年级科目不能再修改',
    });
    expect((await edit(WORDS)).body.code).toBe(200);
    expect((await as('head', 'wordExerciseRemove', { id: exercise.id })).body).toMatchObject({
      code: 400,
      msg: '已有听写结果，不能删除',
    });
  });

  it('prints the 听写 card as a PDF', async () => {
    const card = await server.app.inject({
      method: 'GET',
      url: `${WORD_EXERCISE_CARD_URL}?id=${exercise.id}`,
      headers: { token: tokens.head! },
    });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toContain('application/pdf');
    expect(card.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers another school, another subject’s teacher and a class out of scope as missing', async () => {
    for (const who of ['lab-admin', 'teacher']) {
      for (const [route, body] of [
        ['wordExerciseDetail', { id: exercise.id }],
        ['wordExerciseAccuracy', { id: exercise.id, classId: null }],
        ['wordExerciseMarks', { id: exercise.id, classId: null }],
        ['wordExerciseMark', { id: exercise.id, studentId: students[0]!.studentId, wrong: [] }],
      ] as const) {
        expect((await as(who, route, body)).body, `${who} ${route}`).toMatchObject({
          code: 404,
          msg: '字词练习不存在',
        });
      }
      const list = await ok<WordExerciseSummary[]>(who, 'wordExerciseList', {
        gradeId: null,
        subjectId: null,
      });
      expect(list.map((x) => x.id)).not.toContain(exercise.id);
    }
    const card = await server.app.inject({
      method: 'GET',
      url: `${WORD_EXERCISE_CARD_URL}?id=${exercise.id}`,
      headers: { token: tokens['lab-admin']! },
    });
    expect(card.statusCode).toBe(404);
    // The 班主任's class only: 高一(2)班 is not theirs.
    expect(
      (
        await as('head', 'wordExerciseStudentDetail', {
          classId: otherClass,
          studentId: null,
          subjectId: null,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    expect(
      (await as('head', 'wordExerciseMarks', { id: exercise.id, classId: otherClass })).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    // The admin (school-wide) sees the results.
    const admin = await ok<WordMarkStudent[]>('admin', 'wordExerciseMarks', {
      id: exercise.id,
      classId: null,
    });
    expect(admin.filter((s) => s.wrong !== null)).toHaveLength(2);
  });

  it('assigns to a teaching class (教学班): its members are marked and counted, another school’s refused', async () => {
    // A student of 高一(1)班 in the teaching class (the list is given to the teaching class only).
    const member = await server.db
      .selectFrom('students')
      .select(['id', 'name'])
      .where('class_id', '=', ownClass)
      .orderBy('student_no')
      .executeTakeFirstOrThrow();
    const tcId = await addTeachingClass(server, chinese, '语文拓展班', { studentIds: [member.id] });
    const foreign = await addTeachingClass(server, chinese, '外校拓展班', {
      schoolId: await otherSchoolId(server),
    });
    const made = await ok<WordExerciseDetail>('admin', 'wordExerciseSave', {
      id: null,
      name: '拓展班听写',
      gradeId: chinese.gradeId,
      subjectId: chinese.subjectId,
      words: WORDS,
      idempotencyKey: `words-${dialect}-tc`,
    });
    expect(made.teachingTargets).toContainEqual({ id: tcId, name: '语文拓展班', studentCount: 1 });
    expect(made.teachingTargets.map((t) => t.id)).not.toContain(foreign);
    const due = TEST_NOW.getTime() + 86_400_000;
    const assign = (body: Record<string, unknown>) =>
      as('admin', 'wordExerciseAssign', { id: made.id, classIds: [], dueAt: due, ...body });
    expect((await assign({ teachingClassIds: [foreign] })).body).toMatchObject({
      code: 404,
      msg: '教学班不存在',
    });
    expect((await assign({ teachingClassIds: [] })).body).toMatchObject({
      code: 400,
      msg: '请选择布置的班级或教学班',
    });
    const assigned = (await assign({ teachingClassIds: [tcId] })).body;
    expect(assigned.code, JSON.stringify(assigned)).toBe(200);
    expect((assigned.data as WordExerciseDetail).teachingClasses).toEqual([
      { teachingClassId: tcId, name: '语文拓展班', dueAt: due },
    ]);
    expect((assigned.data as WordExerciseDetail).classes).toEqual([]);
    // Its members only: the one student, not the rest of their class.
    const marks = await ok<WordMarkStudent[]>('admin', 'wordExerciseMarks', {
      id: made.id,
      classId: null,
    });
    expect(marks.map((x) => x.name)).toEqual([member.name]);
    expect(
      await ok<WordMarkStudent[]>('admin', 'wordExerciseMarks', {
        id: made.id,
        classId: null,
        teachingClassId: tcId,
      }),
    ).toEqual(marks);
    // Once assigned, the grade × subject stays (assigned to a teaching class only).
    const english = await gradeOnePair(ok, 'admin', '英语');
    expect(
      (
        await as('admin', 'wordExerciseSave', {
          id: made.id,
          name: '拓展班听写',
          gradeId: english.gradeId,
          subjectId: english.subjectId,
          words: WORDS,
          idempotencyKey: `words-${dialect}-tc`,
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '已布置的字词练习不能更换年级科目' });
    await ok('admin', 'wordExerciseMark', { id: made.id, studentId: member.id, wrong: [2] });
    const accuracy = await ok<WordAccuracy>('admin', 'wordExerciseAccuracy', {
      id: made.id,
      classId: null,
      teachingClassId: tcId,
    });
    expect(accuracy).toMatchObject({ expected: 1, marked: 1 });
    expect(accuracy.words[0]).toMatchObject({ word: '蝴蝶', rate: 0, wrongNames: [member.name] });
    const list = await ok<WordExerciseSummary[]>('admin', 'wordExerciseList', {
      gradeId: null,
      subjectId: null,
    });
    expect(list.find((x) => x.id === made.id)).toMatchObject({ marked: 1 });
    // A class the list is not assigned to, a foreign teaching class, both filters at once.
    for (const [filter, reply] of [
      [{ classId: otherClass }, { code: 404, msg: '班级不存在' }],
      [
        { classId: null, teachingClassId: foreign },
        { code: 404, msg: '教学班不存在' },
      ],
      [
        { classId: otherClass, teachingClassId: tcId },
        { code: 400, msg: '请选择一个班级或一个教学班' },
      ],
    ] as const)
      for (const route of ['wordExerciseMarks', 'wordExerciseAccuracy'] as const)
        expect((await as('admin', route, { id: made.id, ...filter })).body).toMatchObject(reply);
  });
  it('keeps a 错题本 of words per student and makes a 复习 list of a class’s or a student’s wrong words, once', async () => {
    const due = TEST_NOW.getTime() + 86_400_000;
    const make = async (name: string, words: typeof WORDS, key: string) => {
      const made = await ok<WordExerciseDetail>('head', 'wordExerciseSave', {
        id: null,
        name,
        gradeId: chinese.gradeId,
        subjectId: chinese.subjectId,
        words,
        idempotencyKey: `words-${dialect}-${key}`,
      });
      await ok('head', 'wordExerciseAssign', { id: made.id, classIds: [ownClass], dueAt: due });
      return made;
    };
    const [a, b, c] = students;
    // 第一单元听写 (marked above): a wrote 蝴蝶 and 展开 wrong, b 展开.
    const second = await make('第二单元听写', WORDS, 'book-2');
    const third = await make(
      '第三单元听写',
      [
        { word: '蝴蝶', reading: 'hú dié', meaning: '昆虫' },
        { word: '翅膀', reading: 'chì bǎng', meaning: '' },
      ],
      'book-3',
    );
    await ok('head', 'wordExerciseMark', { id: second.id, studentId: a!.studentId, wrong: [2] });
    await ok('head', 'wordExerciseMark', { id: third.id, studentId: a!.studentId, wrong: [1] });
    await ok('head', 'wordExerciseMark', { id: third.id, studentId: b!.studentId, wrong: [2] });
    await ok('head', 'wordExerciseMark', { id: third.id, studentId: c!.studentId, wrong: [] });

    const one = await ok<WordWrongBook>('head', 'wordExerciseWrongWords', {
      classId: ownClass,
      studentId: a!.studentId,
      subjectId: null,
    });
    expect(one.students).toHaveLength(1);
    expect(one.students[0]).toMatchObject({ name: a!.name, className: '高一(1)班', marked: 3 });
    expect(one.students[0]!.words.map((w) => [w.word, w.count, w.exercises])).toEqual([
      ['蝴蝶', 3, ['第一单元听写（改）', '第二单元听写', '第三单元听写']],
      ['展开', 1, ['第一单元听写（改）']],
    ]);
    // The latest list's 释义; the time of the latest wrong mark.
    expect(one.students[0]!.words[0]).toMatchObject({
      meaning: '昆虫',
      subjectName: '语文',
      lastWrongAt: TEST_NOW.getTime(),
    });
    const all = await ok<WordWrongBook>('head', 'wordExerciseWrongWords', {
      classId: ownClass,
      studentId: null,
      subjectId: null,
    });
    expect(all.students).toHaveLength(students.length);
    const ofB = all.students.find((s) => s.studentId === b!.studentId)!;
    expect(ofB.words.map((w) => w.word).sort()).toEqual(['展开', '翅膀'].sort());
    expect(all.students.find((s) => s.studentId === c!.studentId)).toMatchObject({
      marked: 1,
      words: [],
    });

    // 一键生成复习 of the class: the wrong words, most often wrong first, a retry answers it.
    const review = (body: Record<string, unknown>) =>
      as('head', 'wordExerciseReview', {
        classId: ownClass,
        studentId: null,
        subjectId: null,
        idempotencyKey: `words-${dialect}-review`,
        ...body,
      });
    const made = (await review({})).body;
    expect(made.code, JSON.stringify(made)).toBe(200);
    const list = made.data as WordExerciseDetail;
    expect(list).toMatchObject({
      name: '高一(1)班错词复习（11月21日）',
      gradeName: '高一',
      subjectName: '语文',
      locked: false,
    });
    expect(list.words.map((w) => [w.position, w.word, w.reading])).toEqual([
      [1, '蝴蝶', 'hú dié'],
      [2, '展开', 'zhǎn kāi'],
      [3, '翅膀', 'chì bǎng'],
    ]);
    expect(((await review({})).body.data as WordExerciseDetail).id).toBe(list.id);
    const kept = await server.db
      .selectFrom('homework_word_exercises')
      .select('id')
      .where('idempotency_key', '=', `words-${dialect}-review`)
      .execute();
    expect(kept).toHaveLength(1);
    // It is assigned like any list.
    const assigned = await ok<WordExerciseDetail>('head', 'wordExerciseAssign', {
      id: list.id,
      classIds: [ownClass],
      dueAt: due,
    });
    expect(assigned.classes.map((x) => x.classId)).toEqual([ownClass]);

    // One student's: their words only; a student with none is refused.
    const mine = await review({ studentId: b!.studentId, idempotencyKey: `words-${dialect}-rb` });
    expect(mine.body.code, JSON.stringify(mine.body)).toBe(200);
    expect((mine.body.data as WordExerciseDetail).name).toBe(`${b!.name}错词复习（11月21日）`);
    expect((mine.body.data as WordExerciseDetail).words.map((w) => w.word).sort()).toEqual(
      ['展开', '翅膀'].sort(),
    );
    expect(
      (await review({ studentId: c!.studentId, idempotencyKey: `words-${dialect}-rc` })).body,
    ).toMatchObject({ code: 400, msg: '还没有错词，无需生成复习' });

    // The Excel of one student's 错题本.
    const rows = await downloadedSheetRows(
      server,
      `${WORD_WRONG_EXPORT_URL}?classId=${ownClass}&studentId=${a!.studentId}`,
      tokens.head!,
    );
    expect(rows[0]).toEqual([
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
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[7], r[8]])).toEqual([
      [a!.name, '蝴蝶', '3', '2026-11-21'],
      [a!.name, '展开', '1', '2026-11-21'],
    ]);

    // Another class, another school's teacher, a student outside, both filters, no filter.
    for (const [who, body, reply] of [
      ['head', { classId: otherClass }, { code: 404, msg: '班级不存在' }],
      ['lab-admin', {}, { code: 404, msg: '班级不存在' }],
      ['teacher', {}, { code: 404, msg: '班级不存在' }],
      [
        'head',
        { studentId: 999_999, idempotencyKey: `words-${dialect}-rx` },
        { code: 404, msg: '学生不存在' },
      ],
      [
        'head',
        { teachingClassId: 1, idempotencyKey: `words-${dialect}-ry` },
        { code: 400, msg: '请选择一个班级或一个教学班' },
      ],
      [
        'head',
        { classId: null, idempotencyKey: `words-${dialect}-rz` },
        { code: 400, msg: '请选择一个班级或一个教学班' },
      ],
    ] as const) {
      const body2 = {
        classId: ownClass,
        studentId: null,
        subjectId: null,
        idempotencyKey: `words-${dialect}-${who}-r`,
        ...body,
      };
      expect((await as(who, 'wordExerciseReview', body2)).body, `${who} review`).toMatchObject(
        reply,
      );
      const { idempotencyKey: _, ...query } = body2;
      expect((await as(who, 'wordExerciseWrongWords', query)).body, `${who} book`).toMatchObject(
        reply,
      );
    }
    const foreign = await server.app.inject({
      method: 'GET',
      url: `${WORD_WRONG_EXPORT_URL}?classId=${ownClass}`,
      headers: { token: tokens['lab-admin']! },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows 学生详情 and the 错题本 of a teaching class: its members with their class, its lists', async () => {
    // The last student of 高一(1)班 in a teaching class of the grade.
    const member = await server.db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.name', 'c.id as classId', 'c.name as className'])
      .where('s.class_id', '=', ownClass)
      .orderBy('s.student_no', 'desc')
      .executeTakeFirstOrThrow();
    const tcId = await addTeachingClass(server, chinese, '语文提高班', { studentIds: [member.id] });
    const foreign = await addTeachingClass(server, chinese, '外校提高班', {
      schoolId: await otherSchoolId(server),
    });
    const made = await ok<WordExerciseDetail>('admin', 'wordExerciseSave', {
      id: null,
      name: '提高班听写',
      gradeId: chinese.gradeId,
      subjectId: chinese.subjectId,
      words: WORDS,
      idempotencyKey: `words-${dialect}-tc-detail`,
    });
    await ok('admin', 'wordExerciseAssign', {
      id: made.id,
      classIds: [],
      teachingClassIds: [tcId],
      dueAt: TEST_NOW.getTime() + 86_400_000,
    });
    await ok('admin', 'wordExerciseMark', { id: made.id, studentId: member.id, wrong: [1, 3] });
    const body = { classId: null, teachingClassId: tcId, studentId: null, subjectId: null };
    const detail = await ok<WordStudentDetail>('admin', 'wordExerciseStudentDetail', body);
    expect(detail.exercises.map((e) => e.name)).toEqual(['提高班听写']);
    expect(detail.students).toEqual([
      {
        studentId: member.id,
        studentNo: expect.any(String),
        name: member.name,
        className: member.className,
        results: [[1, 3]],
      },
    ]);
    // Not under the member's class: the list was given to the teaching class only.
    const ofClass = await ok<WordStudentDetail>('admin', 'wordExerciseStudentDetail', {
      classId: member.classId,
      studentId: null,
      subjectId: null,
    });
    expect(ofClass.exercises.map((e) => e.name)).not.toContain('提高班听写');
    const book = await ok<WordWrongBook>('admin', 'wordExerciseWrongWords', body);
    expect(book.students[0]!.words.map((w) => w.word)).toEqual(['蜻蜓', '展开']);
    const review = await ok<WordExerciseDetail>('admin', 'wordExerciseReview', {
      ...body,
      idempotencyKey: `words-${dialect}-tc-review`,
    });
    expect(review.name).toBe('语文提高班错词复习（11月21日）');
    expect(review.words.map((w) => w.word)).toEqual(['蜻蜓', '展开']);
    // Another school's teaching class; one the 班主任 does not teach.
    for (const [who, id] of [
      ['admin', foreign],
      ['head', tcId],
      ['lab-admin', tcId],
    ] as const)
      for (const route of ['wordExerciseStudentDetail', 'wordExerciseWrongWords'] as const)
        expect(
          (await as(who, route, { ...body, teachingClassId: id })).body,
          `${who} ${route}`,
        ).toMatchObject({ code: 404, msg: '教学班不存在' });
  });
});
