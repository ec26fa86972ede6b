import {
  homeworkPaperRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type HomeworkDetail,
  type QuestionEditImpact,
  type SubmissionDetail,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import {
  assignHomework,
  gradeOnePair,
  homeworkCallers,
  TEST_PAPER_PDF,
  TEST_QUESTIONS,
} from './testKit';

/**
 * question/edit of an assigned homework (docs/homework.md "试卷, 单题编辑…"): a corrected key or
 * full marks re-scores every hand-in of the question in one transaction; typed scores of a
 * subjective question stay unless over the new full marks (then cut, and counted); the check
 * call names how many hand-ins change without saving anything.
 */

const routes = {
  ...homeworkRoutes,
  ...homeworkPaperRoutes,
  ...homeworkReportRoutes,
  ...homeworkSubmissionRoutes,
};

describe.each(DIALECTS)(
  're-scoring after question/edit of an assigned homework on %s',
  (dialect) => {
    let server: TestServer;
    const { as, ok, signInAll } = homeworkCallers(routes, () => server);
    let id: number;
    let students: number[];

    const question = (no: number) => ({ id, no, ...TEST_QUESTIONS[no - 1]!, label: String(no) });
    /** Each student's total and status, and their score of each question, in 学号 order. */
    const scores = async () => {
      const subs = await server.db
        .selectFrom('homework_submissions')
        .select(['id', 'student_id', 'score', 'status'])
        .where('homework_id', '=', id)
        .execute();
      return Promise.all(
        students.map(async (s) => {
          const sub = subs.find((x) => x.student_id === s)!;
          const answers = await server.db
            .selectFrom('homework_answers')
            .select(['question_no', 'score', 'judgement'])
            .where('submission_id', '=', sub.id)
            .orderBy('question_no')
            .execute();
          return {
            total: Number(sub.score),
            status: sub.status,
            answers: answers.map((a) => [Number(a.score), a.judgement]),
          };
        }),
      );
    };

    beforeAll(async () => {
      server = await startTestServer(dialect);
      await signInAll('admin');
      const math = await gradeOnePair(ok, 'admin', '数学');
      ({ id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
        name: '答案更正',
        gradeId: math.gradeId,
        subjectId: math.subjectId,
        paper: { fileName: '卷.pdf', contentBase64: TEST_PAPER_PDF },
        idempotencyKey: `rescore-${dialect}`,
      }));
      await ok('admin', 'splitConfirm', { id, questions: TEST_QUESTIONS });
      const classId = math.targets.find((t) => t.kind === 'class')!.id;
      await assignHomework(ok, id, [classId], 20);
      students = (
        await server.db
          .selectFrom('students')
          .select('id')
          .where('class_id', '=', classId)
          .orderBy('student_no')
          .limit(3)
          .execute()
      ).map((s) => s.id);
      // 录入: the first right on 1, the second wrong on 1 and half right on 2, typed scores of 3.
      const typed = [
        [students[0]!, 'A', 'BD', 8],
        [students[1]!, 'B', 'B', 4],
        [students[2]!, 'A', 'BD', null],
      ] as const;
      for (const [studentId, a1, a2, s3] of typed)
        await ok('admin', 'manualSave', {
          id,
          studentId,
          answers: [
            { questionNo: 1, answer: a1, score: null },
            { questionNo: 2, answer: a2, score: null },
            { questionNo: 3, answer: null, score: s3 },
          ],
        });
      // The third student's question 3 by a rubric item: 10 − 3.
      const { items } = await ok<{ items: { id: number }[] }>('admin', 'saveRubricItem', {
        id,
        questionNo: 3,
        label: '步骤不全',
        points: -3,
      });
      const third = await server.db
        .selectFrom('homework_submissions')
        .select('id')
        .where('homework_id', '=', id)
        .where('student_id', '=', students[2]!)
        .executeTakeFirstOrThrow();
      await ok<SubmissionDetail>('admin', 'applyRubric', {
        submissionId: third.id,
        questionNo: 3,
        rubricItemIds: [items[0]!.id],
      });
    }, 120_000);
    afterAll(() => server.close());

    it('re-scores every hand-in of a corrected key, after a check that saves nothing', async () => {
      expect(await scores()).toEqual([
        {
          total: 18,
          status: 'finished',
          answers: [
            [5, 'right'],
            [5, 'right'],
            [8, 'wrong'],
          ],
        },
        {
          total: 6.5,
          status: 'finished',
          answers: [
            [0, 'wrong'],
            [2.5, 'wrong'],
            [4, 'wrong'],
          ],
        },
        {
          total: 17,
          status: 'finished',
          answers: [
            [5, 'right'],
            [5, 'right'],
            [7, 'wrong'],
          ],
        },
      ]);
      const check = await ok<QuestionEditImpact>('admin', 'questionEditCheck', {
        ...question(1),
        answer: 'B',
      });
      expect(check).toEqual({ handIns: 3, changed: 3, clamped: 0 });
      // The check changed nothing.
      expect((await scores())[0]!.total).toBe(18);
      const detail = await ok<HomeworkDetail>('admin', 'questionEdit', {
        ...question(1),
        answer: 'B',
      });
      expect(detail.questions[0]).toMatchObject({ answer: 'B', fullMarks: 5 });
      expect(await scores()).toEqual([
        {
          total: 13,
          status: 'modified',
          answers: [
            [0, 'wrong'],
            [5, 'right'],
            [8, 'wrong'],
          ],
        },
        {
          total: 11.5,
          status: 'modified',
          answers: [
            [5, 'right'],
            [2.5, 'wrong'],
            [4, 'wrong'],
          ],
        },
        {
          total: 12,
          status: 'modified',
          answers: [
            [0, 'wrong'],
            [5, 'right'],
            [7, 'wrong'],
          ],
        },
      ]);
    });

    it('keeps typed scores under lower full marks, cuts those over them, re-scores rubric ones', async () => {
      const check = await ok<QuestionEditImpact>('admin', 'questionEditCheck', {
        ...question(3),
        fullMarks: 6,
      });
      // The first (8 → 6, cut) and the third (rubric 6 − 3); the second's 4 stays.
      expect(check).toEqual({ handIns: 3, changed: 2, clamped: 1 });
      await ok<HomeworkDetail>('admin', 'questionEdit', { ...question(3), fullMarks: 6 });
      expect((await scores()).map((s) => [s.total, s.answers[2]])).toEqual([
        [11, [6, 'right']],
        [11.5, [4, 'wrong']],
        [8, [3, 'wrong']],
      ]);
      // Full marks raised again: typed scores stay, the rubric one follows.
      await ok<HomeworkDetail>('admin', 'questionEdit', { ...question(3), fullMarks: 10 });
      expect((await scores()).map((s) => s.answers[2])).toEqual([
        [6, 'wrong'],
        [4, 'wrong'],
        [7, 'wrong'],
      ]);
    });

    it('refuses what would change the printed sheet, changing nothing', async () => {
      const before = await scores();
      for (const answer of ['E', '对'])
        expect(
          (await as('admin', 'questionEdit', { ...question(1), answer: answer })).body,
        ).toMatchObject({
          code: 400,
          msg: '作业已布置，新答案会改变已印发答题卡上的选项，请保持选项个数（判断题仍为对/错）',
        });
      expect(
        (await as('admin', 'questionEditCheck', { ...question(3), type: 'objective', answer: 'A' }))
          .body.msg,
      ).toBe('作业已布置，题型不能再修改（答题卡已印发）');
      expect(await scores()).toEqual(before);
      const detail = await ok<HomeworkDetail>('admin', 'homeworkDetail', { id });
      expect(detail.questions[0]!.answer).toBe('B');
    });
  },
);
