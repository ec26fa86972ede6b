import { appraiseRoutes, DOWNLOAD_FILE_URL } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../test/fixtures';
import { appraiseSuite } from './testKit';

const r = appraiseRoutes;

/** 综合评价's term 评语 and a student's export (docs/appraise.md). */
describe.each(DIALECTS)('综合评价 评语 and exports on %s', (dialect) => {
  const kit = appraiseSuite(dialect);
  const { tokens, classIds, answer, ok, finishedJob } = kit;
  let server: TestServer;
  let math: number;
  let chinese: number;
  let chineseItem: number;
  let labClass: number;
  beforeAll(() => {
    ({ server, math, chinese, chineseItem, labClass } = kit.setUp());
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
    expect(records[0]).toEqual(['学年', '学期', '班级', '类别', '学科', '项目', '等级', '评语']);
    const shown = await ok('head', r.student, { studentId: s1.studentId });
    // the same rows as 学生评价
    expect(records).toHaveLength(1 + shown.records.length);
    expect(records.slice(1).map((x) => x[5])).toEqual(shown.records.map((x) => x.itemName));
    expect(records.find((x) => x[5] === '阅读理解')).toEqual(
      expect.arrayContaining([
        '上学期',
        '高一(1)班',
        '能力',
        '语文',
        '优秀',
        '课堂发言积极，表达清楚',
      ]),
    );
    const comments = rows('学期评语');
    expect(comments[0]).toEqual(['学年', '学期', '班级', '评语']);
    expect(comments[1]![2]).toBe('高一(1)班');
    expect(comments[1]![3]).toMatch(/^学习态度端正/);

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
});
