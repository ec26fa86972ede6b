import { administrationRoutes as r, type RouteContract } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';

type Cell = string | number;

async function xlsx(header: string[], rows: Cell[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('名单');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function readXlsx(contentBase64: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(contentBase64, 'base64') as unknown as ArrayBuffer);
  const out: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    out.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return out;
}

const STUDENT_HEADER = ['学号', '姓名', '年级', '班级', '性别', '手机号', '选科'];
const GRADES = ['高一', '高二', '高三'];

/** n students spread over the small demo's three classes. */
function studentRows(n: number, prefix = 'S'): Cell[][] {
  return Array.from({ length: n }, (_, i) => {
    const grade = GRADES[i % 3] ?? '高一';
    return [
      `${prefix}${String(i + 1).padStart(5, '0')}`,
      `学生${i + 1}`,
      grade,
      `${grade}(1)班`,
      i % 2 ? '女' : '男',
      i % 5 === 0 ? `135${String(i).padStart(8, '0')}` : '',
      grade === '高一' ? '' : '物理,化学,生物',
    ];
  });
}

describe.each(DIALECTS)('import and export on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (login: string, contract: RouteContract, body?: Record<string, unknown>) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes loosely; the server validates them against the contract
    call<any>(server.app, contract, { token: tokens[login] ?? '', ...(body ? { body } : {}) });
  const studentCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('students')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('school_id', '=', server.seed.demoSchoolId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const login of ['admin', 'director', 'head', 'teacher', 'gradelead'])
      tokens[login] = (await signIn(server.app, login)).token;
  });
  afterAll(() => server.close());

  it('imports 2,000 students from .xlsx in under 5 s; a re-import changes nothing', async () => {
    const contentBase64 = await xlsx(STUDENT_HEADER, studentRows(2000));
    const started = performance.now();
    const first = await as('admin', r.importStudents, { fileName: 'students.xlsx', contentBase64 });
    const elapsed = performance.now() - started;
    expect(first.body.data).toMatchObject({
      status: 'ok',
      total: 2000,
      inserted: 2000,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(elapsed).toBeLessThan(5000);
    expect(await studentCount()).toBe(2015);
    const again = await as('admin', r.importStudents, { fileName: 'students.xlsx', contentBase64 });
    expect(again.body.data).toMatchObject({
      status: 'ok',
      inserted: 0,
      updated: 0,
      unchanged: 2000,
    });
    expect(await studentCount()).toBe(2015);
    const student = await as('admin', r.getStudents, {
      pageNum: 1,
      pageSize: 1,
      keyWord: 'S00002',
    });
    expect(student.body.data.list[0]).toMatchObject({
      name: '学生2',
      sex: 2,
      gradeName: '高二',
      comboType: '3+1+2',
      electiveSubjects: ['物理', '化学', '生物'],
    });
    const result = await as('admin', r.studentImportResult, {});
    expect(result.body.data).toMatchObject({ jobId: again.body.data.jobId, unchanged: 2000 });
  });

  it('updates a changed row by student number', async () => {
    const rows = studentRows(3, 'U');
    await as('admin', r.importStudents, {
      fileName: 'a.xlsx',
      contentBase64: await xlsx(STUDENT_HEADER, rows),
    });
    const first = rows[0] ?? [];
    first[1] = '改名';
    const changed = await as('admin', r.importStudents, {
      fileName: 'a.xlsx',
      contentBase64: await xlsx(STUDENT_HEADER, rows),
    });
    expect(changed.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
  });

  it('rejects a file with bad rows as a whole and reports every bad row, downloadable as a spreadsheet', async () => {
    const before = await studentCount();
    const rows = studentRows(6, 'B');
    (rows[1] ?? [])[1] = '';
    (rows[3] ?? [])[0] = 'B00003';
    (rows[4] ?? [])[3] = '高一(99)班';
    (rows[5] ?? [])[6] = '语文,物理,生物';
    const result = await as('admin', r.importStudents, {
      fileName: 'bad.xlsx',
      contentBase64: await xlsx(STUDENT_HEADER, rows),
    });
    expect(result.body.data).toMatchObject({ status: 'rejected', total: 6, inserted: 0 });
    expect(result.body.data.errors).toEqual([
      { row: 3, column: '姓名', reason: '姓名不能为空' },
      { row: 5, column: '学号', reason: '文件中学号重复' },
      { row: 6, column: '班级', reason: '班级不存在' },
      {
        row: 7,
        column: '选科',
        reason: '3+3 的科目须为物理、化学、生物、政治、历史、地理中的三门',
      },
    ]);
    expect(await studentCount()).toBe(before);
    const report = await as('admin', r.studentImportErrors, { id: result.body.data.jobId });
    expect(report.body.data.fileName).toMatch(/^学生导入错误-\d+\.xlsx$/);
    expect(await readXlsx(report.body.data.contentBase64)).toEqual([
      ['行号', '列', '原因'],
      ['3', '姓名', '姓名不能为空'],
      ['5', '学号', '文件中学号重复'],
      ['6', '班级', '班级不存在'],
      ['7', '选科', '3+3 的科目须为物理、化学、生物、政治、历史、地理中的三门'],
    ]);
    const lab = await signIn(server.app, 'lab-admin');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes loosely; the server validates them against the contract
    const foreign = await call<any>(server.app, r.studentImportErrors, {
      token: lab.token,
      body: { id: result.body.data.jobId },
    });
    expect(foreign.body.code).toBe(404);
  });

  it('refuses rows outside the caller scope, a missing column, a non-spreadsheet, a bad file name', async () => {
    const rows = studentRows(2, 'H');
    const head = await as('head', r.importStudents, {
      fileName: 'h.xlsx',
      contentBase64: await xlsx(STUDENT_HEADER, rows),
    });
    expect(head.body.data.status).toBe('rejected');
    expect(head.body.data.errors).toEqual([{ row: 3, column: '班级', reason: '超出数据范围' }]);
    const noName = await as('admin', r.importStudents, {
      fileName: 'x.xlsx',
      contentBase64: await xlsx(['学号', '年级', '班级'], []),
    });
    expect(noName.body).toMatchObject({ code: 400, msg: '缺少列：姓名' });
    const junk = await as('admin', r.importStudents, {
      fileName: 'x.xlsx',
      contentBase64: Buffer.from('not a zip').toString('base64'),
    });
    expect(junk.body.code).toBe(400);
    const exe = await as('admin', r.importStudents, { fileName: 'x.exe', contentBase64: 'AAAA' });
    expect(exe.body.code).toBe(400);
    expect(
      (await as('teacher', r.importStudents, { fileName: 'x.xlsx', contentBase64: 'AAAA' })).body
        .code,
    ).toBe(403);
  });

  it('imports .csv with the same rules', async () => {
    const csv = [
      '学号,姓名,年级,班级,性别',
      'C00001,甲,高一,高一(1)班,男',
      'C00002,乙,高二,高二(1)班,女',
    ].join('\n');
    const result = await as('admin', r.importStudents, {
      fileName: 's.csv',
      contentBase64: Buffer.from(`\uFEFF${csv}`).toString('base64'),
    });
    expect(result.body.data).toMatchObject({ status: 'ok', inserted: 2 });
  });

  it('teacher import: upsert by login name, idempotent, every bad row reported', async () => {
    const header = ['姓名', '手机号', '登录名', '学科'];
    const rows: Cell[][] = Array.from({ length: 30 }, (_, i) => [
      `教师${i}`,
      `137${String(i).padStart(8, '0')}`,
      `imp${i}`,
      '数学',
    ]);
    const file = await xlsx(header, rows);
    const first = await as('admin', r.importTeachers, { fileName: 't.xlsx', contentBase64: file });
    expect(first.body.data).toMatchObject({ status: 'ok', inserted: 30 });
    const again = await as('admin', r.importTeachers, { fileName: 't.xlsx', contentBase64: file });
    expect(again.body.data).toMatchObject({ status: 'ok', inserted: 0, updated: 0, unchanged: 30 });
    const bad = await as('admin', r.importTeachers, {
      fileName: 't.xlsx',
      contentBase64: await xlsx(header, [
        ['', '13700000099', 'x1', ''],
        ['某', '123', 'x2', ''],
        ['某', '13700000001', 'x3', ''],
        ['某', '13700000098', 'x4', '书法'],
      ]),
    });
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: '姓名', reason: '姓名不能为空' },
      { row: 3, column: '手机号', reason: '手机号格式不正确' },
      { row: 4, column: '手机号', reason: '手机号已被其他账号使用' },
      { row: 5, column: '学科', reason: '学科不存在' },
    ]);
    const message = await as('admin', r.teacherImportMessage, {});
    expect(message.body.data.status).toBe('rejected');
    const report = await as('admin', r.teacherImportErrors, { id: bad.body.data.jobId });
    expect(await readXlsx(report.body.data.contentBase64)).toHaveLength(5);
    const template = await as('admin', r.teacherTemplate, {});
    expect((await readXlsx(template.body.data.contentBase64))[0]).toEqual([
      '姓名',
      '手机号',
      '登录名',
      '学科',
    ]);
    expect(
      (await as('head', r.importTeachers, { fileName: 't.xlsx', contentBase64: file })).body.code,
    ).toBe(403);
  });

  it('student template and class import/download', async () => {
    const template = await as('admin', r.studentTemplate, {});
    expect(template.body.data.fileName).toBe('学生导入模板.xlsx');
    expect((await readXlsx(template.body.data.contentBase64))[0]).toEqual(STUDENT_HEADER);
    const file = await xlsx(
      ['年级', '班级'],
      [
        ['高三', '高三(2)班'],
        ['高三', '高三(1)班'],
      ],
    );
    const result = await as('admin', r.sysClassImport, { fileName: 'c.xlsx', contentBase64: file });
    expect(result.body.data).toMatchObject({ status: 'ok', inserted: 1, unchanged: 1 });
    const bad = await as('admin', r.sysClassImport, {
      fileName: 'c.xlsx',
      contentBase64: await xlsx(
        ['年级', '班级'],
        [
          ['初一', 'x'],
          ['高三', ''],
        ],
      ),
    });
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: '年级', reason: '年级不存在' },
      { row: 3, column: '班级', reason: '班级名称不能为空' },
    ]);
    // A school sets itself up from the file: a standard grade it lacks is created with its classes,
    // but only by a school-wide administrator.
    const newGrade = await xlsx(
      ['年级', '班级'],
      [
        ['九年级', '九年级(1)班'],
        ['九年级', '九年级(2)班'],
      ],
    );
    const byGradeLead = await as('gradelead', r.sysClassImport, {
      fileName: 'g.xlsx',
      contentBase64: newGrade,
    });
    expect(byGradeLead.body.data.errors).toEqual([
      { row: 2, column: '年级', reason: '年级不存在' },
      { row: 3, column: '年级', reason: '年级不存在' },
    ]);
    expect(
      (await as('admin', r.sysClassImport, { fileName: 'g.xlsx', contentBase64: newGrade })).body
        .data,
    ).toMatchObject({ status: 'ok', inserted: 2 });
    const ninth = await server.db
      .selectFrom('grades')
      .innerJoin('classes', 'classes.grade_id', 'grades.id')
      .select(['grades.grade_num', 'classes.name'])
      .where('grades.school_id', '=', server.seed.demoSchoolId)
      .where('grades.name', '=', '九年级')
      .orderBy('classes.name')
      .execute();
    expect(ninth).toEqual([
      { grade_num: 9, name: '九年级(1)班' },
      { grade_num: 9, name: '九年级(2)班' },
    ]);
    const download = await as('admin', r.sysClassDownload, {});
    expect(download.body.data.fileName).toBe('示范中学-班级名单.xlsx');
    expect((await readXlsx(download.body.data.contentBase64)).map((row) => row[1])).toContain(
      '高三(2)班',
    );
  });

  it('export: own permission, phones masked without System-Tel, audit-logged, rate limited', async () => {
    expect((await as('director', r.exportStudents, { pageNum: 1, pageSize: 20 })).body.code).toBe(
      403,
    );
    await grantKey(server.db, server.seed.demoSchoolId, '教务主任', 'System-Export');
    const masked = await as('director', r.exportStudents, {
      pageNum: 1,
      pageSize: 20,
      keyWord: 'S00001',
    });
    expect(await readXlsx(masked.body.data.contentBase64)).toEqual([
      STUDENT_HEADER,
      ['S00001', '学生1', '高一', '高一(1)班', '男', '135****0000', ''],
    ]);
    const full = await as('admin', r.exportStudents, {
      pageNum: 1,
      pageSize: 20,
      keyWord: 'S00001',
    });
    expect((await readXlsx(full.body.data.contentBase64))[1]?.[5]).toBe('13500000000');
    // Chinese file names naming the school and the class.
    expect(full.body.data.fileName).toBe('示范中学-学生名单.xlsx');
    const teachers = await as('admin', r.exportTeachers, { pageNum: 1, pageSize: 20 });
    expect(teachers.body.data.fileName).toBe('示范中学-教师名单.xlsx');
    expect((await readXlsx(teachers.body.data.contentBase64)).length).toBeGreaterThan(14);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('school_id', '=', server.seed.demoSchoolId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.record_count])).toEqual([
      ['export:student', 1],
      ['export:student', 1],
      ['export:teacher', 44],
    ]);
    for (let i = 0; i < 4; i++) await as('admin', r.exportTeachers, { pageNum: 1, pageSize: 20 });
    expect((await as('admin', r.exportTeachers, { pageNum: 1, pageSize: 20 })).body.code).toBe(429);
    server.clock.advance(61_000);
    expect((await as('admin', r.exportTeachers, { pageNum: 1, pageSize: 20 })).body.code).toBe(200);
    const classId = (
      await server.db
        .selectFrom('students')
        .select('class_id')
        .where('student_no', '=', 'S00001')
        .executeTakeFirstOrThrow()
    ).class_id;
    const ofClass = await as('admin', r.exportStudents, { pageNum: 1, pageSize: 20, classId });
    expect(ofClass.body.data.fileName).toBe('示范中学-高一(1)班-学生名单.xlsx');
  });
});
