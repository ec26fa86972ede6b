import type { MessageItem } from '@examkit/contracts';
import { homeworkRoutes, messageRoutes, type Page } from '@examkit/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { startHomeworkDueSweep, sweepHomeworkDue } from './notices';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
const HOUR = 3_600_000;
const QUESTIONS = [
  { label: '1', type: 'objective', answer: 'a', fullMarks: 5 },
  { label: '2', type: 'subjective', answer: null, fullMarks: 10 },
];

describe.each(DIALECTS)('homework messages on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let gradeId: number;
  let classId: number;
  let className: string;
  let students: number;
  let math: number;
  /** The class's 数学 teachers other than the administrator. */
  let mathTeachers: number[];
  let adminId: number;
  let seq = 0;

  const as = <T>(
    who: string,
    route: (typeof homeworkRoutes)[keyof typeof homeworkRoutes],
    body: Record<string, unknown>,
  ) => call<T>(server.app, route, { token: tokens[who] ?? '', body });

  /** A homework of two questions assigned by the administrator to the class, due in `hours`. */
  async function assigned(name: string, hours: number) {
    const created = await as<{ id: number }>('admin', homeworkRoutes.homeworkCreate, {
      name,
      gradeId,
      subjectId: math,
      paper: { fileName: `${name}.pdf`, contentBase64: PDF },
      idempotencyKey: `notice-${dialect}-${++seq}`,
    });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
    const id = created.body.data.id;
    expect(
      (await as('admin', homeworkRoutes.splitConfirm, { id, questions: QUESTIONS })).body.code,
    ).toBe(200);
    const r = await as('admin', homeworkRoutes.assign, {
      id,
      classIds: [classId],
      teachingClassIds: [],
      dueAt: server.clock.now().getTime() + hours * HOUR,
      estimatedMinutes: 20,
      confirmOverLimit: false,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    return id;
  }

  /** The messages of one kind each user got, by user id. */
  async function received(kind: string, title: string) {
    const rows = await server.db
      .selectFrom('message_receipts as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['r.user_id', 'm.title', 'm.content'])
      .where('m.kind', '=', kind)
      .where('m.title', 'like', `%${title}%`)
      .execute();
    return rows;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      homeworkDueSweepMs: 0,
      // The clock moves past due times; the sessions outlive them here.
      session: { idleMs: 7 * 24 * HOUR, absoluteMs: 7 * 24 * HOUR },
    });
    for (const who of ['admin', 'teacher']) tokens[who] = (await signIn(server.app, who)).token;
    const demo = server.seed.demoSchoolId;
    math = (
      await server.db
        .selectFrom('subjects')
        .select('id')
        .where('school_id', '=', demo)
        .where('name', '=', '数学')
        .executeTakeFirstOrThrow()
    ).id;
    adminId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const teacherId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'teacher')
        .executeTakeFirstOrThrow()
    ).id;
    // A 数学 class of 高一 that the demo teacher teaches.
    const taught = await server.db
      .selectFrom('teaching_assignments as t')
      .innerJoin('classes as c', 'c.id', 't.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.id as grade_id', 't.academic_year'])
      .where('t.user_id', '=', teacherId)
      .where('t.subject_id', '=', math)
      .where('g.name', '=', '高一')
      .orderBy('t.academic_year', 'desc')
      .executeTakeFirstOrThrow();
    classId = taught.id;
    className = taught.name;
    gradeId = taught.grade_id;
    mathTeachers = (
      await server.db
        .selectFrom('teaching_assignments')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('subject_id', '=', math)
        .where('academic_year', '=', taught.academic_year)
        .execute()
    )
      .map((r) => r.user_id)
      .filter((u) => u !== adminId);
    expect(mathTeachers).toContain(teacherId);
    students = (
      await server.db.selectFrom('students').select('id').where('class_id', '=', classId).execute()
    ).length;
  }, 60_000);
  afterAll(() => server.close());

  it('tells the class’s subject teacher that a homework was assigned, once', async () => {
    await assigned('函数练习', 24);
    const got = await received('homework_assigned', '函数练习');
    expect(got.map((r) => r.user_id).sort()).toEqual([...mathTeachers].sort());
    expect(got[0]!.title).toBe(`作业已布置：${className} 函数练习`);
    expect(got[0]!.content).toContain('截止时间');
    const list = await call<Page<Static<typeof MessageItem>>>(server.app, messageRoutes.list, {
      token: tokens.teacher!,
      body: { pageNum: 1, pageSize: 20 },
    });
    expect(list.body.data.list.map((m) => m.title)).toContain(`作业已布置：${className} 函数练习`);
  });

  it('counts the class’s hand-ins in the due message', async () => {
    const id = await assigned('统计练习', 1);
    // One student handed in (as a scanned hand-in is recorded), another class's student too.
    const [first] = await server.db
      .selectFrom('students')
      .select(['id', 'school_id'])
      .where('class_id', '=', classId)
      .orderBy('id')
      .limit(1)
      .execute();
    const other = await server.db
      .selectFrom('students')
      .select(['id', 'class_id'])
      .where('school_id', '=', first!.school_id)
      .where('class_id', '!=', classId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const at = server.clock.now().getTime();
    const handIn = (studentId: number, inClass: number) => ({
      homework_id: id,
      school_id: first!.school_id,
      student_id: studentId,
      class_id: inClass,
      status: 'submitted',
      source: 'scan',
      image_key: null,
      score: null,
      submitted_at: at,
      corrected_by: null,
      corrected_at: null,
      updated_at: at,
    });
    await server.db
      .insertInto('homework_submissions')
      .values([handIn(first!.id, classId), handIn(other.id, other.class_id)])
      .execute();
    server.clock.advance(HOUR);
    expect(await sweepHomeworkDue(server.db, server.clock)).toBe(1);
    const [got] = await received('homework_due', '统计练习');
    expect(got!.content).toContain(`已交 1 份，未交 ${students - 1} 份`);
  });

  it('tells the assigning teacher and the subject teachers once when the due time passes; reruns and two sweeps at once add nothing', async () => {
    await assigned('数列练习', 2);
    expect(await sweepHomeworkDue(server.db, server.clock)).toBe(0);
    expect(await received('homework_due', '数列练习')).toEqual([]);

    server.clock.advance(2 * HOUR);
    expect(await sweepHomeworkDue(server.db, server.clock)).toBe(1);
    const got = await received('homework_due', '数列练习');
    expect(got.map((r) => r.user_id).sort()).toEqual([adminId, ...mathTeachers].sort());
    expect(got[0]!.title).toBe(`作业已截止：${className} 数列练习`);
    expect(got[0]!.content).toContain(`（2 道题）`);
    expect(got[0]!.content).toContain(`（${students} 名学生）`);
    expect(got[0]!.content).toContain(`已交 0 份，未交 ${students} 份`);
    expect(await sweepHomeworkDue(server.db, server.clock)).toBe(0);

    await assigned('导数练习', 1);
    server.clock.advance(HOUR);
    const both = await Promise.all([
      sweepHomeworkDue(server.db, server.clock),
      sweepHomeworkDue(server.db, server.clock),
    ]);
    expect(both[0] + both[1]).toBe(1);
    const once = await received('homework_due', '导数练习');
    expect(once.map((r) => r.user_id).sort()).toEqual([adminId, ...mathTeachers].sort());
    // Still due only after its time: a homework due later is not told yet.
    await assigned('几何练习', 5);
    server.clock.advance(4 * HOUR);
    expect(await sweepHomeworkDue(server.db, server.clock)).toBe(0);
  });

  it('runs by itself on its timer until stopped', async () => {
    await assigned('概率练习', 1);
    server.clock.advance(HOUR);
    const errors: unknown[] = [];
    const stop = startHomeworkDueSweep(server.db, server.clock, 20, (e) => errors.push(e));
    await expect
      .poll(async () => (await received('homework_due', '概率练习')).length, { timeout: 5000 })
      .toBeGreaterThan(0);
    await stop();
    expect(errors).toEqual([]);
  });
});
