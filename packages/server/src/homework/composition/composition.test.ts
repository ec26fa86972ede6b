import {
  homeworkCompositionRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  teachingAssistantRoutes,
  type CentreHomeworkRow,
  type CentreHomeworkTopics,
  type CompositionDetail,
  type CompositionReportBasic,
  type CompositionReview,
  type CompositionStudentRow,
  type CorrectionOverview,
  type ExemplaryEssay,
  type HomeworkDetail,
  type HomeworkScanPage,
  type Page,
  type SubmissionDetail,
} from '@examkit/contracts';
import { type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import {
  assignHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
} from '../testKit';

type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkCompositionRoutes &
  typeof teachingAssistantRoutes;
const routes: Routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkCompositionRoutes,
  ...teachingAssistantRoutes,
};
const RUBRIC = { content: 25, structure: 15, language: 15, writing: 5 };

describe.each(DIALECTS)('作文 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let gradeId: number;
  let chinese: number;
  let classId: number;
  let compositionId: number;
  let students: { id: number; no: string; name: string }[];
  let ct: CorpusTemplate;

  const create = (key: string, extra: Record<string, unknown> = {}) =>
    ok<{ id: number }>('admin', 'compositionCreate', {
      name: '我的家乡',
      gradeId,
      subjectId: chinese,
      prompt: '以“我的家乡”为题，写一篇记叙文。',
      genre: '记叙文',
      minWords: 600,
      rubric: RUBRIC,
      estimatedMinutes: 40,
      idempotencyKey: `${key}-${dialect}`,
      ...extra,
    });
  const hand = async (studentNo: string) =>
    ok<HomeworkScanPage>('admin', 'scanUpload', {
      id: compositionId,
      fileName: `${studentNo}.png`,
      contentBase64: await filledScan(ct, studentNo, {}),
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'admin', '语文');
    gradeId = pair.gradeId;
    chinese = pair.subjectId;
    classId = pair.targets.find((t) => t.kind === 'class')!.id;
    students = await server.db
      .selectFrom('students')
      .select(['id', 'student_no as no', 'name'])
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .limit(3)
      .execute();
    compositionId = (await create('main')).id;
    await assignHomework(ok, compositionId, [classId], 40);
    ct = await homeworkSheet(server, compositionId, '语文');
  }, 120_000);
  afterAll(() => server.close());

  it('creates a composition once per key: one essay question worth the rubric’s sum, listed apart from 校本作业', async () => {
    const again = await create('main');
    expect(again.id).toBe(compositionId);
    const detail = await ok<CompositionDetail>('admin', 'compositionDetail', { id: compositionId });
    expect(detail).toMatchObject({
      name: '我的家乡',
      gradeName: '高一',
      subjectName: '语文',
      state: 'assigned',
      genre: '记叙文',
      minWords: 600,
      fullMarks: 60,
      rubric: RUBRIC,
      estimatedMinutes: 40,
    });
    const homework = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id: compositionId });
    expect(homework.questions).toEqual([
      { no: 1, label: '作文', type: 'subjective', answer: null, fullMarks: 60, points: [] },
    ]);
    const page = await ok<{ list: { id: number }[]; total: number }>('admin', 'compositionPage', {
      pageNum: 1,
      pageSize: 20,
    });
    expect(page.list.map((c) => c.id)).toContain(compositionId);
    const homeworkList = await ok<{ list: { id: number }[] }>('admin', 'homeworkPage', {
      pageNum: 1,
      pageSize: 100,
    });
    expect(homeworkList.list.map((h) => h.id)).not.toContain(compositionId);
    const unassigned = await create('split');
    const split = await as('admin', 'splitConfirm', {
      id: unassigned.id,
      questions: [{ label: '1', type: 'subjective', answer: null, fullMarks: 10 }],
    });
    expect(split.body.msg).toBe('作文只有一道作文题，请在编辑作文中修改');
  });

  it('refuses a rubric worth nothing, and an empty 要求', async () => {
    expect(
      (
        await as('admin', 'compositionCreate', {
          name: '空',
          gradeId,
          subjectId: chinese,
          prompt: '写',
          genre: '不限',
          minWords: 0,
          rubric: { content: 0, structure: 0, language: 0, writing: 0 },
          estimatedMinutes: 30,
          idempotencyKey: `zero-${dialect}`,
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '评分标准的总分必须大于 0' });
    expect(
      (
        await as('admin', 'compositionCreate', {
          name: '空',
          gradeId,
          subjectId: chinese,
          prompt: '   ',
          genre: '不限',
          minWords: 0,
          rubric: RUBRIC,
          estimatedMinutes: 30,
          idempotencyKey: `blank-${dialect}`,
        })
      ).body.msg,
    ).toBe('作文要求不能为空');
  });

  it('edits the rubric before assignment (full marks follow) and only the wording after', async () => {
    const { id } = await create('edit');
    const edited = await ok<CompositionDetail>('admin', 'compositionEdit', {
      id,
      name: '我的老师',
      prompt: '写一位老师。',
      genre: '记叙文',
      minWords: 500,
      rubric: { content: 20, structure: 10, language: 15, writing: 5 },
    });
    expect(edited).toMatchObject({ name: '我的老师', fullMarks: 50, minWords: 500 });
    const homework = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id });
    expect(homework.questions[0]!.fullMarks).toBe(50);

    const body = {
      id: compositionId,
      name: '我的家乡（修改）',
      prompt: '以“我的家乡”为题。',
      genre: '记叙文',
      minWords: 700,
    };
    expect(
      (
        await as('admin', 'compositionEdit', {
          ...body,
          rubric: { ...RUBRIC, writing: 10 },
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '作文已布置，评分标准不能再修改' });
    const renamed = await ok<CompositionDetail>('admin', 'compositionEdit', {
      ...body,
      rubric: RUBRIC,
    });
    expect(renamed).toMatchObject({ name: '我的家乡（修改）', minWords: 700, fullMarks: 60 });
  });

  it('corrects a scanned essay by the rubric with a comment; the hand-in is finished, then modified; 范文 are listed', async () => {
    const first = await hand(students[0]!.no);
    const second = await hand(students[1]!.no);
    expect(first).toMatchObject({ status: 'matched', studentName: students[0]!.name });
    expect(
      await ok<CompositionReview | null>('admin', 'compositionReview', {
        submissionId: first.submissionId,
      }),
    ).toBeNull();
    // No model configured on this server: AI批改建议 says so.
    expect(
      (await as('admin', 'compositionSuggest', { submissionId: first.submissionId })).body,
    ).toMatchObject({ code: 400, msg: '学校尚未配置AI模型' });

    const over = await as('admin', 'compositionCorrect', {
      submissionId: first.submissionId,
      scores: { content: 26, structure: 10, language: 10, writing: 5 },
      comment: '',
      exemplary: false,
    });
    expect(over.body).toMatchObject({ code: 400, msg: '内容得分不能超过该项满分 25 分' });

    const review = await ok<CompositionReview>('admin', 'compositionCorrect', {
      submissionId: first.submissionId,
      scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
      comment: '  情感真挚，结构清晰。  ',
      exemplary: true,
    });
    expect(review).toMatchObject({
      total: 55.5,
      comment: '情感真挚，结构清晰。',
      exemplary: true,
      reviewedBy: expect.any(String),
    });
    const sub = await ok<SubmissionDetail>('admin', 'submission', {
      submissionId: first.submissionId,
    });
    expect(sub).toMatchObject({ status: 'finished', score: 55.5 });
    expect(sub.answers[0]).toMatchObject({ score: 55.5, judgement: 'wrong' });

    await ok<CompositionReview>('admin', 'compositionCorrect', {
      submissionId: second.submissionId,
      scores: { content: 15, structure: 9, language: 8, writing: 3 },
      comment: '内容单薄。',
      exemplary: false,
    });
    // A changed score of a finished essay: 已修改.
    const changed = await ok<CompositionReview>('admin', 'compositionCorrect', {
      submissionId: second.submissionId,
      scores: { content: 16, structure: 9, language: 8, writing: 3 },
      comment: '内容单薄，语言尚可。',
      exemplary: false,
    });
    expect(changed.total).toBe(36);
    const overview = await ok<CorrectionOverview>('admin', 'correctOverview', {
      id: compositionId,
    });
    expect(overview.students.find((s) => s.studentId === students[1]!.id)).toMatchObject({
      status: 'modified',
      score: 36,
    });

    const exemplary = await ok<ExemplaryEssay[]>('admin', 'exemplary', { id: compositionId });
    expect(exemplary).toEqual([
      {
        submissionId: first.submissionId,
        studentName: students[0]!.name,
        className: expect.any(String),
        score: 55.5,
        comment: '情感真挚，结构清晰。',
        hasImage: true,
      },
    ]);

    const report = await ok<CompositionReportBasic>('admin', 'reportBasic', { id: compositionId });
    expect(report).toMatchObject({
      fullMarks: 60,
      submitted: 2,
      corrected: 2,
      average: 45.8,
      highest: 55.5,
      lowest: 36,
    });
    expect(report.expected).toBeGreaterThanOrEqual(3);
    expect(report.dimensions.map((d) => [d.label, d.points, d.average])).toEqual([
      ['内容', 25, 19.5],
      ['结构', 15, 11.3],
      ['语言', 15, 11],
      ['书写', 5, 4],
    ]);
    expect(report.bands.map((b) => b.count)).toEqual([1, 0, 1, 0]);
    expect(report.exemplary).toHaveLength(1);

    // the report centre's 助手报告 lists the composition with the same figures
    const centre = await ok<Page<CentreHomeworkRow>>('admin', 'assistantReports', {
      pageNum: 1,
      pageSize: 50,
    });
    const row = centre.list.find((h) => h.id === compositionId)!;
    expect(row).toMatchObject({
      composition: true,
      name: report.name,
      gradeName: '高一',
      subjectName: '语文',
      fullMarks: 60,
      expected: report.expected,
      submitted: 2,
      corrected: 2,
      average: 45.8,
    });
    expect(row.targets.length).toBeGreaterThan(0);
    expect(row.scoreRate).toBeCloseTo(45.8 / 60, 6);
    // its 题目列表: the rubric's parts at or under the rate (内容 78 %, 结构 75.3 %, 语言 73.3 %, 书写 80 %)
    const topics = await ok<CentreHomeworkTopics>('admin', 'assistantTopics', {
      homeworkId: compositionId,
      classId: null,
      teachingClassId: null,
      threshold: 0.75,
    });
    expect(topics).toMatchObject({
      composition: true,
      homeworkId: compositionId,
      name: report.name,
      questions: [],
      points: [],
    });
    expect(topics.dimensions.map((d) => [d.label, d.points, d.average])).toEqual([
      ['语言', 15, 11],
    ]);
    expect(topics.dimensions[0]!.scoreRate).toBeCloseTo(
      report.dimensions.find((d) => d.label === '语言')!.rate! / 100,
      6,
    );
    expect(topics.homeworks.map((h) => h.id)).toContain(compositionId);
    // 班级: the assigned class gives its students' parts; a class not assigned 404
    expect(topics.targets).toEqual([{ kind: 'class', id: classId, name: expect.any(String) }]);
    const ofClass = await ok<CentreHomeworkTopics>('admin', 'assistantTopics', {
      homeworkId: compositionId,
      classId,
      teachingClassId: null,
      threshold: 0.75,
    });
    expect(ofClass.dimensions).toEqual(topics.dimensions);
    const own = await server.db
      .selectFrom('students')
      .select('school_id')
      .where('id', '=', students[0]!.id)
      .executeTakeFirstOrThrow();
    const other = await server.db
      .selectFrom('students')
      .select('class_id as id')
      .where('school_id', '=', own.school_id)
      .where('class_id', '!=', classId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await as('admin', 'assistantTopics', {
          homeworkId: compositionId,
          classId: other.id,
          teachingClassId: null,
          threshold: 0.75,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '班级不存在' });

    const rows = await ok<CompositionStudentRow[]>('admin', 'reportStudent', {
      id: compositionId,
    });
    expect(rows.find((r) => r.studentId === students[0]!.id)).toMatchObject({
      status: 'finished',
      score: 55.5,
      scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
      exemplary: true,
    });
    expect(rows.find((r) => r.studentId === students[2]!.id)).toMatchObject({
      status: 'not_submitted',
      scores: null,
      comment: '',
    });

    // Un-marking a 范文 takes it off the list.
    await ok<CompositionReview>('admin', 'compositionCorrect', {
      submissionId: first.submissionId,
      scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
      comment: '情感真挚，结构清晰。',
      exemplary: false,
    });
    expect(await ok<ExemplaryEssay[]>('admin', 'exemplary', { id: compositionId })).toEqual([]);
  }, 60_000);

  it('answers 作文不存在 for another school, a teacher outside the subject, and a plain homework', async () => {
    for (const who of ['lab-admin', 'teacher']) {
      for (const route of [
        'compositionDetail',
        'reportBasic',
        'reportStudent',
        'exemplary',
      ] as const)
        expect((await as(who, route, { id: compositionId })).body).toMatchObject({
          code: 404,
          msg: '作文不存在',
        });
    }
    const plain = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: '普通作业',
      gradeId,
      subjectId: chinese,
      paper: {
        fileName: '练习.pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      },
      idempotencyKey: `plain-${dialect}`,
    });
    expect((await as('admin', 'compositionDetail', { id: plain.id })).body.msg).toBe('作文不存在');
    const sub = await server.db
      .selectFrom('homework_submissions')
      .select('id')
      .where('homework_id', '=', compositionId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await as('lab-admin', 'compositionCorrect', {
          submissionId: sub.id,
          scores: { content: 1, structure: 1, language: 1, writing: 1 },
          comment: '',
          exemplary: false,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '提交不存在' });
    const page = await ok<{ total: number }>('lab-admin', 'compositionPage', {
      pageNum: 1,
      pageSize: 20,
    });
    expect(page.total).toBe(0);
  });
});
