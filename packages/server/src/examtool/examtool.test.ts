import {
  examToolRoutes as R,
  type AssignPlan,
  type AssignRecord,
  type AssignSummary,
  type DataOf,
  type Page,
  type TaskDetail,
  type TaskSummary,
  type ToolSheetDetail,
  type ToolSheetResult,
  type ToolSheetSummary,
  type ToolStudentResult,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradeOf, type GradeInfo } from '../exam/testKit';
import { call, DIALECTS, signIn, userIdOf } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

type ImportResult = DataOf<typeof R.sheetImport>;

describe.each(DIALECTS)('exam tool on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let admin: string;
  let teacher: string;
  let grader: string;
  let lab: string;
  let grade: GradeInfo;
  let sheetId: number;
  let subjects: { id: number; name: string; fullMarks: number }[];

  beforeAll(async () => {
    admin = (await signIn(server.app, 'admin')).token;
    teacher = (await signIn(server.app, 'teacher')).token;
    grader = (await signIn(server.app, 'grader')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
  });

  const ok = async <T>(
    route: (typeof R)[keyof typeof R],
    token: string,
    body: Record<string, unknown>,
  ) => {
    const result = await call<T>(server.app, route, { token, body });
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ code: 200 });
    return result.body.data;
  };
  const codeOf = async (
    route: (typeof R)[keyof typeof R],
    token: string,
    body: Record<string, unknown>,
  ) => (await call(server.app, route, { token, body })).body;

  describe('score sheets (成绩表)', () => {
    it('creates a sheet for a class with subjects and full marks, then adds one', async () => {
      ({ id: sheetId } = await ok<{ id: number }>(R.sheetCreate, admin, {
        name: '高一语数周测',
        gradeId: grade.gradeId,
        classIds: [grade.classIds[0]],
        subjects: [
          { name: '语文', fullMarks: 100 },
          { name: '数学', fullMarks: 100 },
        ],
      }));
      const added = await ok<{ id: number }>(R.sheetAddSubject, admin, {
        sheetId,
        name: '英语',
        fullMarks: 150,
      });
      expect(added).toMatchObject({ name: '英语', fullMarks: 150 });
      const detail = await ok<ToolSheetDetail>(R.sheetDetail, admin, { sheetId });
      subjects = detail.subjects;
      expect(subjects.map((s) => [s.name, s.fullMarks])).toEqual([
        ['语文', 100],
        ['数学', 100],
        ['英语', 150],
      ]);
      expect(detail.students.map((s) => s.studentNo)).toEqual(
        grade.students.filter((s) => s.classId === grade.classIds[0]).map((s) => s.studentNo),
      );
      expect(detail.owner).toBe(true);
      expect(
        await codeOf(R.sheetAddSubject, admin, { sheetId, name: '英语', fullMarks: 100 }),
      ).toMatchObject({ code: 400, message: '该学科已在成绩表中' });
    });

    it('saves entered scores and shows results from the analysis engine: means, rates, ranks', async () => {
      const detail = await ok<ToolSheetDetail>(R.sheetDetail, admin, { sheetId });
      const [a, b, c] = detail.students;
      const [chinese, math] = subjects;
      const cells = [
        [a!, chinese!, 90],
        [a!, math!, 80],
        [b!, chinese!, 60],
        [b!, math!, 100],
        [c!, chinese!, 50],
        [c!, math!, 40],
      ] as const;
      expect(
        await ok(R.sheetSaveScores, admin, {
          sheetId,
          scores: cells.map(([s, sub, score]) => ({
            studentId: s.studentId,
            subjectId: sub.id,
            score,
          })),
        }),
      ).toEqual({ saved: 6 });
      // Over full marks: refused, and nothing of the request saved.
      expect(
        await codeOf(R.sheetSaveScores, admin, {
          sheetId,
          scores: [
            { studentId: c!.studentId, subjectId: chinese!.id, score: 51 },
            { studentId: c!.studentId, subjectId: math!.id, score: 101 },
          ],
        }),
      ).toMatchObject({ code: 400, message: '数学成绩不能超过满分 100' });

      const result = await ok<ToolSheetResult>(R.sheetResult, admin, { sheetId });
      const total = result.grade.stats[0]!;
      // Totals over 语文+数学 (英语 nobody sat is left out): 170, 160, 90 → mean 140.
      expect(total).toMatchObject({ key: 'total', name: '总分', count: 3, max: 170, min: 90 });
      expect(total.mean).toBeCloseTo(140, 9);
      const chineseStats = result.grade.stats.find((s) => s.name === '语文')!;
      expect(chineseStats.mean).toBeCloseTo(200 / 3, 9);
      // 及格 at 60 % of 100: 90 and 60 pass, 50 does not.
      expect(chineseStats.passRate).toBeCloseTo(2 / 3, 9);
      expect(result.classes).toHaveLength(1);
      expect(
        result.students
          .slice(0, 3)
          .map((s) => [s.name, s.scores[0]!.score, s.scores[0]!.gradeRank]),
      ).toEqual([
        [a!.name, 170, 1],
        [b!.name, 160, 2],
        [c!.name, 90, 3],
      ]);

      const one = await ok<{ student: ToolStudentResult }>(R.sheetStudent, admin, {
        sheetId,
        studentId: b!.studentId,
      });
      const mathOfB = one.student.scores.find((s) => s.name === '数学')!;
      expect(mathOfB).toMatchObject({ score: 100, classRank: 1, level: '优秀' });
    });

    it('imports scores from the .xlsx template, all rows or none', async () => {
      const template = await ok<{ contentBase64: string }>(R.sheetTemplate, admin, { sheetId });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(template.contentBase64, 'base64') as never);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        '学号',
        '姓名',
        '班级',
        '语文',
        '数学',
        '英语',
      ]);
      sheet.getRow(2).getCell(6).value = 120;
      sheet.getRow(3).getCell(6).value = 999;
      const bad = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
      const refused = await ok<ImportResult>(R.sheetImport, admin, {
        sheetId,
        file: { fileName: 'a.xlsx', contentBase64: bad },
      });
      expect(refused).toMatchObject({
        status: 'rejected',
        inserted: 0,
        errors: [{ row: 3, column: '英语', reason: '英语成绩须为 0 到 150 的数' }],
      });
      sheet.getRow(3).getCell(6).value = 130;
      const good = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
      const imported = await ok<ImportResult>(R.sheetImport, admin, {
        sheetId,
        file: { fileName: 'a.xlsx', contentBase64: good },
      });
      expect(imported).toMatchObject({ status: 'ok', inserted: 2, updated: 0, errors: [] });
      expect(imported.unchanged).toBeGreaterThan(0);
      const detail = await ok<ToolSheetDetail>(R.sheetDetail, admin, { sheetId });
      expect(detail.students.slice(0, 2).map((s) => s.scores)).toEqual([
        [90, 80, 120],
        [60, 100, 130],
      ]);
    });

    it('keeps teachers to their classes and subjects; another school sees nothing', async () => {
      const list = await ok<Page<ToolSheetSummary>>(R.sheetList, teacher, {
        pageNum: 1,
        pageSize: 20,
      });
      expect(list.list.map((s) => s.id)).toContain(sheetId);
      const detail = await ok<ToolSheetDetail>(R.sheetDetail, teacher, { sheetId });
      const math = subjects.find((s) => s.name === '数学')!;
      expect(detail.editable).toEqual([`${grade.classIds[0]}:${math.id}`]);
      expect(detail.owner).toBe(false);
      const student = detail.students[0]!;
      expect(
        await codeOf(R.sheetSaveScores, teacher, {
          sheetId,
          scores: [{ studentId: student.studentId, subjectId: subjects[0]!.id, score: 1 }],
        }),
      ).toMatchObject({ code: 403 });
      expect(
        await ok(R.sheetSaveScores, teacher, {
          sheetId,
          scores: [{ studentId: student.studentId, subjectId: math.id, score: 81 }],
        }),
      ).toEqual({ saved: 1 });
      expect(
        await codeOf(R.sheetAddSubject, teacher, { sheetId, name: '物理', fullMarks: 100 }),
      ).toMatchObject({ code: 403 });
      // A class the teacher does not teach (高二).
      const other = await gradeOf(server.db, server.seed.demoSchoolId, '高二');
      expect(
        await codeOf(R.sheetCreate, teacher, {
          name: '越权',
          gradeId: other.gradeId,
          classIds: other.classIds,
          subjects: [{ name: '数学', fullMarks: 100 }],
        }),
      ).toMatchObject({ code: 403 });
      expect(await codeOf(R.sheetDetail, grader, { sheetId })).toMatchObject({ code: 403 });
      expect(await codeOf(R.sheetDetail, lab, { sheetId })).toMatchObject({
        code: 404,
        message: '成绩表不存在',
      });
      expect(
        await codeOf(R.sheetStudent, lab, { sheetId, studentId: student.studentId }),
      ).toMatchObject({ code: 404 });
      const labList = await ok<Page<ToolSheetSummary>>(R.sheetList, lab, {
        pageNum: 1,
        pageSize: 20,
      });
      expect(labList.total).toBe(0);
    });

    it('deletes a sheet for its creator only; another school cannot reach it', async () => {
      const { id } = await ok<{ id: number }>(R.sheetCreate, admin, {
        name: '高一临时小测',
        gradeId: grade.gradeId,
        classIds: [grade.classIds[0]],
        subjects: [{ name: '数学', fullMarks: 100 }],
      });
      expect(await codeOf(R.sheetRemove, teacher, { sheetId: id })).toMatchObject({
        code: 403,
        message: '只有成绩表的创建者可以删除',
      });
      expect(await codeOf(R.sheetRemove, lab, { sheetId: id })).toMatchObject({ code: 404 });
      expect(await ok(R.sheetDetail, admin, { sheetId: id })).toMatchObject({ owner: true });

      expect(await ok(R.sheetRemove, admin, { sheetId: id })).toEqual({ id });
      expect(await codeOf(R.sheetDetail, admin, { sheetId: id })).toMatchObject({
        code: 404,
        message: '成绩表不存在',
      });
      const list = await ok<Page<ToolSheetSummary>>(R.sheetList, admin, {
        pageNum: 1,
        pageSize: 50,
      });
      expect(list.list.map((s) => s.id)).not.toContain(id);
      expect(list.list.map((s) => s.id)).toContain(sheetId);
    });
  });

  describe('entry tasks (录入任务)', () => {
    it('assigns a class and subject to a teacher, who may then enter it; completion is counted', async () => {
      const teacherId = await userIdOf(server.db, server.seed.demoSchoolId, 'teacher');
      const english = subjects.find((s) => s.name === '英语')!;
      const suggested = await ok<{ suggested: { subjectId: number; teacherId: number | null }[] }>(
        R.taskTeachers,
        admin,
        { sheetId },
      );
      const math = subjects.find((s) => s.name === '数学')!;
      expect(suggested.suggested.find((s) => s.subjectId === math.id)?.teacherId).toBe(teacherId);

      const detailBefore = await ok<ToolSheetDetail>(R.sheetDetail, admin, { sheetId });
      const classId = grade.classIds[0]!;
      // Clear 英语 so the part starts empty.
      await ok(R.sheetSaveScores, admin, {
        sheetId,
        scores: detailBefore.students.map((s) => ({
          studentId: s.studentId,
          subjectId: english.id,
          score: null,
        })),
      });
      const { id: taskId } = await ok<{ id: number }>(R.taskCreate, admin, {
        name: '英语成绩录入',
        sheetId,
        deadline: '2026-12-01',
        items: [{ classId, subjectId: english.id, teacherId }],
      });
      expect(
        await codeOf(R.taskCreate, teacher, {
          name: 'x',
          sheetId,
          deadline: '2026-12-01',
          items: [{ classId, subjectId: english.id, teacherId }],
        }),
      ).toMatchObject({ code: 403 });

      const mine = await ok<Page<TaskSummary>>(R.taskList, teacher, { pageNum: 1, pageSize: 20 });
      expect(mine.list.map((t) => [t.name, t.itemCount, t.doneCount])).toEqual([
        ['英语成绩录入', 1, 0],
      ]);
      const students = detailBefore.students;
      await ok(R.sheetSaveScores, teacher, {
        sheetId,
        scores: students.map((s, i) => ({
          studentId: s.studentId,
          subjectId: english.id,
          score: 100 + i,
        })),
      });
      const detail = await ok<TaskDetail>(R.taskDetail, admin, { taskId, gradeId: grade.gradeId });
      expect(detail.items).toEqual([
        expect.objectContaining({
          subjectName: '英语',
          teacherName: expect.any(String),
          total: students.length,
          entered: students.length,
        }),
      ]);
      expect(detail.doneCount).toBe(1);
      const other = await gradeOf(server.db, server.seed.demoSchoolId, '高二');
      expect(await codeOf(R.taskDetail, admin, { taskId, gradeId: other.gradeId })).toMatchObject({
        code: 404,
      });
      expect(await codeOf(R.taskDetail, lab, { taskId, gradeId: grade.gradeId })).toMatchObject({
        code: 404,
      });
    });

    it('gives 任课教师 and 班主任 the tool (demo roles): own sheets and tasks, no 分班', async () => {
      const teacherId = await userIdOf(server.db, server.seed.demoSchoolId, 'teacher');
      const { id: own } = await ok<{ id: number }>(R.sheetCreate, teacher, {
        name: '数学小测',
        gradeId: grade.gradeId,
        classIds: [grade.classIds[0]],
        subjects: [{ name: '数学', fullMarks: 100 }],
      });
      const list = await ok<Page<ToolSheetSummary>>(R.sheetList, teacher, {
        pageNum: 1,
        pageSize: 20,
      });
      // The task page offers only the sheets a task may be set on: the caller's own.
      expect(list.list.map((s) => [s.id, s.owner])).toEqual([
        [own, true],
        [sheetId, false],
      ]);
      const [mathOfOwn] = (await ok<ToolSheetDetail>(R.sheetDetail, teacher, { sheetId: own }))
        .subjects;
      await ok(R.taskCreate, teacher, {
        name: '数学小测录入',
        sheetId: own,
        deadline: '2026-12-01',
        items: [{ classId: grade.classIds[0], subjectId: mathOfOwn!.id, teacherId }],
      });
      const tasks = await ok<Page<TaskSummary>>(R.taskList, teacher, { pageNum: 1, pageSize: 20 });
      expect(tasks.list.map((t) => t.name)).toEqual(['数学小测录入', '英语成绩录入']);
      // 分班 changes the roster: a teacher sees no plan and no record.
      for (const route of [R.assignList, R.assignRecords])
        expect(await ok<Page<unknown>>(route, teacher, { pageNum: 1, pageSize: 20 })).toMatchObject(
          { total: 0 },
        );
      const head = (await signIn(server.app, 'head')).token;
      expect(
        await ok<Page<TaskSummary>>(R.taskList, head, { pageNum: 1, pageSize: 20 }),
      ).toMatchObject({ total: 0 });
    });
  });

  describe('分班', () => {
    let secondClass: number;

    beforeAll(async () => {
      const row = await server.db
        .insertInto('classes')
        .values({ grade_id: grade.gradeId, name: '高一(9)班' })
        .returning('id')
        .executeTakeFirstOrThrow();
      secondClass = row.id;
    });

    const exam = async () =>
      (
        await server.db
          .selectFrom('exams')
          .select('id')
          .where('grade_id', '=', grade.gradeId)
          .where('state', '=', 'finished')
          .executeTakeFirstOrThrow()
      ).id;

    it('previews a plan balanced by exam totals and sex, with the balance per class', async () => {
      const plan = await ok<AssignPlan>(R.assignPreview, admin, {
        gradeId: grade.gradeId,
        examId: await exam(),
        classIds: [grade.classIds[0], secondClass],
        balanceSex: true,
        byCombination: true,
      });
      expect(plan.students).toHaveLength(grade.students.length);
      expect(plan.sizeRange).toBeLessThanOrEqual(1);
      expect(plan.classes.map((c) => c.className)).toEqual(['高一(1)班', '高一(9)班']);
      expect(plan.classes.reduce((n, c) => n + c.count, 0)).toBe(grade.students.length);
      expect(plan.students.every((s) => s.score !== null && s.rank !== null)).toBe(true);
      const males = plan.classes.map((c) => c.male);
      expect(Math.abs(males[0]! - males[1]!)).toBeLessThanOrEqual(1);
      expect(plan.meanRange).not.toBeNull();
    });

    it('saves, applies to the roster in one step, records, and undoes', async () => {
      const classIds = [grade.classIds[0]!, secondClass];
      const { id } = await ok<{ id: number }>(R.assignCreate, admin, {
        name: '高一分班',
        gradeId: grade.gradeId,
        examId: await exam(),
        classIds,
        balanceSex: true,
        byCombination: false,
      });
      const { assign, plan } = await ok<{ assign: AssignSummary; plan: AssignPlan }>(
        R.assignDetail,
        admin,
        { assignId: id },
      );
      expect(assign).toMatchObject({ state: 'draft', source: 'exam', classCount: 2 });
      const applied = await ok<AssignRecord>(R.assignApply, admin, { assignId: id });
      const moving = plan.students.filter((s) => s.fromClassId !== s.toClassId);
      expect(applied).toMatchObject({ action: 'apply', moved: moving.length, skipped: 0 });
      expect(moving.length).toBeGreaterThan(0);
      const roster = async () =>
        new Map(
          (
            await server.db
              .selectFrom('students')
              .select(['id', 'class_id'])
              .where(
                'id',
                'in',
                plan.students.map((s) => s.studentId),
              )
              .execute()
          ).map((r) => [r.id, r.class_id]),
        );
      const after = await roster();
      for (const s of plan.students) expect(after.get(s.studentId)).toBe(s.toClassId);
      expect(await codeOf(R.assignApply, admin, { assignId: id })).toMatchObject({
        code: 400,
        message: '该分班方案已应用',
      });
      const undone = await ok<AssignRecord>(R.assignUndo, admin, { assignId: id });
      expect(undone).toMatchObject({ action: 'undo', moved: moving.length, skipped: 0 });
      const back = await roster();
      for (const s of plan.students) expect(back.get(s.studentId)).toBe(s.fromClassId);
      const records = await ok<Page<AssignRecord>>(R.assignRecords, admin, {
        pageNum: 1,
        pageSize: 20,
      });
      expect(records.list.map((r) => r.action)).toEqual(['undo', 'apply']);
      const list = await ok<Page<AssignSummary>>(R.assignList, admin, { pageNum: 1, pageSize: 20 });
      expect(list.list[0]).toMatchObject({ id, state: 'undone' });
    });

    it('applies an undone plan again; undo leaves a student moved since where they are', async () => {
      const { list } = await ok<Page<AssignSummary>>(R.assignList, admin, {
        pageNum: 1,
        pageSize: 1,
      });
      const assignId = list[0]!.id;
      const applied = await ok<AssignRecord>(R.assignApply, admin, { assignId });
      const { plan } = await ok<{ plan: AssignPlan }>(R.assignDetail, admin, { assignId });
      const moved = plan.students.find((s) => s.fromClassId !== s.toClassId)!;
      // Moved by hand afterwards (back to where it was): undo must not touch it.
      await server.db
        .updateTable('students')
        .set({ class_id: moved.fromClassId })
        .where('id', '=', moved.studentId)
        .execute();
      const undone = await ok<AssignRecord>(R.assignUndo, admin, { assignId });
      expect(undone).toMatchObject({ moved: applied.moved - 1, skipped: 1 });
      expect(await codeOf(R.assignUndo, admin, { assignId })).toMatchObject({
        code: 400,
        message: '该分班方案尚未应用，无需撤销',
      });
    });

    it('is for grade managers with 考试工具 only; another school’s plan is missing', async () => {
      const body = {
        gradeId: grade.gradeId,
        classIds: [grade.classIds[0], secondClass],
        balanceSex: false,
        byCombination: false,
      };
      expect(await codeOf(R.assignPreview, teacher, body)).toMatchObject({ code: 403 });
      const roster = await ok<AssignPlan>(R.assignPreview, admin, body);
      expect(roster.meanRange).toBeNull();
      expect(roster.students.every((s) => s.score === null)).toBe(true);
      expect(
        await codeOf(R.assignPreview, admin, { ...body, classIds: [grade.classIds[0], 999999] }),
      ).toMatchObject({ code: 400 });
      const { list } = await ok<Page<AssignSummary>>(R.assignList, admin, {
        pageNum: 1,
        pageSize: 1,
      });
      expect(await codeOf(R.assignDetail, lab, { assignId: list[0]!.id })).toMatchObject({
        code: 404,
        message: '分班方案不存在',
      });
      expect(await codeOf(R.assignApply, lab, { assignId: list[0]!.id })).toMatchObject({
        code: 404,
      });
      const labRecords = await ok<Page<AssignRecord>>(R.assignRecords, lab, {
        pageNum: 1,
        pageSize: 20,
      });
      expect(labRecords.total).toBe(0);
    });
  });
});
