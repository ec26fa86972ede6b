import {
  administrationRoutes,
  homeworkCollateRoutes,
  homeworkOnlineRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type CollateRow,
  type HomeworkOnlineState,
  type OnlineHomeworkResult,
  type StudentHomework,
  type SubmissionDetail,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/fixtures';
import { sharedTestServer } from '../../test/sharedServer';
import { assignHomework, gradeOnePair, homeworkCallers, TEST_PAPER_PDF } from '../testKit';

const routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkOnlineRoutes,
  ...homeworkCollateRoutes,
  ...homeworkReportRoutes,
  homeworkSettingsSave: administrationRoutes.homeworkSettingsSave,
};

/** Two objective questions: a hand-in answering both is scored whole from the key. */
const OBJECTIVE_ONLY = [
  { label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
];

/**
 * 作业设置 批改方式 (docs/administration.md "Homework settings"): the same all-objective hand-in is
 * 已批改 at once under 自动批改 and waits 待批改 under 教师批改 until a teacher saves a score.
 */
describe.each(DIALECTS)('批改方式 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const { ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let code: string;
  let classId: number;
  let students: { id: number; student_no: string }[];
  let pair: Awaited<ReturnType<typeof gradeOnePair>>;

  const mode = (correctionMode: 'auto' | 'teacher') =>
    ok('admin', 'homeworkSettingsSave', {
      items: [
        {
          gradeId: pair.gradeId,
          subjectId: pair.subjectId,
          enabled: true,
          deadlineTime: '22:00',
          allowLate: true,
          correctionMode,
        },
      ],
    });
  const handIn = async (student: number) => {
    const entered = await ok<StudentHomework>('student', 'onlineEnter', {
      code,
      studentNo: students[student]!.student_no,
    });
    return ok<OnlineHomeworkResult>('student', 'onlineSubmit', {
      ticket: entered.ticket,
      answers: [
        { questionNo: 1, answer: 'A' },
        { questionNo: 2, answer: 'B' },
      ],
    });
  };
  const waiting = async () => {
    const rows = await ok<CollateRow[]>('teacher', 'collateList', { show: 'all' });
    const row = rows.find((r) => r.homeworkId === homeworkId && r.classId === classId)!;
    return { toCorrect: row.toCorrect, corrected: row.corrected };
  };
  const submissionOf = (student: number) =>
    server.db
      .selectFrom('homework_submissions')
      .select(['id', 'status', 'score', 'corrected_by'])
      .where('homework_id', '=', homeworkId)
      .where('student_id', '=', students[student]!.id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    await signInAll('admin', 'teacher');
    pair = await gradeOnePair(ok, 'teacher', '数学');
    classId = pair.targets.find((t) => t.kind === 'class')!.id;
    students = await server.db
      .selectFrom('students')
      .select(['id', 'student_no'])
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .limit(4)
      .execute();
    const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: '选择题练习',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      paper: { fileName: '选择题练习.pdf', contentBase64: TEST_PAPER_PDF },
      idempotencyKey: `correction-mode-${dialect}`,
    });
    homeworkId = id;
    await ok('admin', 'splitConfirm', { id, questions: OBJECTIVE_ONLY });
    await assignHomework(ok, id, [classId], 10);
    code = (await ok<HomeworkOnlineState>('teacher', 'onlineOpen', { id, open: true })).code!;
  });

  it('the same all-objective hand-in: 已批改 at once under 自动批改, 待批改 under 教师批改 until a teacher saves a score', async () => {
    // 自动批改 (the default): 已批改 at once.
    expect(await waiting()).toEqual({ toCorrect: 0, corrected: 0 });
    const auto = await handIn(0);
    expect(auto).toMatchObject({ status: 'finished', objectiveScore: 7.5, pendingMarks: 0 });
    expect(await waiting()).toEqual({ toCorrect: 0, corrected: 1 });

    // 教师批改: the same hand-in waits 待批改 until a teacher saves a score on it.
    await mode('teacher');
    const held = await handIn(1);
    // The key still scores it (the student sees 7.5), but nobody has corrected it yet.
    expect(held).toMatchObject({ status: 'submitted', objectiveScore: 7.5, pendingMarks: 0 });
    expect(held.replaceable).toBe(true);
    expect(await waiting()).toEqual({ toCorrect: 1, corrected: 1 });
    const sub = await submissionOf(1);
    expect(sub).toMatchObject({ status: 'submitted', corrected_by: null });
    expect(Number(sub.score)).toBe(7.5);

    // The teacher saves the score the key gave (第 2 题, 2.5): the hand-in is 已批改, by them.
    const saved = await ok<SubmissionDetail>('teacher', 'score', {
      submissionId: sub.id,
      questionNo: 2,
      score: 2.5,
    });
    expect(saved).toMatchObject({ status: 'finished', score: 7.5 });
    expect(saved.correctedBy).not.toBeNull();
    expect(await waiting()).toEqual({ toCorrect: 0, corrected: 2 });
    // Saving it again changes nothing: it stays 已批改, not 已修改.
    const again = await ok<SubmissionDetail>('teacher', 'score', {
      submissionId: sub.id,
      questionNo: 2,
      score: 2.5,
    });
    expect(again.status).toBe('finished');

    // 录入 is the teacher's own act: 已批改 at once under 教师批改 too.
    await ok('teacher', 'manualSave', {
      id: homeworkId,
      studentId: students[3]!.id,
      answers: [
        { questionNo: 1, answer: 'A', score: null },
        { questionNo: 2, answer: 'BD', score: null },
      ],
    });
    expect(await submissionOf(3)).toMatchObject({ status: 'finished' });
    expect(await waiting()).toEqual({ toCorrect: 0, corrected: 3 });

    // Back to 自动批改: the next hand-in is 已批改 at once again; a finished one is untouched.
    await mode('auto');
    expect((await handIn(2)).status).toBe('finished');
    expect(await waiting()).toEqual({ toCorrect: 0, corrected: 4 });
    expect((await submissionOf(0)).status).toBe('finished');
  });
});
