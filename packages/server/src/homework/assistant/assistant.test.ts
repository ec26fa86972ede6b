import {
  ASSISTANT_FREQUENCY_EXPORT_URL,
  homeworkAssistantRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type AssistantOption,
  type AssistantSummaryRow,
  type FrequencyRow,
  type HomeworkScanPage,
} from '@examkit/contracts';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheetRows } from '../../exam/spreadsheets';
import {
  call,
  DIALECTS,
  signIn,
  startTestServer,
  TEST_NOW,
  type TestServer,
} from '../../test/fixtures';
import { homeworkSheetDocument, sheetQuestionOf } from '../sheet';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
const DPI = 150;
type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkAssistantRoutes;
const routes: Routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkAssistantRoutes,
};

describe.each(DIALECTS)('作业分析 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let filter: { gradeId: number; subjectId: number; period: string };
  let homeworkId: number;
  let className: string;
  let expected: number;

  const as = <T>(who: string, route: keyof Routes, body: Record<string, unknown>) =>
    call<T>(server.app, routes[route], { token: tokens[who] ?? '', body });
  const ok = async <T>(who: string, route: keyof Routes, body: Record<string, unknown>) => {
    const r = await as<T>(who, route, body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const who of ['admin', 'teacher', 'lab-admin'])
      tokens[who] = (await signIn(server.app, who)).token;
    const options = await ok<
      {
        gradeId: number;
        gradeName: string;
        subjectName: string;
        subjectId: number;
        targets: { kind: string; id: number; name: string }[];
      }[]
    >('admin', 'homeworkOptions', {});
    const pair = options.find((o) => o.gradeName === '高一' && o.subjectName === '数学')!;
    const target = pair.targets.find((t) => t.kind === 'class')!;
    className = target.name;
    filter = { gradeId: pair.gradeId, subjectId: pair.subjectId, period: '7' };
    const students = await server.db
      .selectFrom('students')
      .select(['id', 'student_no as no'])
      .where('class_id', '=', target.id)
      .orderBy('student_no')
      .execute();
    expected = students.length;
    homeworkId = (
      await ok<{ id: number }>('admin', 'homeworkCreate', {
        name: '集合练习',
        gradeId: pair.gradeId,
        subjectId: pair.subjectId,
        paper: { fileName: '集合.pdf', contentBase64: PDF },
        idempotencyKey: `assistant-${dialect}`,
      })
    ).id;
    await ok('admin', 'splitConfirm', {
      id: homeworkId,
      questions: [
        { label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
        { label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
        { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
      ],
    });
    await ok('admin', 'assign', {
      id: homeworkId,
      classIds: [target.id],
      teachingClassIds: [],
      dueAt: TEST_NOW.getTime() + 86_400_000,
      estimatedMinutes: 20,
      confirmOverLimit: false,
    });
    const row = await server.db
      .selectFrom('homeworks')
      .selectAll()
      .where('id', '=', homeworkId)
      .executeTakeFirstOrThrow();
    const document = await homeworkSheetDocument(server.db, row);
    const questions = await server.db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', homeworkId)
      .orderBy('no')
      .execute();
    const ct: CorpusTemplate = {
      paper: { subject: '数学', questions: questions.map(sheetQuestionOf) },
      document,
      template: toRecognitionTemplate(document),
    };
    // 1: A, B, B (two wrong, both B); 2: BD, B (half marks), BD; 3: 10, 6, not scored.
    const given = [
      { h1: 'A', h2: 'BD' },
      { h1: 'B', h2: 'B' },
      { h1: 'B', h2: 'BD' },
    ];
    const subjective = [10, 6];
    for (const [i, answers] of given.entries()) {
      const blank = await blankPage(ct, 0, DPI);
      const img = fillSheet(blank, ct.template, 0, DPI, {
        examNumber: students[i]!.no,
        answers,
      });
      const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
        id: homeworkId,
        fileName: `${i}.png`,
        contentBase64: (await encodeScan(img, 'png', { dpi: DPI })).toString('base64'),
      });
      expect(page.status).toBe('matched');
      if (subjective[i] !== undefined)
        await ok('admin', 'score', {
          submissionId: page.submissionId,
          questionNo: 3,
          score: subjective[i],
        });
    }
  }, 120_000);
  afterAll(() => server.close());

  it('lists the questions most often wrong, with the wrong answer given most', async () => {
    const rows = await ok<FrequencyRow[]>('admin', 'assistantFrequency', filter);
    expect(
      rows.map((r) => [
        r.label,
        r.answered,
        r.wrong,
        r.wrongRate,
        r.averageScore,
        r.commonWrongAnswer,
      ]),
    ).toEqual([
      ['1', 3, 2, 66.7, 1.7, 'B'],
      ['3', 2, 1, 50, 8, null],
      ['2', 3, 1, 33.3, 4.2, 'B'],
    ]);
    expect(rows[0]).toMatchObject({ homeworkId, homeworkName: '集合练习', type: 'objective' });
  });

  it('sums each homework per class: hand-ins, corrected, average of the corrected', async () => {
    const rows = await ok<AssistantSummaryRow[]>('admin', 'assistantSummary', filter);
    expect(rows).toEqual([
      {
        homeworkId,
        homeworkName: '集合练习',
        source: 'paper',
        classId: expect.any(Number),
        className,
        assignedAt: TEST_NOW.getTime(),
        expected,
        submitted: 3,
        corrected: 2,
        fullMarks: 20,
        average: 14.3,
        submitRate: Math.round((3 / expected) * 1000) / 10,
      },
    ]);
  });

  it('exports the 高频错题 list as a workbook', async () => {
    const query = new URLSearchParams(
      Object.entries(filter).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await server.app.inject({
      method: 'GET',
      url: `${ASSISTANT_FREQUENCY_EXPORT_URL}?${query}`,
      headers: { token: tokens.admin! },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readSheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '作业',
      '题号',
      '题型',
      '满分',
      '作答人数',
      '错误人数',
      '错误率(%)',
      '平均分',
      '常见错误答案',
    ]);
    expect(rows[1]).toEqual(['集合练习', '1', '客观题', '5', '3', '2', '66.7', '1.7', 'B']);
  });

  it('looks back only over the period asked', async () => {
    await server.db
      .updateTable('homework_assignments')
      .set({ assigned_at: TEST_NOW.getTime() - 10 * 86_400_000 })
      .where('homework_id', '=', homeworkId)
      .execute();
    expect(await ok<FrequencyRow[]>('admin', 'assistantFrequency', filter)).toEqual([]);
    expect(await ok<AssistantSummaryRow[]>('admin', 'assistantSummary', filter)).toEqual([]);
    expect(
      await ok<FrequencyRow[]>('admin', 'assistantFrequency', { ...filter, period: '30' }),
    ).toHaveLength(3);
  });

  it('needs 作业分析, and keeps another school to its own grades', async () => {
    const options = await ok<AssistantOption[]>('admin', 'assistantOptions', {});
    expect(options).toContainEqual(
      expect.objectContaining({ gradeId: filter.gradeId, subjectName: '数学' }),
    );
    // The demo 任课教师 role has 校本作业 but not 作业分析.
    expect((await as('teacher', 'assistantFrequency', filter)).body.code).toBe(403);
    expect((await as('lab-admin', 'assistantSummary', filter)).body).toMatchObject({
      code: 400,
      msg: '年级或科目不存在，或不在您的任教范围',
    });
  });
});
