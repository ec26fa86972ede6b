import { appraiseRoutes, DOWNLOAD_FILE_URL, authRoutes, type UserInfo } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS, type TestServer } from '../test/fixtures';
import { appraiseSuite } from './testKit';

const r = appraiseRoutes;

/** 综合评价 (docs/appraise.md): the sheet, levels, a class's export, a student's records, a bureau seat. */
describe.each(DIALECTS)('综合评价 on %s', (dialect) => {
  const kit = appraiseSuite(dialect);
  const { tokens, classIds, answer, ok, stored, finishedJob } = kit;
  let server: TestServer;
  let math: number;
  let chinese: number;
  let mathItems: number[];
  let chineseItem: number;
  let labClass: number;
  beforeAll(() => {
    ({ server, math, chinese, mathItems, chineseItem, labClass } = kit.setUp());
  });

  it('a teacher’s sheet lists their own classes and the subjects they teach there', async () => {
    const sheet = await ok('teacher', r.sheet, {
      classId: null,
      term: 1,
      kind: 1,
      subjectId: null,
    });
    // the small demo has one class a grade: 李老师 teaches 数学 in 高一(1)班 only
    expect(sheet.classes.map((c) => c.className)).toEqual(['高一(1)班']);
    expect(sheet.classId).toBe(classIds['高一(1)班']);
    // 语文 has items (the demo's) but 李老师 does not teach it
    expect(sheet.subjects).toEqual([{ subjectId: math, subjectName: '数学' }]);
    expect(sheet.items.map((i) => i.name)).toEqual(['运算能力', '逻辑推理']);
    expect(sheet.students.length).toBeGreaterThan(0);
    expect(sheet.students.every((s) => s.records.length === 0)).toBe(true);

    const head = await ok('head', r.sheet, { classId: null, term: 1, kind: 1, subjectId: chinese });
    expect(head.classes.map((c) => c.className)).toEqual(['高一(1)班']);
    expect(head.subjects.map((s) => s.subjectName).sort()).toEqual(['数学', '语文'].sort());
    // the demo's 语文 levels of the first six students (the small demo's class has five): both 能力 items
    const levelled = head.students.filter((s) => s.records.length > 0);
    expect(levelled).toHaveLength(Math.min(6, head.students.length));
    expect(levelled.every((s) => s.records.length === 2)).toBe(true);
    expect(head.students[0]!.records[0]).toMatchObject({
      level: 'A',
      comment: '课堂发言积极，表达清楚',
    });
  });

  it('refuses a class or subject outside the scope and another school’s class', async () => {
    const body = { term: 1, kind: 1 };
    const other = await answer('teacher', r.sheet, {
      ...body,
      classId: classIds['高二(1)班'],
      subjectId: math,
    });
    expect(other.code).toBe(403);
    const subject = await answer('teacher', r.sheet, {
      ...body,
      classId: classIds['高一(1)班'],
      subjectId: chinese,
    });
    expect([subject.code, subject.message]).toEqual([
      403,
      '超出数据范围：无权评价该班级的这个科目',
    ]);
    const lab = await answer('admin', r.sheet, { ...body, classId: labClass, subjectId: null });
    expect([lab.code, lab.message]).toEqual([404, '班级不存在']);
    const save = await answer('lab-admin', r.save, {
      classId: classIds['高一(1)班'],
      term: 1,
      kind: 1,
      subjectId: math,
      records: [],
    });
    expect([save.code, save.message]).toEqual([404, '班级不存在']);
    const write = await answer('teacher', r.save, {
      classId: classIds['高二(1)班'],
      term: 1,
      kind: 1,
      subjectId: math,
      records: [],
    });
    expect(write.code).toBe(403);
  });

  it('saves levels as upserts: a retried save changes nothing twice; a bad record writes nothing', async () => {
    const sheet = await ok('teacher', r.sheet, {
      classId: classIds['高一(1)班'],
      term: 1,
      kind: 1,
      subjectId: math,
    });
    const [s1, s2] = sheet.students;
    const body = {
      classId: classIds['高一(1)班'],
      term: 1,
      kind: 1,
      subjectId: math,
      records: [
        { studentId: s1!.studentId, itemId: mathItems[0], level: 'A', comment: ' 计算准确 ' },
        { studentId: s1!.studentId, itemId: mathItems[1], level: 'B', comment: '' },
        { studentId: s2!.studentId, itemId: mathItems[0], level: 'D', comment: '' },
      ],
    };
    expect(await ok('teacher', r.save, body)).toEqual({ saved: 3, cleared: 0, comments: 0 });
    const first = await stored();
    expect(first).toHaveLength(3);
    expect(await ok('teacher', r.save, body)).toEqual({ saved: 3, cleared: 0, comments: 0 });
    expect(await stored()).toEqual(first);
    expect(first[0]).toMatchObject({ level: 'A', comment: '计算准确', term: 1 });

    // s2 improves; a student of another class in the same body: refused, and nothing written
    const mixed = await answer('teacher', r.save, {
      ...body,
      records: [
        { studentId: s2!.studentId, itemId: mathItems[0], level: 'B', comment: '' },
        { studentId: 999999, itemId: mathItems[0], level: 'A', comment: '' },
      ],
    });
    expect([mixed.code, mixed.message]).toEqual([400, '学生不属于该班级']);
    const item = await answer('teacher', r.save, {
      ...body,
      records: [{ studentId: s2!.studentId, itemId: chineseItem, level: 'A', comment: '' }],
    });
    expect([item.code, item.message]).toEqual([400, '评价项目不属于该科目']);
    const level = await answer('teacher', r.save, {
      ...body,
      records: [{ studentId: s2!.studentId, itemId: mathItems[0], level: 'E', comment: '' }],
    });
    expect(level.code).toBe(400);
    expect(await stored()).toEqual(first);

    await ok('teacher', r.save, {
      ...body,
      records: [{ studentId: s2!.studentId, itemId: mathItems[0], level: 'B', comment: '' }],
    });
    const again = await ok('teacher', r.sheet, {
      classId: classIds['高一(1)班'],
      term: 1,
      kind: 1,
      subjectId: math,
    });
    expect(again.students[1]!.records).toEqual([{ itemId: mathItems[0], level: 'B', comment: '' }]);
    // another term is a record of its own
    const term2 = await ok('teacher', r.sheet, {
      classId: classIds['高一(1)班'],
      term: 2,
      kind: 1,
      subjectId: math,
    });
    expect(term2.students.every((s) => s.records.length === 0)).toBe(true);
  });

  it('shows a student’s records in the subjects the caller sees; others answer as missing', async () => {
    const sheet = await ok('head', r.sheet, {
      classId: classIds['高一(1)班'],
      term: 1,
      kind: 1,
      subjectId: chinese,
    });
    const first = sheet.students[0]!.studentId;
    const head = await ok('head', r.student, { studentId: first });
    expect(new Set(head.records.map((x) => x.subjectName))).toEqual(new Set(['语文', '数学']));
    expect(head.records.find((x) => x.itemName === '文化传承')).toMatchObject({
      kind: 2,
      term: 1,
      subjectName: '语文',
    });
    const teacher = await ok('teacher', r.student, { studentId: first });
    expect(teacher.records.map((x) => x.subjectName)).toEqual(['数学', '数学']);
    expect(teacher.student.className).toBe('高一(1)班');

    const out = await server.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', classIds['高二(1)班']!)
      .executeTakeFirstOrThrow();
    const outside = await answer('teacher', r.student, { studentId: out.id });
    expect([outside.code, outside.message]).toEqual([404, '学生不存在']);
    const lab = await answer('lab-admin', r.student, { studentId: first });
    expect([lab.code, lab.message]).toEqual([404, '学生不存在']);
  });

  it('exports a class’s term as xlsx through the download centre, in the caller’s subjects', async () => {
    const read = async (who: string, term = 1) => {
      const { jobId } = await ok(who, r.exportJob, { classId: classIds['高一(1)班'], term });
      // asked again, the same export is the same job
      expect((await ok(who, r.exportJob, { classId: classIds['高一(1)班'], term })).jobId).toBe(
        jobId,
      );
      const job = await finishedJob(who, jobId);
      expect(job).toMatchObject({ state: 'done', kind: 'appraisal' });
      expect(job.fileName).toMatch(
        new RegExp(`高一\\(1\\)班-\\d{4}学年${term === 1 ? '上' : '下'}学期综合评价\\.xlsx$`),
      );
      const file = await server.app.inject({
        method: 'GET',
        url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
        headers: { token: tokens[who]! },
      });
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as never);
      const rows = (name: string) => {
        const out: unknown[][] = [];
        book.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
        return out;
      };
      return { ability: rows('能力'), literacy: rows('素养') };
    };
    const head = await read('head');
    expect(head.ability[0]).toEqual(
      expect.arrayContaining(['学号', '姓名', '语文·阅读理解', '语文·写作表达', '数学·运算能力']),
    );
    const col = (name: string) => (head.ability[0] as string[]).indexOf(name);
    // the demo's first student: 优秀 in 阅读理解; the test's save: 优秀 in 运算能力
    expect(head.ability[1]![col('语文·阅读理解')]).toBe('优秀');
    expect(head.ability[1]![col('数学·运算能力')]).toBe('优秀');
    expect(head.literacy[0]).toEqual(['学号', '姓名', '语文·文化传承']);
    expect(head.ability).toHaveLength(
      1 +
        (
          await server.db
            .selectFrom('students')
            .select('id')
            .where('class_id', '=', classIds['高一(1)班']!)
            .execute()
        ).length,
    );
    // 下学期 is its own file: the first student's 下学期 运算能力 (良好) and no 上学期 level
    const firstStudent = (
      await ok('head', r.sheet, {
        classId: classIds['高一(1)班'],
        term: 2,
        kind: 1,
        subjectId: math,
      })
    ).students[0]!;
    await ok('head', r.save, {
      classId: classIds['高一(1)班'],
      term: 2,
      kind: 1,
      subjectId: math,
      records: [
        { studentId: firstStudent.studentId, itemId: mathItems[0], level: 'B', comment: '' },
      ],
      comments: [],
    });
    const second = await read('head', 2);
    expect(second.ability[0]).toEqual(head.ability[0]);
    expect(second.ability[1]![col('数学·运算能力')]).toBe('良好');
    expect(second.ability[1]![col('语文·阅读理解')]).not.toBe('优秀');
    expect(second.ability).not.toEqual(head.ability);
    // the 下学期 level cleared again: the tests below count 上学期's records
    await ok('head', r.save, {
      classId: classIds['高一(1)班'],
      term: 2,
      kind: 1,
      subjectId: math,
      records: [
        { studentId: firstStudent.studentId, itemId: mathItems[0], level: null, comment: '' },
      ],
      comments: [],
    });
    // 李老师 exports only 数学
    const teacher = await read('teacher');
    expect(teacher.ability[0]).toEqual(['学号', '姓名', '数学·运算能力', '数学·逻辑推理']);
    expect(teacher.literacy[0]).toEqual(['学号', '姓名']);

    const outside = await answer('teacher', r.exportJob, {
      classId: classIds['高二(1)班'],
      term: 1,
    });
    expect(outside.code).toBe(403);
    const lab = await answer('lab-admin', r.exportJob, { classId: classIds['高一(1)班'], term: 1 });
    expect([lab.code, lab.message]).toEqual([404, '班级不存在']);
  });

  it('clears a recorded level: a null level deletes the record, and only that one', async () => {
    const classId = classIds['高一(1)班']!;
    const sheet = await ok('teacher', r.sheet, { classId, term: 1, kind: 1, subjectId: math });
    const [s1] = sheet.students;
    const before = await stored();
    expect(before.filter((x) => x.student_id === s1!.studentId)).toHaveLength(2);
    const body = { classId, term: 1, kind: 1, subjectId: math, comments: [] };
    const answer1 = await ok('teacher', r.save, {
      ...body,
      records: [
        { studentId: s1!.studentId, itemId: mathItems[0], level: 'A', comment: '计算准确' },
        { studentId: s1!.studentId, itemId: mathItems[1], level: null, comment: '' },
      ],
    });
    expect(answer1).toEqual({ saved: 1, cleared: 1, comments: 0 });
    const after = await stored();
    expect(after).toEqual(
      before.filter((x) => !(x.student_id === s1!.studentId && x.item_id === mathItems[1])),
    );
    // clearing again, or clearing a cell never recorded, changes nothing
    expect(
      await ok('teacher', r.save, {
        ...body,
        records: [{ studentId: s1!.studentId, itemId: mathItems[1], level: null, comment: '' }],
      }),
    ).toEqual({ saved: 0, cleared: 1, comments: 0 });
    expect(await stored()).toEqual(after);
    const again = await ok('teacher', r.sheet, { classId, term: 1, kind: 1, subjectId: math });
    expect(again.students[0]!.records.map((x) => x.itemId)).toEqual([mathItems[0]]);
    // a clear is checked as a save: a student of another class is refused
    const other = await answer('teacher', r.save, {
      ...body,
      records: [{ studentId: 999999, itemId: mathItems[0], level: null, comment: '' }],
    });
    expect([other.code, other.message]).toEqual([400, '学生不属于该班级']);
  });

  it('a bureau seat reads the sheet and a student’s records, and writes or exports nothing', async () => {
    const seat = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    tokens.bureau = seat.token;
    const classId = classIds['高一(1)班']!;
    const sheet = await ok('bureau', r.sheet, { classId, term: 1, kind: 1, subjectId: chinese });
    expect(sheet.students.length).toBeGreaterThan(0);
    expect(sheet.canComment).toBe(false);
    // the demo's levels of the first student, as the 班主任 sees them
    const head = await ok('head', r.sheet, { classId, term: 1, kind: 1, subjectId: chinese });
    expect(sheet.students[0]!.records).toEqual(head.students[0]!.records);
    const student = await ok('bureau', r.student, { studentId: sheet.students[0]!.studentId });
    expect(student.records.length).toBeGreaterThan(0);
    const before = await server.db.selectFrom('appraisal_records').select('id').execute();
    const studentId = sheet.students[0]!.studentId;
    for (const [contract, body] of [
      [
        r.save,
        {
          classId,
          term: 1,
          kind: 1,
          subjectId: chinese,
          records: [{ studentId, itemId: chineseItem, level: 'D', comment: '' }],
        },
      ],
      [r.exportJob, { classId, term: 1 }],
      [r.studentExportJob, { studentId }],
    ] as const) {
      const refused = await answer('bureau', contract, body);
      expect([refused.code, refused.message], contract.url).toEqual([403, SEAT_READ_ONLY_MESSAGE]);
    }
    expect(await server.db.selectFrom('appraisal_records').select('id').execute()).toEqual(before);
  });

  it('学生评价 lists a student’s records of earlier years too, the newest year first; the sheet and export this year’s only', async () => {
    const classId = classIds['高一(1)班']!;
    const sheet = await ok('head', r.sheet, { classId, term: 1, kind: 1, subjectId: math });
    const s2 = sheet.students[1]!;
    const head = await server.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'head')
      .where('school_id', '=', server.seed.demoSchoolId)
      .executeTakeFirstOrThrow();
    // a level of last year's 下学期, as if written when the student was a year younger
    await server.db
      .insertInto('appraisal_records')
      .values({
        school_id: server.seed.demoSchoolId,
        academic_year: sheet.academicYear - 1,
        term: 2,
        student_id: s2.studentId,
        item_id: mathItems[1]!,
        level: 'C',
        comment: '去年的评价',
        recorded_by: head.id,
        updated_at: server.clock.now().getTime(),
      })
      .execute();
    const record = await ok('head', r.student, { studentId: s2.studentId });
    const years = record.records.map((x) => x.academicYear);
    expect(years).toContain(sheet.academicYear - 1);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(record.records.at(-1)).toMatchObject({
      academicYear: sheet.academicYear - 1,
      term: 2,
      level: 'C',
      comment: '去年的评价',
    });
    // the current class's sheet is this year's: last year's level is not in it
    const thisYear = await ok('head', r.sheet, { classId, term: 2, kind: 1, subjectId: math });
    expect(thisYear.students[1]!.records).toEqual([]);
  });

  it('学生评价 shows each year’s records and 评语 with the class the student was in then', async () => {
    const one = classIds['高一(1)班']!;
    const two = classIds['高二(1)班']!;
    const sheet = await ok('admin', r.sheet, { classId: one, term: 2, kind: 1, subjectId: math });
    const mover = sheet.students.at(-1)!;
    const body = (classId: number, level: 'A' | 'B', comment: string) => ({
      classId,
      term: 2,
      kind: 1,
      subjectId: math,
      records: [{ studentId: mover.studentId, itemId: mathItems[0]!, level, comment: '' }],
      comments: [{ studentId: mover.studentId, comment }],
    });
    // saved in 高一(1)班, and a retried save the same rows
    await ok('admin', r.save, body(one, 'A', '在一班'));
    await ok('admin', r.save, body(one, 'A', '在一班'));
    // the year turns: those rows are last year's, and the student moves up to 高二(1)班
    for (const table of ['appraisal_records', 'appraisal_comments'] as const)
      await server.db
        .updateTable(table)
        .set({ academic_year: sheet.academicYear - 1 })
        .where('student_id', '=', mover.studentId)
        .where('term', '=', 2)
        .execute();
    await server.db
      .updateTable('students')
      .set({ class_id: two })
      .where('id', '=', mover.studentId)
      .execute();
    await ok('admin', r.save, body(two, 'B', '在二班'));
    const record = await ok('admin', r.student, { studentId: mover.studentId });
    expect(record.student.className).toBe('高二(1)班');
    const mine = (x: { term: number }) => x.term === 2;
    expect(
      record.records
        .filter((x) => mine(x) && x.itemName === sheet.items[0]!.name)
        .map((x) => [x.academicYear, x.className, x.level]),
    ).toEqual([
      [sheet.academicYear, '高二(1)班', 'B'],
      [sheet.academicYear - 1, '高一(1)班', 'A'],
    ]);
    expect(
      record.comments.filter(mine).map((x) => [x.academicYear, x.className, x.comment]),
    ).toEqual([
      [sheet.academicYear, '高二(1)班', '在二班'],
      [sheet.academicYear - 1, '高一(1)班', '在一班'],
    ]);
    // put back for the other tests
    await server.db
      .updateTable('students')
      .set({ class_id: one })
      .where('id', '=', mover.studentId)
      .execute();
  });
});
