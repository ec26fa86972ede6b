import {
  type HomeworkDetail,
  type HomeworkScanPage,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookChapterRef,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_NOW } from '../../test/fixtures';
import {
  addTeachingClass,
  assignHomework,
  filledScan,
  homeworkSheet,
  otherSchoolId,
  TEST_QUESTIONS,
} from '../testKit';
import { workbookSetUp } from './workbookKit';

describe.each(DIALECTS)('教辅 changes on %s', (dialect) => {
  const { as, ok, made, addChapter } = workbookSetUp(dialect);

  it('renames a batch and its chapters, and changes its classes, retry-safe', async () => {
    const { classIds, batchId, chapterId, headClass, otherClass } = made;
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
    const { pair, classIds, batchId, chapterId, secondId, headClass } = made;
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

    const thirdId = await addChapter(
      batchId,
      { title: '第三章 指数函数', questions: TEST_QUESTIONS.slice(0, 1), estimatedMinutes: 10 },
      `chapter-3-${dialect}`,
    );
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
    const fourthId = await addChapter(
      batchId,
      { title: '第四章 对数函数', questions: TEST_QUESTIONS.slice(0, 1), estimatedMinutes: 10 },
      `chapter-4-${dialect}`,
    );
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
    const ownChapter = await addChapter(
      own,
      { title: '第一课', questions: TEST_QUESTIONS.slice(0, 1), estimatedMinutes: 10 },
      `chapter-own-${dialect}`,
    );
    expect(await ok('head', 'workbookBatchRemove', { id: own })).toBeNull();
    expect((await as('admin', 'workbookBatchDetail', { id: own })).body).toMatchObject({
      code: 404,
      msg: '教辅不存在',
    });
    expect((await as('admin', 'homeworkDetail', { id: ownChapter })).body.code).toBe(404);
    expect((await as('head', 'workbookBatchRemove', { id: own })).body.code).toBe(404);
  });

  it('corrects an assigned chapter’s key with question/edit, re-scoring every hand-in', async () => {
    const { batchId, chapterId } = made;
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
    const { server, pair, batchId, headClass, students } = made;
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
    const tcChapter = await addChapter(
      tcBatch,
      { title: '第一课', questions: TEST_QUESTIONS, estimatedMinutes: 10 },
      `tc-chapter-${dialect}`,
    );
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
    const refused = [
      [[], { code: 400, msg: '请选择使用这本教辅的班级或教学班' }],
      [[tcId, foreign], { code: 404, msg: '教学班不存在' }],
    ] as const;
    for (const [teachingClassIds, answer] of refused) {
      const body = {
        id: tcBatch,
        name: '提高班练习',
        publisher: '',
        classIds: [],
        teachingClassIds,
      };
      expect((await as('admin', 'workbookBatchUpdate', body)).body).toMatchObject(answer);
    }
    // A scan is read in this test: as long as the set-up's scans may take.
  }, 120_000);
});
