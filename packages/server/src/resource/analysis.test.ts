import { resourceAnalysisRoutes as ra, type DataOf, type RouteContract } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { mathQuestion as math } from './bankFixtures';
import { insertPaper } from './papers';
import { insertQuestion } from './questions';

type Analysis = DataOf<typeof ra.summary>;

describe.each(DIALECTS)('校本资源分析 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  const userIds: Record<string, number> = {};
  const as = (login: string, contract: RouteContract, body: object = {}) =>
    call<Analysis>(server.app, contract, {
      token: tokens[login]!,
      body: body as Record<string, unknown>,
    });
  const summary = async (login: string, body: object = {}) => {
    const reply = await as(login, ra.summary, body);
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data;
  };
  let favourite: number;
  let before: Analysis;

  beforeAll(async () => {
    for (const login of ['teacher', 'director', 'lab-admin', 'grader']) {
      const info = await signIn(server.app, login);
      tokens[login] = info.token;
      userIds[login] = Number(info.userId);
    }
    before = await summary('director');
    const school = server.seed.demoSchoolId;
    const teacher = { schoolId: school, userId: userIds.teacher! };
    favourite = await insertQuestion(
      server.db,
      server.clock,
      teacher,
      math({ stem: '最常用的题' }),
    );
    const other = await insertQuestion(server.db, server.clock, teacher, math({ stem: '另一题' }));
    const paper = (title: string, ids: number[]) =>
      insertPaper(
        server.db,
        teacher,
        {
          subjectCode: 'math',
          title,
          subtitle: '',
          durationMinutes: 40,
          gradeNum: 10,
          sections: [
            { title: '选择题', questions: ids.map((questionId) => ({ questionId, score: 5 })) },
          ],
        },
        0,
        null,
      );
    const first = await paper('分析用卷一', [favourite, other]);
    await paper('分析用卷二', [favourite]);
    await paper('分析用卷三', [favourite]);
    const exam = await server.db
      .selectFrom('exams')
      .select('id')
      .where('school_id', '=', school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const examSubject = await server.db
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', exam.id)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('paper_exams')
      .values({
        paper_id: first,
        exam_id: exam.id,
        exam_subject_id: examSubject.id,
        school_id: school,
        request_key: 'analysis-test-exam',
        created_at: 0,
      })
      .execute();
    await server.db
      .insertInto('resource_uploads')
      .values({
        school_id: school,
        user_id: userIds.teacher!,
        kind: 'image',
        file_name: '图.png',
        content_type: 'image/png',
        size: 10,
        sha256: 'a'.repeat(64),
        file_key: `uploads/${'a'.repeat(64)}.png`,
        created_at: 0,
      })
      .execute();
  }, 60_000);

  it('counts the school’s questions, papers and uploads in total, per subject and per teacher', async () => {
    const after = await summary('director');
    expect(after.totals.questions - before.totals.questions).toBe(2);
    expect(after.totals.papers - before.totals.papers).toBe(3);
    expect(after.totals.uploads - before.totals.uploads).toBe(1);
    // The demo bank: the school's own questions and the cloud questions it reads.
    expect(before.totals.questions).toBeGreaterThan(0);
    expect(before.totals.cloudQuestions).toBeGreaterThan(0);
    const row = (a: Analysis, code: string) => a.bySubject.find((s) => s.subjectCode === code);
    expect(after.bySubject.map((s) => s.subjectName)).toContain('数学');
    expect(row(after, 'math')).toMatchObject({ questions: 2, papers: 3 });
    expect(after.bySubject.reduce((n, s) => n + s.questions, 0)).toBe(after.totals.questions);
    const li = after.byTeacher.find((t) => t.name === '李老师');
    expect(li).toEqual({
      userId: userIds.teacher,
      name: '李老师',
      questions: 2,
      papers: 3,
      uploads: 1,
    });
    // The demo seed writes as nobody: its share is a row of its own.
    expect(after.byTeacher.find((t) => t.userId === null)?.name).toBe('示例与导入');
  });

  it('lists the most-used questions, most papers first, with the exams made from them', async () => {
    const { topQuestions } = await summary('teacher', { subjectCode: 'math' });
    expect(topQuestions[0]).toMatchObject({ papers: 3, exams: 1 });
    expect(topQuestions[0]!.question).toMatchObject({ id: favourite, stem: '最常用的题' });
    expect(topQuestions[1]).toMatchObject({ papers: 1, exams: 1 });
    expect(
      (await summary('teacher', { subjectCode: '03' })).topQuestions.map((t) => t.question.id),
    ).not.toContain(favourite);
  });

  it('shows another school only its own figures and refuses who holds no resource key', async () => {
    const lab = await summary('lab-admin');
    expect(lab.totals).toMatchObject({ questions: 0, papers: 0, uploads: 0 });
    expect(lab.byTeacher).toEqual([]);
    expect(lab.topQuestions).toEqual([]);
    expect((await as('grader', ra.summary)).body.code).toBe(403);
  });
});
