import {
  administrationRoutes,
  examRoutes,
  markingRoutes,
  messageRoutes as r,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarkingFixture } from '../marking/testing';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { DEMO_EXAMS } from '../seed/seedExam';
import { CLIENT_ERROR_LIMIT } from './routes';
import { scrub } from './scrub';

type Item = DataOf<typeof r.detail>;
interface Page<T> {
  list: T[];
  total: number;
}

describe.each(DIALECTS)('messages on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = <T = unknown>(login: string, contract: RouteContract, body?: object) =>
    call<T>(server.app, contract, {
      token: tokens[login] ?? login,
      ...(body ? { body: body as Record<string, unknown> } : {}),
    });
  const unread = async (login: string) =>
    (await as<{ count: number }>(login, r.unreadCount)).body.data.count;
  const inbox = async (login: string, body: object = {}) =>
    (await as<Page<Item>>(login, r.list, { pageNum: 1, pageSize: 50, ...body })).body.data;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const login of ['admin', 'director', 'head', 'teacher', 'principal', 'grader'])
      tokens[login] = (await signIn(server.app, login)).token;
    tokens['lab-admin'] = (await signIn(server.app, 'lab-admin')).token;
  });
  afterAll(() => server.close());

  it('a published report tells the teachers of the exam’s classes once; they read it and the count drops', async () => {
    const exam = await server.db
      .selectFrom('exams')
      .select(['id', 'name'])
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('state', '=', 'finished')
      .where('name', '=', DEMO_EXAMS.midterm)
      .executeTakeFirstOrThrow();
    expect(await unread('head')).toBe(0);
    const published = await as('admin', examRoutes.transition, { id: exam.id, to: 'published' });
    expect(published.body.code, published.body.msg).toBe(200);

    // head is 班主任 of 高一(1)班, teacher teaches there; the principal teaches no class.
    for (const login of ['head', 'teacher']) {
      expect(await unread(login)).toBe(1);
      const { list } = await inbox(login);
      expect(list[0]).toMatchObject({
        kind: 'report_published',
        title: `${exam.name}成绩报告已发布`,
        link: `/exam/single/report/class/basic/${exam.id}`,
        senderName: null,
        read: false,
      });
    }
    expect(await unread('principal')).toBe(0);
    expect(await unread('lab-admin')).toBe(0);

    const [message] = (await inbox('head')).list;
    const detail = await as<Item>('head', r.detail, { id: message!.id });
    expect(detail.body.data).toMatchObject({ id: message!.id, read: true });
    expect(await unread('head')).toBe(0);
    expect(await unread('teacher')).toBe(1);
    // Another person's message answers as missing.
    expect((await as('principal', r.detail, { id: message!.id })).body.code).toBe(404);
    expect((await as('lab-admin', r.detail, { id: message!.id })).body.code).toBe(404);

    // Withdrawn and published again: nobody is told twice.
    await as('admin', examRoutes.transition, { id: exam.id, to: 'finished' });
    await as('admin', examRoutes.transition, { id: exam.id, to: 'published' });
    expect((await inbox('teacher')).total).toBe(1);
  });

  it('a notice goes to the holders of a role and the teachers of a class; only school administrators send it', async () => {
    const targets = await as<{
      roles: { id: number; name: string }[];
      classes: { id: number; name: string }[];
    }>('admin', r.noticeTargets);
    const role = targets.body.data.roles.find((x) => x.name === '阅卷老师')!;
    const cls = targets.body.data.classes.find((x) => x.name === '高二(1)班')!;
    expect(role && cls).toBeTruthy();
    expect((await as('teacher', r.noticeTargets)).body.code).toBe(403);
    expect(
      (
        await as('teacher', r.noticeSend, {
          title: '通知',
          content: '内容',
          roleIds: [role.id],
          classIds: [],
        })
      ).body.code,
    ).toBe(403);
    expect(
      (
        await as('admin', r.noticeSend, {
          title: '通知',
          content: '内容',
          roleIds: [],
          classIds: [],
        })
      ).body.code,
    ).toBe(400);
    const labClass = await server.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select('c.id')
      .where('g.school_id', '=', server.seed.labSchoolId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await as('admin', r.noticeSend, {
          title: '通知',
          content: '内容',
          roleIds: [],
          classIds: [labClass.id],
        })
      ).body.code,
    ).toBe(404);

    const before = await unread('grader');
    const sent = await as<{ id: number; recipients: number }>('admin', r.noticeSend, {
      title: '期末监考安排',
      content: '请于周五前确认监考时间。',
      roleIds: [role.id],
      classIds: [cls.id],
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect(sent.body.data.recipients).toBeGreaterThan(1);
    expect(await unread('grader')).toBe(before + 1);
    const { list } = await inbox('grader', { unreadOnly: true });
    expect(list[0]).toMatchObject({
      kind: 'notice',
      title: '期末监考安排',
      content: '请于周五前确认监考时间。',
      senderName: expect.any(String),
    });
    expect(await unread('head')).toBe(0);
  });

  it('lists page by page and unread only; marks some or all read', async () => {
    const before = (await inbox('grader')).total;
    for (let i = 0; i < 3; i++) {
      await as('admin', r.noticeSend, {
        title: `第${i + 1}条`,
        content: '内容',
        roleIds: [],
        classIds: [],
      });
    }
    // (no targets: refused, nothing sent)
    const roleId = (
      await as<{ roles: { id: number; name: string }[] }>('admin', r.noticeTargets)
    ).body.data.roles.find((x) => x.name === '阅卷老师')!.id;
    for (let i = 0; i < 3; i++)
      await as('admin', r.noticeSend, {
        title: `第${i + 1}条`,
        content: '内容',
        roleIds: [roleId],
        classIds: [],
      });
    const all = await inbox('grader');
    expect(all.total).toBe(before + 3);
    expect(all.list[0]!.title).toBe('第3条');
    const page2 = (await as<Page<Item>>('grader', r.list, { pageNum: 2, pageSize: 2 })).body.data;
    expect(page2.list.map((m) => m.id)).toEqual(all.list.slice(2, 4).map((m) => m.id));

    const read = await as<{ count: number }>('grader', r.read, {
      ids: [all.list[0]!.id, all.list[1]!.id],
    });
    expect(read.body.data.count).toBe(2);
    const unreadList = await inbox('grader', { unreadOnly: true });
    expect(unreadList.list.every((m) => !m.read)).toBe(true);
    expect(unreadList.total).toBe(await unread('grader'));
    // Someone else's ids change nothing.
    expect(
      (await as<{ count: number }>('head', r.read, { ids: [all.list[2]!.id] })).body.data.count,
    ).toBe(0);
    const readAll = await as<{ count: number }>('grader', r.readAll, {});
    expect(readAll.body.data.count).toBe(unreadList.total);
    expect(await unread('grader')).toBe(0);
  });

  it('saving a marking block tells its markers once; finishing the subject tells them and the exam’s creator', async () => {
    const fx = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: 2,
      markers: 2,
    });
    const count = async (userId: number, kind: string) =>
      Number(
        (
          await server.db
            .selectFrom('message_receipts as mr')
            .innerJoin('messages as m', 'm.id', 'mr.message_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('mr.user_id', '=', userId)
            .where('m.kind', '=', kind)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const setup = {
      examSubjectId: fx.examSubjectId,
      name: '第13题',
      questionIds: [fx.questionIds[0]],
      mode: 'single',
      tolerance: 2,
      scoreStep: 1,
      distribution: 'pool',
      anonymous: true,
      guide: '',
      answer: '',
      recheckPercent: 0,
      markers: fx.users.map((u) => ({ userId: u.userId, quota: null })),
      arbitrators: [],
      leaders: [],
    };
    const saved = await call<{ blockId: number }>(server.app, markingRoutes.saveBlock, {
      token: fx.manager.token,
      body: { setup },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    for (const u of fx.users) expect(await count(u.userId, 'marking_assigned')).toBe(1);
    await call(server.app, markingRoutes.saveBlock, {
      token: fx.manager.token,
      body: { setup, blockId: saved.body.data.blockId },
    });
    for (const u of fx.users) expect(await count(u.userId, 'marking_assigned')).toBe(1);

    await server.db
      .updateTable('marking_blocks')
      .set({ state: 'finished' })
      .where('id', '=', saved.body.data.blockId)
      .execute();
    const finished = await call(server.app, markingRoutes.finishSubject, {
      token: fx.manager.token,
      body: { examSubjectId: fx.examSubjectId },
    });
    expect(finished.body.code, finished.body.msg).toBe(200);
    for (const u of fx.users) expect(await count(u.userId, 'marking_finished')).toBe(1);
    const creator = await server.db
      .selectFrom('exams')
      .select('created_by')
      .where('id', '=', fx.examId)
      .executeTakeFirstOrThrow();
    expect(await count(creator.created_by, 'marking_finished')).toBe(1);
  });

  it('an import tells the person who ran it how it went', async () => {
    const before = (await inbox('admin')).total;
    const bad = await as('admin', administrationRoutes.importStudents, {
      fileName: 'students.csv',
      contentBase64: Buffer.from(
        '学号,姓名,年级,班级,性别,手机号,选科\nX1,,高一,高一(1)班,男,,\n',
      ).toString('base64'),
    });
    expect(bad.body.code).toBe(200);
    const { list, total } = await inbox('admin');
    expect(total).toBe(before + 1);
    expect(list[0]).toMatchObject({ kind: 'import_finished', title: '学生导入未通过' });
  });

  it('client errors are kept per school without personal data, grouped, limited, and shown to administrators', async () => {
    const report = (login: string, message: string, page = '/exam/single?token=abc123&id=9') =>
      as<{ stored: number }>(login, r.errorLog, {
        errors: [
          {
            kind: 'error',
            message,
            stack: 'TypeError: x\n    at f (http://h/assets/a.js?v=1:1:2)',
            page,
            count: 2,
          },
        ],
      });
    const stored = await report(
      'teacher',
      '读取失败 13812345678 /api?token=0123456789abcdef0123456789abcdef&name=张三',
    );
    expect(stored.body.data).toEqual({ stored: 1 });
    await report('head', '读取失败 13812345678 /api?token=ffff&name=李四');
    const rows = await as<Page<{ message: string; page: string; stack: string; count: number }>>(
      'admin',
      r.errorLogList,
      { pageNum: 1, pageSize: 20 },
    );
    expect(rows.body.data.total).toBe(1);
    const [row] = rows.body.data.list;
    expect(row).toMatchObject({
      message: '读取失败 *** /api?token=&name=',
      page: '/exam/single',
      count: 4,
    });
    expect(row!.stack).not.toContain('v=1');
    expect(JSON.stringify(rows.body.data)).not.toMatch(/13812345678|张三|李四|abc123/);
    expect((await as('teacher', r.errorLogList, { pageNum: 1, pageSize: 20 })).body.code).toBe(403);
    const lab = await as<Page<unknown>>('lab-admin', r.errorLogList, { pageNum: 1, pageSize: 20 });
    expect(lab.body.data.total).toBe(0);

    // Rate limit: a seventh report within a minute is refused.
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await report('grader', `错误${i}`)).body.code);
    expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
    expect(codes[6]).toBe(429);
    expect(CLIENT_ERROR_LIMIT).toBeGreaterThan(0);
  });
});

describe('scrub', () => {
  it.each([
    ['/page?token=abc&id=12#x', '/page?token=&id=#x'],
    ['call 13912345678 now', 'call *** now'],
    ['mail a.b@school.cn', 'mail ***'],
    ['id 11010519491231002X', 'id ***'],
    ['Bearer 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'Bearer ***'],
    ['at render (main.js:10:20)', 'at render (main.js:10:20)'],
  ])('%s → %s', (input, output) => {
    expect(scrub(input)).toBe(output);
  });
});
