import {
  authRoutes,
  type UserInfo,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookChapterRef,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../../core/seatAccess';
import { DEMO_PASSWORD } from '../../seed/seedDemo';
import { call, DIALECTS } from '../../test/fixtures';
import { TEST_QUESTIONS } from '../testKit';
import { workbookSetUp, routes, type Routes } from './workbookKit';

describe.each(DIALECTS)('教辅 access on %s', (dialect) => {
  const { as, ok, made } = workbookSetUp(dialect);

  const NOT_EDITABLE = '只有教辅的创建人或任教它全部班级的老师可以修改';

  it('keeps a 班主任 to their own class', async () => {
    const { batchId, students, headClass, otherClass } = made;
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
    const { pair, batchId, chapterId, otherClass } = made;
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

  it('refuses changes to a teacher of another class, another school and the bureau seat', async () => {
    const { server, classIds, batchId, chapterId, secondId, students } = made;
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
    // The chapter answers with its questions: the seat reads them without 校本作业's detail call.
    const chapter = await asSeat<WorkbookChapterRef>('workbookChapter', { id: chapterId });
    expect(chapter.body.data.homework.questions.map((q) => q.no)).toEqual(
      TEST_QUESTIONS.map((_, i) => i + 1),
    );
    for (const [route, body] of [
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
});
