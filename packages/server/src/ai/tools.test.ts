import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../core/session';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { DIALECTS, startTestServer, userIdOf, type TestServer } from '../test/fixtures';
import { runTool, type ToolDeps } from './tools';

describe.each(DIALECTS)('the grounding tools on %s', (dialect) => {
  let server: TestServer;
  let fx: ReportFixture;
  let deps: ToolDeps;
  const as: Record<string, SessionInfo> = {};

  const run = async (who: string, name: string, args: Record<string, unknown>) => {
    const outcome = await runTool(deps, as[who]!, name, JSON.stringify(args));
    return {
      refused: outcome.refused,
      data: JSON.parse(outcome.content) as Record<string, unknown>,
    };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fx = await insertReportFixture(server.db, server.seed.demoSchoolId);
    deps = { db: server.db, clock: server.clock, files: { put: async () => undefined } as never };
    for (const who of ['teacher', 'admin', 'head'])
      as[who] = {
        tokenHash: '',
        userId: await userIdOf(server.db, server.seed.demoSchoolId, who),
        schoolId: server.seed.demoSchoolId,
        academicYear: 2026,
        clientId: null,
      };
  });
  afterAll(() => server.close());

  it('lists the exams whose reports the user may open', async () => {
    const { data } = await run('teacher', 'list_my_exams', {});
    const exams = data.exams as { examId: number; name: string }[];
    expect(exams.map((e) => e.examId)).toContain(fx.examId);
    // The seeded 期中 is finished but not published: a teacher does not see it, the admin does.
    expect(exams.some((e) => e.name === '2026学年第一学期高一期中考试')).toBe(false);
    const admin = (await run('admin', 'list_my_exams', {})).data.exams as { name: string }[];
    expect(admin.some((e) => e.name === '2026学年第一学期高一期中考试')).toBe(true);
  });

  it('gives a class summary only for the subjects the teacher teaches there', async () => {
    const { refused, data } = await run('teacher', 'class_report_summary', {
      examId: fx.examId,
      classId: fx.class1,
    });
    expect(refused).toBe(false);
    const subjects = data.subjects as {
      subjectName: string;
      class: { mean: number; max: number };
    }[];
    expect(subjects.map((s) => s.subjectName)).toEqual(['数学']);
    expect(subjects[0]!.class).toMatchObject({ mean: 10, max: 15 });
    const head = (
      await run('head', 'class_report_summary', { examId: fx.examId, classId: fx.class1 })
    ).data;
    expect((head.subjects as { subjectName: string }[]).map((s) => s.subjectName)).toEqual([
      '总分',
      '数学',
      '语文',
    ]);
  });

  it('refuses the grade summary to a subject teacher and gives it to the school administrator', async () => {
    expect((await run('teacher', 'grade_report_summary', { examId: fx.examId })).refused).toBe(
      true,
    );
    const { refused, data } = await run('admin', 'grade_report_summary', { examId: fx.examId });
    expect(refused).toBe(false);
    const classes = (data.subjects as { classes: { className: string }[] }[])[0]!.classes;
    expect(classes.map((c) => c.className).sort()).toEqual(['高一(1)班', '高一(9)班']);
  });

  it('gives a student’s scores and trend in scope, and refuses one outside it', async () => {
    const student = await server.db
      .selectFrom('students')
      .select('name')
      .where('id', '=', fx.students[0]!)
      .executeTakeFirstOrThrow();
    const { refused, data } = await run('teacher', 'student_scores', { name: student.name });
    expect(refused).toBe(false);
    const trend = data.trend as {
      exam: string;
      subjects: { subjectName: string; score: number }[];
    }[];
    expect(trend.at(-1)!.subjects).toEqual([
      expect.objectContaining({ subjectName: '数学', score: 15 }),
    ]);
    const outside = await run('teacher', 'student_scores', { name: '夏雨' });
    expect(outside.refused).toBe(true);
    expect(JSON.stringify(outside.data)).not.toMatch(/score|2026190/);
  });

  it('gives question statistics and weak knowledge points, and refuses a subject the teacher does not teach', async () => {
    const questions = await run('teacher', 'question_stats', {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    expect(questions.refused).toBe(false);
    expect(JSON.stringify(questions.data)).toContain('"subjectName":"数学"');
    const weak = await run('teacher', 'weak_knowledge_points', {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    expect((weak.data.weakKnowledgePoints as { tag: string }[]).map((k) => k.tag).sort()).toEqual(
      ['几何', '函数'].sort(),
    );
    const chinese = await run('teacher', 'weak_knowledge_points', {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.chinese.id,
    });
    expect(chinese).toEqual({
      refused: true,
      data: { refused: true, message: expect.stringContaining('超出数据范围') },
    });
  });

  it('answers an unknown tool or bad arguments with an error, not a failure', async () => {
    expect((await run('teacher', 'drop_tables', {})).data.error).toContain('没有名为');
    expect(
      (await run('teacher', 'class_report_summary', { examId: 'x', classId: fx.class1 })).data
        .error,
    ).toContain('examId');
  });
});
