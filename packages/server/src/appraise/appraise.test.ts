import {
  appraiseRoutes,
  authRoutes,
  type UserInfo,
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

const r = appraiseRoutes;

/**
 * 综合评价 (docs/appraise.md) on the demo school: 李老师 (teacher) teaches 数学 in 高一(1)(2)班,
 * the 班主任 (head) leads 高一(1)班; the demo seeds 语文's items and levels of 高一(1)班.
 */
describe.each(DIALECTS)('综合评价 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const classIds: Record<string, number> = {};
  let math: number;
  let chinese: number;
  let mathItems: number[];
  let chineseItem: number;
  let labClass: number;

  async function answer(who: string, contract: RouteContract, body: object) {
    return (
      await call<unknown>(server.app, contract, {
        token: tokens[who]!,
        body: body as Record<string, unknown>,
      })
    ).body;
  }
  async function ok<C extends RouteContract>(who: string, contract: C, body: object) {
    const res = await answer(who, contract, body);
    if (res.code !== 200) throw new Error(`${contract.url} as ${who}: ${JSON.stringify(res)}`);
    return res.data as DataOf<C>;
  }
  const stored = async () =>
    (
      await server.db
        .selectFrom('appraisal_records')
        .select(['student_id', 'item_id', 'level', 'comment', 'term'])
        .where('item_id', 'in', mathItems)
        .orderBy('student_id')
        .orderBy('item_id')
        .execute()
    ).map((x) => ({ ...x }));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    for (const who of ['teacher', 'head', 'admin', 'lab-admin'])
      tokens[who] = (await signIn(server.app, who)).token;
    const classes = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.school_id'])
      .execute();
    for (const c of classes) if (c.school_id === schoolId) classIds[c.name] = c.id;
    labClass = classes.find((c) => c.school_id === server.seed.labSchoolId)!.id;
    const subject = async (name: string) =>
      (
        await db
          .selectFrom('subjects')
          .select('id')
          .where('school_id', '=', schoolId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    math = await subject('数学');
    chinese = await subject('语文');
    mathItems = [];
    for (const name of ['运算能力', '逻辑推理'])
      mathItems.push(
        (
          await db
            .insertInto('ability_items')
            .values({ school_id: schoolId, kind: 1, subject_id: math, name })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    chineseItem = (
      await db
        .selectFrom('ability_items')
        .select('id')
        .where('subject_id', '=', chinese)
        .where('kind', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

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

  async function finishedJob(who: string, jobId: number) {
    for (let i = 0; i < 600; i++) {
      const job = await ok(who, downloadRoutes.downloadStatus, { jobId });
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('job did not finish');
  }

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

  it('keeps one 评语 per student and term, written by the class’s 班主任 only', async () => {
    const classId = classIds['高一(1)班']!;
    const head = await ok('head', r.sheet, { classId, term: 1, kind: 1, subjectId: chinese });
    expect(head.canComment).toBe(true);
    // the demo's 评语 of the first two students
    expect(head.students[0]!.termComment).toMatch(/^学习态度端正/);
    expect(head.students[2]!.termComment).toBe('');
    const teacher = await ok('teacher', r.sheet, { classId, term: 1, kind: 1, subjectId: math });
    expect(teacher.canComment).toBe(false);
    expect(teacher.students[0]!.termComment).toBe(head.students[0]!.termComment);

    const [s1, s2, s3] = head.students;
    const body = { classId, term: 1, kind: 1, subjectId: chinese, records: [] };
    const written = await ok('head', r.save, {
      ...body,
      comments: [
        { studentId: s3!.studentId, comment: '  进步明显，继续努力。 ' },
        { studentId: s2!.studentId, comment: '' },
      ],
    });
    expect(written).toEqual({ saved: 0, cleared: 0, comments: 2 });
    const rows = async () =>
      (
        await server.db
          .selectFrom('appraisal_comments')
          .select(['student_id', 'term', 'comment'])
          .where('student_id', 'in', [s1!.studentId, s2!.studentId, s3!.studentId])
          .orderBy('student_id')
          .orderBy('term')
          .execute()
      ).map((x) => ({ ...x }));
    const first = await rows();
    expect(first).toEqual([
      { student_id: s1!.studentId, term: 1, comment: s1!.termComment },
      { student_id: s3!.studentId, term: 1, comment: '进步明显，继续努力。' },
    ]);
    // a retried save writes the same rows; another term is a 评语 of its own
    await ok('head', r.save, {
      ...body,
      comments: [{ studentId: s3!.studentId, comment: '进步明显，继续努力。' }],
    });
    expect(await rows()).toEqual(first);
    await ok('head', r.save, {
      ...body,
      term: 2,
      comments: [{ studentId: s3!.studentId, comment: '下学期的评语' }],
    });
    const term2 = await ok('head', r.sheet, { classId, term: 2, kind: 1, subjectId: chinese });
    expect(term2.students[2]!.termComment).toBe('下学期的评语');
    expect(term2.students[0]!.termComment).toBe('');

    // refused, and nothing written: a 任课教师, a student of another class, too long, twice
    const refuse = async (who: string, comments: object[], subjectId = chinese) =>
      answer(who, r.save, { ...body, subjectId, comments });
    const byTeacher = await refuse('teacher', [{ studentId: s3!.studentId, comment: '好' }], math);
    expect([byTeacher.code, byTeacher.message]).toEqual([403, '只有班主任可以填写学期评语']);
    const stranger = await refuse('head', [{ studentId: 999999, comment: '好' }]);
    expect([stranger.code, stranger.message]).toEqual([400, '学生不属于该班级']);
    const long = await refuse('head', [{ studentId: s3!.studentId, comment: '很'.repeat(201) }]);
    expect([long.code, long.message]).toEqual([
      400,
      '请求参数错误：学期评语第1项的评语长度不能超过 200 位',
    ]);
    const twice = await refuse('head', [
      { studentId: s3!.studentId, comment: '一' },
      { studentId: s3!.studentId, comment: '二' },
    ]);
    expect([twice.code, twice.message]).toEqual([400, '同一学生每学期只能有一条评语']);
    expect(await rows()).toEqual([
      ...first,
      { student_id: s3!.studentId, term: 2, comment: '下学期的评语' },
    ]);

    // 学生评价 shows a student's 评语 by term, the newest first, to whoever sees the student
    const record = await ok('teacher', r.student, { studentId: s3!.studentId });
    expect(record.comments.map((c) => [c.term, c.comment])).toEqual([
      [2, '下学期的评语'],
      [1, '进步明显，继续努力。'],
    ]);
  });

  it('exports one student’s records and 评语 alone as xlsx through the download centre', async () => {
    const classId = classIds['高一(1)班']!;
    const sheet = await ok('head', r.sheet, { classId, term: 1, kind: 1, subjectId: chinese });
    const s1 = sheet.students[0]!;
    const { jobId } = await ok('head', r.studentExportJob, { studentId: s1.studentId });
    expect((await ok('head', r.studentExportJob, { studentId: s1.studentId })).jobId).toBe(jobId);
    const job = await finishedJob('head', jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'appraisal' });
    expect(job.fileName).toMatch(new RegExp(`高一\\(1\\)班-${s1.name}综合评价\\.xlsx$`));
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens.head! },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      book.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const records = rows('评价记录');
    expect(records[0]).toEqual(['学年', '学期', '类别', '学科', '项目', '等级', '评语']);
    const shown = await ok('head', r.student, { studentId: s1.studentId });
    // the same rows as 学生评价
    expect(records).toHaveLength(1 + shown.records.length);
    expect(records.slice(1).map((x) => x[4])).toEqual(shown.records.map((x) => x.itemName));
    expect(records.find((x) => x[4] === '阅读理解')).toEqual(
      expect.arrayContaining(['上学期', '能力', '语文', '优秀', '课堂发言积极，表达清楚']),
    );
    const comments = rows('学期评语');
    expect(comments[0]).toEqual(['学年', '学期', '评语']);
    expect(comments[1]![2]).toMatch(/^学习态度端正/);

    // a student outside the scope, or of another school, answers as a missing one: no job
    const out = await server.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', classIds['高二(1)班']!)
      .executeTakeFirstOrThrow();
    const outside = await answer('teacher', r.studentExportJob, { studentId: out.id });
    expect([outside.code, outside.message]).toEqual([404, '学生不存在']);
    const lab = await answer('lab-admin', r.studentExportJob, { studentId: s1.studentId });
    expect([lab.code, lab.message]).toEqual([404, '学生不存在']);
  });
  it('writes the term 评语 without a subject, for a class whose subjects have no items', async () => {
    const classId = classIds['高一(1)班']!;
    const sheet = await ok('head', r.sheet, { classId, term: 2, kind: 1, subjectId: chinese });
    const s4 = sheet.students[3]!;
    const body = { classId, term: 2, kind: 1, subjectId: null, records: [] };
    const saved = await ok('head', r.save, {
      ...body,
      comments: [{ studentId: s4.studentId, comment: '没有评价项目也能写评语' }],
    });
    expect(saved).toEqual({ saved: 0, cleared: 0, comments: 1 });
    const again = await ok('head', r.sheet, { classId, term: 2, kind: 1, subjectId: chinese });
    expect(again.students[3]!.termComment).toBe('没有评价项目也能写评语');
    // levels need a subject; a 任课教师 writes no 评语; another school's class is missing
    const levels = await answer('head', r.save, {
      ...body,
      records: [{ studentId: s4.studentId, itemId: chineseItem, level: 'A', comment: '' }],
    });
    expect([levels.code, levels.message]).toEqual([400, '请选择科目']);
    const teacher = await answer('teacher', r.save, {
      ...body,
      comments: [{ studentId: s4.studentId, comment: '好' }],
    });
    expect([teacher.code, teacher.message]).toEqual([403, '只有班主任可以填写学期评语']);
    const foreign = await answer('head', r.save, {
      ...body,
      classId: labClass,
      comments: [{ studentId: s4.studentId, comment: '好' }],
    });
    expect(foreign.code).toBe(404);
    const after = await ok('head', r.sheet, { classId, term: 2, kind: 1, subjectId: chinese });
    expect(after.students[3]!.termComment).toBe('没有评价项目也能写评语');
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
});
