import { administrationRoutes as r, type RouteContract } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

describe.each(DIALECTS)('homework settings and textbook correlation on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let grade: (school: number, name: string) => number;
  let subject: (school: number, name: string) => number;
  let demo: number;
  let lab: number;
  const as = (login: string, contract: RouteContract, body: Record<string, unknown> = {}) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes loosely; the server validates them against the contract
    call<any>(server.app, contract, { token: tokens[login] ?? '', body });
  const setting = (
    gradeId: number,
    subjectId: number,
    overrides: Record<string, unknown> = {},
  ) => ({
    gradeId,
    subjectId,
    enabled: true,
    deadlineTime: '21:30',
    allowLate: false,
    correctionMode: 'teacher',
    ...overrides,
  });
  const settingRows = () => server.db.selectFrom('homework_settings').selectAll().execute();
  const textbookRows = () => server.db.selectFrom('homework_textbooks').selectAll().execute();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    demo = server.seed.demoSchoolId;
    lab = server.seed.labSchoolId;
    const grades = await server.db
      .selectFrom('grades')
      .select(['id', 'name', 'school_id'])
      .where('academic_year', '=', 2026)
      .execute();
    const subjects = await server.db
      .selectFrom('subjects')
      .select(['id', 'name', 'school_id'])
      .execute();
    grade = (school, name) => grades.find((g) => g.school_id === school && g.name === name)!.id;
    subject = (school, name) => subjects.find((s) => s.school_id === school && s.name === name)!.id;
    for (const login of ['admin', 'director', 'head', 'grader', 'lab-admin'])
      tokens[login] = (await signIn(server.app, login)).token;
  });
  afterAll(() => server.close());

  it('get answers every grade × subject of the year with the defaults', async () => {
    const result = await as('admin', r.homeworkSettingsGet);
    expect(result.body.code).toBe(200);
    expect(result.body.data.academicYear).toBe(2026);
    const rows = result.body.data.rows;
    expect(rows).toHaveLength(3 * 9);
    expect(rows[0]).toEqual({
      gradeId: grade(demo, '高一'),
      gradeName: '高一',
      subjectId: subject(demo, '语文'),
      subjectName: '语文',
      enabled: true,
      deadlineTime: '22:00',
      allowLate: true,
      correctionMode: 'auto',
      saved: false,
    });
  });

  it('save upserts by grade × subject, is idempotent and is read back', async () => {
    const items = [
      setting(grade(demo, '高一'), subject(demo, '数学')),
      setting(grade(demo, '高二'), subject(demo, '英语'), { correctionMode: 'auto' }),
    ];
    const first = await as('admin', r.homeworkSettingsSave, { items });
    expect(first.body).toMatchObject({ code: 200, data: { changed: 2, unchanged: 0 } });
    const again = await as('admin', r.homeworkSettingsSave, { items });
    expect(again.body.data).toEqual({ changed: 0, unchanged: 2 });
    const changed = await as('admin', r.homeworkSettingsSave, {
      items: [{ ...items[0], deadlineTime: '20:00' }],
    });
    expect(changed.body.data).toEqual({ changed: 1, unchanged: 0 });
    expect(await settingRows()).toHaveLength(2);
    const read = await as('head', r.homeworkSettingsGet);
    const math = read.body.data.rows.find(
      (row: { gradeName: string; subjectName: string }) =>
        row.gradeName === '高一' && row.subjectName === '数学',
    );
    expect(math).toMatchObject({
      deadlineTime: '20:00',
      allowLate: false,
      correctionMode: 'teacher',
      saved: true,
    });
    const lab = await as('lab-admin', r.homeworkSettingsGet);
    expect(lab.body.data.rows.every((row: { saved: boolean }) => !row.saved)).toBe(true);
  });

  it("refuses another school's grade, a bad time, a duplicate and an unknown field, writing nothing", async () => {
    const before = await settingRows();
    for (const [body, code, msg] of [
      [
        {
          items: [
            setting(grade(demo, '高三'), subject(demo, '物理')),
            setting(grade(lab, '高一'), subject(demo, '物理')),
          ],
        },
        404,
        '年级不存在',
      ],
      [{ items: [setting(grade(demo, '高三'), subject(lab, '物理'))] }, 404, '学科不存在'],
      [
        { items: [setting(grade(demo, '高三'), subject(demo, '物理'), { deadlineTime: '24:00' })] },
        400,
        '',
      ],
      [
        {
          items: [
            setting(grade(demo, '高三'), subject(demo, '物理')),
            setting(grade(demo, '高三'), subject(demo, '物理')),
          ],
        },
        400,
        '同一年级学科出现了多次',
      ],
      [
        { items: [{ ...setting(grade(demo, '高三'), subject(demo, '物理')), homeworkLimit: 3 }] },
        400,
        '不支持的字段',
      ],
      [
        { items: [setting(grade(demo, '高三'), subject(demo, '物理'), { correctionMode: 'ai' })] },
        400,
        '',
      ],
      // 学生互评 and 通知家长 are gone (migration 0091, docs/administration.md).
      [
        {
          items: [setting(grade(demo, '高三'), subject(demo, '物理'), { correctionMode: 'peer' })],
        },
        400,
        '批改方式',
      ],
      [
        { items: [setting(grade(demo, '高三'), subject(demo, '物理'), { notifyParents: true })] },
        400,
        '不支持的字段',
      ],
    ] as const) {
      const result = await as('admin', r.homeworkSettingsSave, body);
      expect(result.body.code, JSON.stringify(body)).toBe(code);
      expect(result.body.msg).toContain(msg);
    }
    expect(await settingRows()).toEqual(before);
  });

  it('needs System-Homework to save, System-Homework or Homework to read', async () => {
    const items = [setting(grade(demo, '高一'), subject(demo, '语文'))];
    expect((await as('director', r.homeworkSettingsSave, { items })).body.code).toBe(403);
    expect((await as('head', r.homeworkSettingsSave, { items })).body.code).toBe(403);
    expect((await as('director', r.homeworkSettingsGet)).body.code).toBe(200);
    expect((await as('grader', r.homeworkSettingsGet)).body.code).toBe(403);
    expect((await as('grader', r.homeworkCorrelationGet)).body.code).toBe(403);
    expect((await as('lab-admin', r.homeworkSettingsSave, { items })).body.code).toBe(404);
  });

  it('correlation: edition and volume per grade × subject, null clears, idempotent, own school only', async () => {
    const empty = await as('admin', r.homeworkCorrelationGet);
    expect(empty.body.data.rows).toHaveLength(27);
    expect(empty.body.data.rows[0]).toMatchObject({ edition: null, volume: '' });
    const g1 = grade(demo, '高一');
    const items = [
      { gradeId: g1, subjectId: subject(demo, '数学'), edition: '人教版', volume: ' 必修一 ' },
      { gradeId: g1, subjectId: subject(demo, '英语'), edition: '外研版', volume: '选择性必修一' },
    ];
    const first = await as('admin', r.homeworkCorrelationSave, { items });
    expect(first.body.data).toEqual({ changed: 2, unchanged: 0 });
    expect((await as('admin', r.homeworkCorrelationSave, { items })).body.data).toEqual({
      changed: 0,
      unchanged: 2,
    });
    const read = await as('director', r.homeworkCorrelationGet);
    const math = read.body.data.rows.find(
      (row: { gradeId: number; subjectName: string }) =>
        row.gradeId === g1 && row.subjectName === '数学',
    );
    expect(math).toMatchObject({ edition: '人教版', volume: '必修一' });

    const cleared = await as('admin', r.homeworkCorrelationSave, {
      items: [{ ...items[1], edition: null, volume: '' }],
    });
    expect(cleared.body.data).toEqual({ changed: 1, unchanged: 0 });
    expect(await textbookRows()).toHaveLength(1);

    for (const body of [
      { items: [{ ...items[0], edition: '牛津版' }] },
      { items: [{ ...items[0], gradeId: grade(lab, '高一') }] },
      { items: [{ ...items[0], edition: '北师大版', chapter: 1 }] },
    ]) {
      const result = await as('admin', r.homeworkCorrelationSave, body);
      expect(result.body.code, JSON.stringify(body)).not.toBe(200);
    }
    expect((await as('director', r.homeworkCorrelationSave, { items })).body.code).toBe(403);
    expect(await textbookRows()).toEqual([
      expect.objectContaining({ edition: '人教版', volume: '必修一', school_id: demo }),
    ]);
  });
});
