import {
  homeworkAssistantRoutes,
  homeworkPaperRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  homeworkWorkbookRoutes,
  type FrequencyRow,
  type HomeworkDetail,
  type WorkbookChapterRef,
  type HomeworkScanPage,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { authRoutes, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../../core/seatAccess';
import { DEMO_PASSWORD } from '../../seed/seedDemo';
import { call, DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../../test/fixtures';
import {
  addTeachingClass,
  assignHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
  otherSchoolId,
  TEST_QUESTIONS,
  type HomeworkPair,
} from '../testKit';

type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkAssistantRoutes &
  typeof homeworkWorkbookRoutes &
  typeof homeworkPaperRoutes;
const routes: Routes = {
  ...homeworkPaperRoutes,
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkAssistantRoutes,
  ...homeworkWorkbookRoutes,
};

describe.each(DIALECTS)('教辅 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let pair: HomeworkPair;
  let classIds: number[];
  let batchId: number;
  let chapterId: number;
  let secondId: number;
  const students: Record<number, { id: number; no: string; name: string }[]> = {};
  let headClass: number;
  let otherClass: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'head', 'lab-admin');
    // The small demo school has one class a grade: a second 高一 class the 班主任 does not lead.
    const grade = await gradeOnePair(ok, 'admin', '数学');
    const { id: extra } = await server.db
      .insertInto('classes')
      .values({ grade_id: grade.gradeId, name: '高一(9)班' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('students')
      .values(
        [1, 2].map((n) => ({
          school_id: server.seed.demoSchoolId,
          class_id: extra,
          student_no: `20261009${String(n).padStart(2, '0')}`,
          name: `外班学生${n}`,
          tel: null,
        })),
      )
      .execute();
    pair = await gradeOnePair(ok, 'admin', '数学');
    classIds = pair.targets
      .filter((t) => t.kind === 'class')
      .slice(0, 2)
      .map((t) => t.id);
    for (const id of classIds)
      students[id] = await server.db
        .selectFrom('students')
        .select(['id', 'student_no as no', 'name'])
        .where('class_id', '=', id)
        .orderBy('student_no')
        .execute();
    ({ id: batchId } = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      name: '同步练习册·数学必修第一册',
      publisher: '人民教育出版社',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds,
      idempotencyKey: `workbook-${dialect}`,
    }));
    ({ id: chapterId } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第一章 集合',
      questions: TEST_QUESTIONS,
      estimatedMinutes: 20,
      idempotencyKey: `chapter-1-${dialect}`,
    }));
    ({ id: secondId } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第二章 函数',
      questions: TEST_QUESTIONS.slice(0, 1),
      estimatedMinutes: 15,
      idempotencyKey: `chapter-2-${dialect}`,
    }));
    // The chapter is assigned, scanned and corrected with the homework's own calls.
    await assignHomework(ok, chapterId, classIds, 20);
    const sheet = await homeworkSheet(server, chapterId, '数学');
    const hand = [
      { cls: classIds[0]!, i: 0, answers: { h1: 'A', h2: 'BD' }, score: 10 },
      { cls: classIds[0]!, i: 1, answers: { h1: 'C', h2: 'BD' }, score: 4 },
      { cls: classIds[1]!, i: 0, answers: { h1: 'C', h2: 'B' }, score: 10 },
    ];
    for (const [n, h] of hand.entries()) {
      const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
        id: chapterId,
        fileName: `${n}.png`,
        contentBase64: await filledScan(sheet, students[h.cls]![h.i]!.no, h.answers),
      });
      expect(page.status).toBe('matched');
      await ok('admin', 'score', {
        submissionId: page.submissionId,
        questionNo: 3,
        score: h.score,
      });
    }
    const mine = await ok<WorkbookBatch[]>('head', 'workbookBatches', {});
    headClass = mine[0]!.classes[0]!.id;
    otherClass = classIds.find((c) => c !== headClass)!;
  }, 180_000);
  afterAll(() => server.close());

  it('keeps a batch once per key, with its chapters in book order', async () => {
    const again = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      name: '另一个名字',
      publisher: '',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds,
      idempotencyKey: `workbook-${dialect}`,
    });
    expect(again.id).toBe(batchId);
    const retry = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第一章 集合',
      questions: TEST_QUESTIONS,
      estimatedMinutes: 20,
      idempotencyKey: `chapter-1-${dialect}`,
    });
    expect(retry.id).toBe(chapterId);
    const batches = await ok<WorkbookBatch[]>('admin', 'workbookBatches', {
      gradeId: pair.gradeId,
    });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      name: '同步练习册·数学必修第一册',
      publisher: '人民教育出版社',
      subjectName: '数学',
      chapterCount: 2,
    });
    expect(batches[0]!.classes.map((c) => c.id)).toEqual([...classIds].sort((a, b) => a - b));
  });

  it('shows each chapter with hand-ins and the average of the corrected', async () => {
    const detail = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    const expected = students[classIds[0]!]!.length + students[classIds[1]!]!.length;
    expect(detail.chapters).toEqual([
      {
        homeworkId: chapterId,
        position: 1,
        title: '第一章 集合',
        state: 'assigned',
        questionCount: 3,
        fullMarks: 20,
        expected,
        submitted: 3,
        corrected: 3,
        // 20 (A, BD, 10), 9 (C, BD, 4), 12.5 (C, B half, 10)
        average: 13.8,
      },
      {
        homeworkId: secondId,
        position: 2,
        title: '第二章 函数',
        state: 'ready',
        questionCount: 1,
        fullMarks: 5,
        expected: 0,
        submitted: 0,
        corrected: 0,
        average: null,
      },
    ]);
    const ref = await ok('admin', 'workbookChapter', { id: chapterId });
    expect(ref).toMatchObject({
      workbookId: batchId,
      position: 1,
      title: '第一章 集合',
      estimatedMinutes: 20,
    });
  });

  it('leaves chapters out of the 校本作业 list, and counts them in 高频错题', async () => {
    const page = await ok<{ list: { id: number }[] }>('admin', 'homeworkPage', {
      pageNum: 1,
      pageSize: 50,
    });
    expect(page.list.map((h) => h.id)).not.toContain(chapterId);
    const frequency = await ok<FrequencyRow[]>('admin', 'assistantFrequency', {
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      period: '7',
    });
    expect(frequency[0]).toMatchObject({
      homeworkName: '同步练习册·数学必修第一册 · 第一章 集合',
      label: '1',
      wrong: 2,
    });
  });

  it('lists every student with each chapter, and one student’s chapters', async () => {
    const all = await ok<WorkbookStudents>('admin', 'workbookStudents', { workbookId: batchId });
    expect(all.chapters.map((c) => c.title)).toEqual(['第一章 集合', '第二章 函数']);
    const first = students[classIds[0]!]![1]!;
    const row = all.students.find((s) => s.studentId === first.id)!;
    expect(row).toMatchObject({
      submitted: 1,
      assigned: 1,
      scoreRate: 45,
      cells: [
        { homeworkId: chapterId, assigned: true, status: 'finished', score: 9 },
        { homeworkId: secondId, assigned: false, status: 'not_submitted', score: null },
      ],
    });
    const one = await ok<WorkbookStudentHomework>('admin', 'workbookStudentHomework', {
      workbookId: batchId,
      studentId: first.id,
    });
    expect(one.student).toMatchObject({ studentId: first.id, name: first.name });
    expect(one.chapters).toEqual([
      {
        homeworkId: chapterId,
        position: 1,
        title: '第一章 集合',
        assigned: true,
        status: 'finished',
        score: 9,
        fullMarks: 20,
        wrong: 2,
      },
      {
        homeworkId: secondId,
        position: 2,
        title: '第二章 函数',
        assigned: false,
        status: 'not_submitted',
        score: null,
        fullMarks: 5,
        wrong: 0,
      },
    ]);
  });

  it('lists the wrong questions with who got them wrong, per class', async () => {
    const rows = await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', { workbookId: batchId });
    expect(
      rows.map((r) => [r.label, r.answered, r.wrong, r.wrongRate, r.commonWrongAnswer]),
    ).toEqual([
      ['1', 3, 2, 66.7, 'C'],
      ['2', 3, 1, 33.3, 'B'],
      ['3', 3, 1, 33.3, null],
    ]);
    const one = await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', {
      workbookId: batchId,
      classId: classIds[0],
    });
    expect(one[0]).toMatchObject({
      label: '1',
      answered: 2,
      wrong: 1,
      students: [{ studentId: students[classIds[0]!]![1]!.id }],
    });
  });

  it('keeps a 班主任 to their own class', async () => {
    const detail = await ok<WorkbookBatchDetail>('head', 'workbookBatchDetail', { id: batchId });
    expect(detail.batch.classes.map((c) => c.id)).toEqual([headClass]);
    expect(detail.chapters[0]!.expected).toBe(students[headClass]!.length);
    const list = await ok<WorkbookStudents>('head', 'workbookStudents', { workbookId: batchId });
    expect(new Set(list.students.map((s) => s.className)).size).toBe(1);
    expect(list.students.map((s) => s.studentId)).toEqual(students[headClass]!.map((s) => s.id));
    expect(
      (await as('head', 'workbookStudents', { workbookId: batchId, classId: otherClass })).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    expect(
      (
        await as('head', 'workbookStudentHomework', {
          workbookId: batchId,
          studentId: students[otherClass]![0]!.id,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '学生不存在' });
    const wrong = await ok<WorkbookWrongRow[]>('head', 'workbookWrong', { workbookId: batchId });
    const heads = new Set(students[headClass]!.map((s) => s.id));
    for (const row of wrong)
      for (const s of row.students) expect(heads.has(s.studentId)).toBe(true);
  });

  it('needs 作业分析, refuses another school and a class outside the scope', async () => {
    // The demo 任课教师 role has 校本作业 but not 作业分析.
    expect((await as('teacher', 'workbookBatches', {})).body.code).toBe(403);
    expect((await as('lab-admin', 'workbookBatchDetail', { id: batchId })).body).toMatchObject({
      code: 404,
      msg: '教辅不存在',
    });
    expect((await as('lab-admin', 'workbookChapter', { id: chapterId })).body).toMatchObject({
      code: 404,
      msg: '章节不存在',
    });
    expect(await ok<WorkbookBatch[]>('lab-admin', 'workbookBatches', {})).toEqual([]);
    expect(
      (
        await as('lab-admin', 'workbookChapterCreate', {
          workbookId: batchId,
          title: '第三章',
          questions: TEST_QUESTIONS,
          estimatedMinutes: 10,
          idempotencyKey: `chapter-x-${dialect}`,
        })
      ).body.code,
    ).toBe(404);
    expect(
      (
        await as('head', 'workbookBatchCreate', {
          name: '练习册',
          publisher: '',
          gradeId: pair.gradeId,
          subjectId: pair.subjectId,
          classIds: [otherClass],
          idempotencyKey: `workbook-head-${dialect}`,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    expect(
      (
        await as('admin', 'workbookChapterCreate', {
          workbookId: batchId,
          title: '第三章',
          questions: [{ label: '1', type: 'objective', answer: null, fullMarks: 5 }],
          estimatedMinutes: 10,
          idempotencyKey: `chapter-bad-${dialect}`,
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '第 1 题（题号 1）：客观题需要填写答案' });
  });

  const NOT_EDITABLE = '只有教辅的创建人或任教它全部班级的老师可以修改';

  it('refuses changes to a teacher of another class, another school and the bureau seat', async () => {
    // The 班主任 teaches one of the batch's two classes: they read it, but may not change it.
    const seen = await ok<WorkbookBatchDetail>('head', 'workbookBatchDetail', { id: batchId });
    expect(seen.batch.editable).toBe(false);
    const admin = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    expect(admin.batch.editable).toBe(true);
    const writes: [keyof Routes, Record<string, unknown>, string][] = [
      ['workbookBatchUpdate', { id: batchId, name: '改名', publisher: '', classIds }, '教辅不存在'],
      ['workbookBatchRemove', { id: batchId }, '教辅不存在'],
      ['workbookChapterUpdate', { id: secondId, title: '改名' }, '章节不存在'],
      ['workbookChapterRemove', { id: secondId }, '章节不存在'],
    ];
    for (const [route, body, missing] of writes) {
      expect((await as('head', route, body)).body, route).toMatchObject({
        code: 403,
        msg: NOT_EDITABLE,
      });
      expect((await as('lab-admin', route, body)).body, route).toMatchObject({
        code: 404,
        msg: missing,
      });
    }
    // The bureau seat reads the 教辅 pages and changes nothing.
    const seat = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    const asSeat = <T>(route: keyof Routes, body: Record<string, unknown>) =>
      call<T>(server.app, routes[route], { token: seat.token, body });
    const list = await asSeat<WorkbookBatch[]>('workbookBatches', {});
    expect(list.body.code).toBe(200);
    const mine = list.body.data.find((b) => b.id === batchId)!;
    expect(mine).toMatchObject({ editable: false, chapterCount: 2 });
    expect(mine.classes.map((c) => c.id)).toEqual([...classIds].sort((a, b) => a - b));
    const detail = await asSeat<WorkbookBatchDetail>('workbookBatchDetail', { id: batchId });
    expect(detail.body.data.chapters.map((c) => c.submitted)).toEqual([3, 0]);
    for (const [route, body] of [
      ['workbookChapter', { id: chapterId }],
      ['workbookStudents', { workbookId: batchId }],
      [
        'workbookStudentHomework',
        { workbookId: batchId, studentId: students[classIds[0]!]![0]!.id },
      ],
      ['workbookWrong', { workbookId: batchId }],
    ] as const)
      expect((await asSeat(route, body)).body.code, route).toBe(200);
    for (const [route, body] of writes)
      expect((await asSeat(route, body)).body, route).toMatchObject({
        code: 403,
        msg: SEAT_READ_ONLY_MESSAGE,
      });
  });

  it('renames a batch and its chapters, and changes its classes, retry-safe', async () => {
    const body = {
      id: batchId,
      name: '课时作业本·数学必修第一册',
      publisher: '',
      classIds: [headClass],
    };
    const changed = await ok<WorkbookBatch>('admin', 'workbookBatchUpdate', body);
    // A retry answers the same and changes nothing more.
    expect(await ok<WorkbookBatch>('admin', 'workbookBatchUpdate', body)).toEqual(changed);
    expect(changed).toMatchObject({
      name: '课时作业本·数学必修第一册',
      publisher: '',
      classes: [{ id: headClass }],
      chapterCount: 2,
      editable: true,
    });
    // Each chapter's homework carries the new name.
    const homework = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id: chapterId });
    expect(homework.name).toBe('课时作业本·数学必修第一册 · 第一章 集合');
    // Now the 班主任 teaches every class of it: they may change it.
    const head = await ok<WorkbookBatchDetail>('head', 'workbookBatchDetail', { id: batchId });
    expect(head.batch.editable).toBe(true);
    // A class added must be one the caller may set homework for.
    expect(
      (
        await as('head', 'workbookBatchUpdate', {
          ...body,
          classIds: [headClass, otherClass],
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });
    const back = await ok<WorkbookBatch>('admin', 'workbookBatchUpdate', {
      ...body,
      publisher: '人民教育出版社',
      classIds,
    });
    expect(back.classes.map((c) => c.id)).toEqual([...classIds].sort((a, b) => a - b));
    expect((await as('admin', 'workbookBatchUpdate', { ...body, name: '  ' })).body).toMatchObject({
      code: 400,
      msg: '教辅名称不能为空',
    });

    // A chapter is renamed at any state, a corrected one too.
    const ref = await ok<WorkbookChapterRef>('admin', 'workbookChapterUpdate', {
      id: chapterId,
      title: '第一章 集合与常用逻辑用语',
    });
    expect(ref).toMatchObject({ position: 1, title: '第一章 集合与常用逻辑用语' });
    expect(await ok('admin', 'workbookChapterUpdate', { id: chapterId, title: ref.title })).toEqual(
      ref,
    );
    const renamed = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id: chapterId });
    expect(renamed.name).toBe('课时作业本·数学必修第一册 · 第一章 集合与常用逻辑用语');
    const detail = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    expect(detail.chapters.map((c) => [c.position, c.title, c.submitted])).toEqual([
      [1, '第一章 集合与常用逻辑用语', 3],
      [2, '第二章 函数', 0],
    ]);
  });

  it('deletes a chapter without hand-ins, never one with hand-ins nor its batch', async () => {
    expect((await as('admin', 'workbookChapterRemove', { id: chapterId })).body).toMatchObject({
      code: 400,
      msg: '该章节已有学生提交，不能删除；可以重命名',
    });
    expect((await as('admin', 'workbookBatchRemove', { id: batchId })).body).toMatchObject({
      code: 400,
      msg: '教辅中有章节已有学生提交，不能删除',
    });
    // Nothing of the batch went with the refused delete.
    const kept = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    expect(kept.chapters.map((c) => c.homeworkId)).toEqual([chapterId, secondId]);

    const { id: thirdId } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第三章 指数函数',
      questions: TEST_QUESTIONS.slice(0, 1),
      estimatedMinutes: 10,
      idempotencyKey: `chapter-3-${dialect}`,
    });
    // An assigned chapter without hand-ins may go too.
    await assignHomework(ok, secondId, classIds, 15);
    expect(await ok('admin', 'workbookChapterRemove', { id: secondId })).toBeNull();
    const after = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    // The later chapters move up.
    expect(after.chapters.map((c) => [c.homeworkId, c.position])).toEqual([
      [chapterId, 1],
      [thirdId, 2],
    ]);
    expect(after.batch.chapterCount).toBe(2);
    // Its homework is gone; a retry changes nothing and says so.
    expect((await as('admin', 'homeworkDetail', { id: secondId })).body.code).toBe(404);
    expect((await as('admin', 'workbookChapterRemove', { id: secondId })).body).toMatchObject({
      code: 404,
      msg: '章节不存在',
    });
    // A chapter added next takes the next place.
    const { id: fourthId } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第四章 对数函数',
      questions: TEST_QUESTIONS.slice(0, 1),
      estimatedMinutes: 10,
      idempotencyKey: `chapter-4-${dialect}`,
    });
    expect(await ok('admin', 'workbookChapter', { id: fourthId })).toMatchObject({ position: 3 });

    // A batch of the 班主任's class only: they delete it with its chapters (no hand-ins).
    const { id: own } = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      name: '寒假作业',
      publisher: '',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds: [headClass],
      idempotencyKey: `workbook-own-${dialect}`,
    });
    const { id: ownChapter } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: own,
      title: '第一课',
      questions: TEST_QUESTIONS.slice(0, 1),
      estimatedMinutes: 10,
      idempotencyKey: `chapter-own-${dialect}`,
    });
    expect(await ok('head', 'workbookBatchRemove', { id: own })).toBeNull();
    expect((await as('admin', 'workbookBatchDetail', { id: own })).body).toMatchObject({
      code: 404,
      msg: '教辅不存在',
    });
    expect((await as('admin', 'homeworkDetail', { id: ownChapter })).body.code).toBe(404);
    expect((await as('head', 'workbookBatchRemove', { id: own })).body.code).toBe(404);
  });

  it('corrects an assigned chapter’s key with question/edit, re-scoring every hand-in', async () => {
    const fix = { id: chapterId, no: 1, label: '1', type: 'objective', answer: 'C', fullMarks: 5 };
    // Only who may change the batch may change its chapters’ questions; another school’s is missing.
    expect((await as('head', 'questionEdit', fix)).body).toMatchObject({
      code: 403,
      msg: '只有教辅的创建人或任教它全部班级的老师可以修改',
    });
    expect((await as('lab-admin', 'questionEdit', fix)).body.code).toBe(404);
    const before = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    expect(before.chapters[0]!.average).toBe(13.8);
    // The check says what would change and changes nothing: the three hand-ins answered 1.
    expect(await ok('admin', 'questionEditCheck', fix)).toMatchObject({ changed: 3, clamped: 0 });
    const saved = await ok<HomeworkDetail>('admin', 'questionEdit', fix);
    expect(saved.questions[0]).toMatchObject({ no: 1, answer: 'C' });
    // 15 (A now wrong, BD, 10), 14 (C, BD, 4), 17.5 (C, B half, 10)
    const after = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    expect(after.chapters[0]!.average).toBe(15.5);
    // A chapter's type stays once assigned, as for any homework.
    expect(
      (await as('admin', 'questionEdit', { ...fix, type: 'subjective', answer: null })).body.code,
    ).toBe(400);
  });

  it('uses a teaching class (教学班): its students’ hand-ins and marks, another school’s refused', async () => {
    // A student of the class outside the batch, in the teaching class.
    const member = await server.db
      .selectFrom('students')
      .select(['id', 'student_no as no', 'name'])
      .where('name', '=', '外班学生1')
      .where('school_id', '=', server.seed.demoSchoolId)
      .executeTakeFirstOrThrow();
    const tcId = await addTeachingClass(server, pair, '数学提高班', { studentIds: [member.id] });
    const foreign = await addTeachingClass(server, pair, '外校提高班', {
      schoolId: await otherSchoolId(server),
    });
    const create = {
      name: '提高班练习',
      publisher: '',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds: [],
    };
    // Another school's teaching class is not one the caller may use.
    expect(
      (
        await as('admin', 'workbookBatchCreate', {
          ...create,
          teachingClassIds: [foreign],
          idempotencyKey: `tc-foreign-${dialect}`,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '教学班不存在' });
    expect(
      (
        await as('admin', 'workbookBatchCreate', {
          ...create,
          idempotencyKey: `tc-none-${dialect}`,
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '请选择使用这本教辅的班级或教学班' });
    const { id: tcBatch } = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      ...create,
      teachingClassIds: [tcId],
      idempotencyKey: `tc-${dialect}`,
    });
    const { id: tcChapter } = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: tcBatch,
      title: '第一课',
      questions: TEST_QUESTIONS,
      estimatedMinutes: 10,
      idempotencyKey: `tc-chapter-${dialect}`,
    });
    // The chapter is assigned to the teaching class with the homework's own 布置.
    await ok<HomeworkDetail>('admin', 'assign', {
      id: tcChapter,
      classIds: [],
      teachingClassIds: [tcId],
      dueAt: TEST_NOW.getTime() + 86_400_000,
      estimatedMinutes: 10,
      confirmOverLimit: true,
    });
    const sheet = await homeworkSheet(server, tcChapter, '数学');
    const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
      id: tcChapter,
      fileName: 'tc.png',
      contentBase64: await filledScan(sheet, member.no, { h1: 'C', h2: 'BD' }),
    });
    expect(page.status).toBe('matched');
    await ok('admin', 'score', { submissionId: page.submissionId, questionNo: 3, score: 6 });

    const detail = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: tcBatch });
    expect(detail.batch).toMatchObject({
      classes: [],
      teachingClasses: [{ id: tcId, name: '数学提高班' }],
      editable: true,
    });
    // One member, one hand-in, corrected: 0 + 5 + 6.
    expect(detail.chapters[0]).toMatchObject({
      expected: 1,
      submitted: 1,
      corrected: 1,
      average: 11,
    });
    const view = await ok<WorkbookStudents>('admin', 'workbookStudents', { workbookId: tcBatch });
    expect(view.students.map((x) => [x.name, x.cells[0]!.score, x.scoreRate])).toEqual([
      ['外班学生1', 11, 55],
    ]);
    const mine = await ok<WorkbookStudentHomework>('admin', 'workbookStudentHomework', {
      workbookId: tcBatch,
      studentId: member.id,
    });
    expect(mine.chapters.map((c) => [c.assigned, c.score, c.wrong])).toEqual([[true, 11, 2]]);
    const wrong = await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', { workbookId: tcBatch });
    expect(wrong.map((w) => [w.label, w.students.map((x) => x.name)])).toEqual([
      ['1', ['外班学生1']],
      ['3', ['外班学生1']],
    ]);
    // An update without teaching classes keeps them; one taking every target off is refused.
    const kept = await ok<WorkbookBatch>('admin', 'workbookBatchUpdate', {
      id: tcBatch,
      name: '提高班练习',
      publisher: '',
      classIds: [],
    });
    expect(kept.teachingClasses.map((t) => t.id)).toEqual([tcId]);
    // 学生分析 and 错题 with a teaching class as the 班级 filter: its members only, even with a
    // class beside it on the batch; the class alone, or both together, as before.
    await ok<WorkbookBatch>('admin', 'workbookBatchUpdate', {
      id: tcBatch,
      name: '提高班练习',
      publisher: '',
      classIds: [headClass],
      teachingClassIds: [tcId],
    });
    const names = async (filter: object) =>
      (
        await ok<WorkbookStudents>('admin', 'workbookStudents', { workbookId: tcBatch, ...filter })
      ).students.map((x) => x.name);
    const classNames = students[headClass]!.map((x) => x.name);
    expect(await names({})).toEqual(expect.arrayContaining([...classNames, '外班学生1']));
    expect(await names({})).toHaveLength(classNames.length + 1);
    expect(await names({ teachingClassId: tcId })).toEqual(['外班学生1']);
    expect(await names({ classId: headClass })).toEqual(classNames);
    const wrongOf = async (filter: object) =>
      (
        await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', { workbookId: tcBatch, ...filter })
      ).map((w) => [w.label, w.students.map((x) => x.name)]);
    expect(await wrongOf({ teachingClassId: tcId })).toEqual([
      ['1', ['外班学生1']],
      ['3', ['外班学生1']],
    ]);
    // The class was not assigned the chapter: nothing wrong there.
    expect(await wrongOf({ classId: headClass })).toEqual([]);
    // Another school's teaching class, a teaching class not on the batch, both filters at once.
    for (const [filter, reply] of [
      [{ teachingClassId: foreign }, { code: 404, msg: '教学班不存在' }],
      [
        { classId: headClass, teachingClassId: tcId },
        { code: 400, msg: '请选择一个班级或一个教学班' },
      ],
    ] as const) {
      expect(
        (await as('admin', 'workbookStudents', { workbookId: tcBatch, ...filter })).body,
      ).toMatchObject(reply);
      expect(
        (await as('admin', 'workbookWrong', { workbookId: tcBatch, ...filter })).body,
      ).toMatchObject(reply);
    }
    expect(
      (await as('admin', 'workbookStudents', { workbookId: batchId, teachingClassId: tcId })).body,
    ).toMatchObject({ code: 404, msg: '教学班不存在' });
    expect(
      (
        await as('admin', 'workbookBatchUpdate', {
          id: tcBatch,
          name: '提高班练习',
          publisher: '',
          classIds: [],
          teachingClassIds: [],
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '请选择使用这本教辅的班级或教学班' });
    expect(
      (
        await as('admin', 'workbookBatchUpdate', {
          id: tcBatch,
          name: '提高班练习',
          publisher: '',
          classIds: [],
          teachingClassIds: [tcId, foreign],
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '教学班不存在' });
    // A scan is read in this test: as long as the set-up's scans may take.
  }, 120_000);
});
