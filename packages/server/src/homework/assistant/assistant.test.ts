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
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_NOW } from '../../test/fixtures';
import { sharedTestServer } from '../../test/sharedServer';
import {
  assignedHomework,
  downloadedSheetRows,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
} from '../testKit';

type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkAssistantRoutes;
const routes: Routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkAssistantRoutes,
};

describe.each(DIALECTS)('作业分析 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const { tokens, as, ok, signInAll } = homeworkCallers(routes, () => server);
  let filter: { gradeId: number; subjectId: number; period: string };
  let homeworkId: number;
  let className: string;
  let expected: number;

  beforeAll(async () => {
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'admin', '数学');
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
    homeworkId = await assignedHomework(ok, {
      name: '集合练习',
      pair,
      classIds: [target.id],
      idempotencyKey: `assistant-${dialect}`,
    });
    const ct = await homeworkSheet(server, homeworkId, '数学');
    // 1: A, B, B (two wrong, both B); 2: BD, B (half marks), BD; 3: 10, 6, not scored.
    const given = [
      { h1: 'A', h2: 'BD' },
      { h1: 'B', h2: 'B' },
      { h1: 'B', h2: 'BD' },
    ];
    const subjective = [10, 6];
    for (const [i, answers] of given.entries()) {
      const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
        id: homeworkId,
        fileName: `${i}.png`,
        contentBase64: await filledScan(ct, students[i]!.no, answers),
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
    const rows = await downloadedSheetRows(
      server,
      `${ASSISTANT_FREQUENCY_EXPORT_URL}?${query}`,
      tokens.admin!,
    );
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
