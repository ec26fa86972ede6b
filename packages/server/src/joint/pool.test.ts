import {
  examRoutes,
  jointPoolRoutes,
  markingRoutes,
  type Question,
  type UserInfo,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { DIALECTS, userIdOf, userCalls } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import {
  jointMathExam,
  leaves,
  poolBlockSetup,
  schoolName,
  signInPoolUsers,
  studentsOf,
  type Joint,
  type Leased,
} from './poolTestKit';

describe.each(DIALECTS)(
  '统一阅卷: one marking pool across the schools of a joint exam on %s',
  (dialect) => {
    const files = createMemoryFileStore();
    const server = sharedTestServer(dialect, { files });
    let bureau: UserInfo;
    let demoAdmin: UserInfo;
    let labAdmin: UserInfo;
    let grader: UserInfo;
    let teacher: UserInfo;
    let joint: Joint;
    let blockId: number;
    let labStudent: { id: number; name: string; student_no: string };
    let demoStudent: { id: number };
    const examOf = new Map<number, number>();
    const subjectOf = new Map<number, number>();
    let labName: string;

    const { answer: as, ok } = userCalls(() => server);

    beforeAll(async () => {
      const { demoSchoolId, labSchoolId } = server.seed;
      ({ bureau, demoAdmin, labAdmin, grader, teacher } = await signInPoolUsers(server));
      joint = await jointMathExam(server, bureau, {
        idempotencyKey: 'joint-pool-1',
        name: '高一联考（统一阅卷）',
        pool: false,
        examOf,
        subjectOf,
      });
      labStudent = (await studentsOf(server, examOf.get(labSchoolId)!, 1))[0]!;
      demoStudent = (await studentsOf(server, examOf.get(demoSchoolId)!, 1))[0]!;
      labName = await schoolName(server, labSchoolId);
    }, 60_000);

    it('the organiser chooses 统一阅卷; a participant may not, and a school sets up no block of its own', async () => {
      const refused = await as(labAdmin, jointPoolRoutes.jointPoolMode, {
        jointExamId: joint.id,
        markingMode: 'pool',
      });
      expect(refused.code).toBe(403);
      expect(
        await ok(bureau, jointPoolRoutes.jointPoolMode, {
          jointExamId: joint.id,
          markingMode: 'pool',
        }),
      ).toEqual({ markingMode: 'pool' });
      const questions = await ok<{ questions: Question[] }>(demoAdmin, examRoutes.questionsGet, {
        examSubjectId: subjectOf.get(server.seed.demoSchoolId),
      });
      const own = await as(demoAdmin, markingRoutes.saveBlock, {
        setup: {
          examSubjectId: subjectOf.get(server.seed.demoSchoolId),
          name: '本校题块',
          questionIds: [leaves(questions.questions).find((q) => q.fullNumber === '5(1)')!.id],
          mode: 'single',
          tolerance: 0,
          scoreStep: 1,
          distribution: 'pool',
          markers: [{ userId: grader.userId }],
        },
      });
      expect(own).toMatchObject({
        code: 400,
        msg: '本场考试是统一阅卷的联考，题块和阅卷老师由联考组织方统一安排',
      });
    });

    it('a marker of school A marks a paper of school B without seeing whose it is; the score lands in school B’s exam', async () => {
      const { demoSchoolId, labSchoolId } = server.seed;
      // A teacher of school B cannot be put on the pool by a participant; the organiser names markers of any school.
      const setup = await poolBlockSetup(server, bureau, joint.id, {
        markers: [{ userId: await userIdOf(server.db, demoSchoolId, 'grader') }],
      });
      expect(
        (
          await as(labAdmin, jointPoolRoutes.jointPoolBlockSave, {
            jointExamId: joint.id,
            subjectCode: '数学',
            setup,
          })
        ).code,
      ).toBe(403);
      ({ blockId } = await ok<{ blockId: number }>(bureau, jointPoolRoutes.jointPoolBlockSave, {
        jointExamId: joint.id,
        subjectCode: '数学',
        setup,
      }));
      const image = Buffer.from('school-b-answer-crop');
      await files.put('crops/pool/b.png', image);
      await files.put('crops/pool/a.png', Buffer.from('school-a-answer-crop'));
      // A student outside the joint exam is refused.
      expect(
        (
          await as(bureau, jointPoolRoutes.jointPoolPapers, {
            blockId,
            papers: [{ studentId: 999_999, cropKey: 'crops/pool/x.png' }],
          })
        ).code,
      ).toBe(400);
      await ok(bureau, jointPoolRoutes.jointPoolPapers, {
        blockId,
        papers: [
          { studentId: labStudent.id, cropKey: 'crops/pool/b.png' },
          { studentId: demoStudent.id, cropKey: 'crops/pool/a.png' },
        ],
      });
      await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'start' });

      // A teacher not assigned gets nothing: no block, no paper.
      expect(await ok(teacher, jointPoolRoutes.jointPoolMine, {})).toEqual({ list: [] });
      expect(
        await as(teacher, jointPoolRoutes.jointPoolFetch, { blockId, count: 3 }),
      ).toMatchObject({
        code: 404,
      });
      // The pool block is not a block of school A's own marking, even for its manager.
      const listed = await ok<{ list: { blockId: number }[] }>(demoAdmin, markingRoutes.list, {});
      expect(listed.list.map((b) => b.blockId)).not.toContain(blockId);
      expect((await as(demoAdmin, markingRoutes.getBlock, { blockId })).code).toBe(404);
      expect((await as(grader, markingRoutes.fetch, { blockId, count: 1 })).code).toBe(404);

      const mine = await ok<{ list: { blockId: number; subjectCode: string }[] }>(
        grader,
        jointPoolRoutes.jointPoolMine,
        {},
      );
      expect(mine.list).toEqual([
        expect.objectContaining({ blockId, subjectCode: '数学', fullScore: 12 }),
      ]);
      const fetched = await ok<{ list: Leased[] }>(grader, jointPoolRoutes.jointPoolFetch, {
        blockId,
        count: 1,
      });
      expect(fetched.list).toHaveLength(1);
      const task = fetched.list[0]!;
      // Nothing in the answer names the student or the school.
      const text = JSON.stringify(fetched);
      for (const secret of [labStudent.name, labStudent.student_no, labName])
        expect(text).not.toContain(secret);
      expect(Object.keys(task).sort()).toEqual(
        ['kind', 'leaseExpiresAt', 'leaseToken', 'marks', 'paperId', 'taskId'].sort(),
      );
      const crop = await ok<{ dataUrl: string }>(grader, jointPoolRoutes.jointPoolCrop, {
        taskId: task.taskId,
        leaseToken: task.leaseToken,
      });
      expect(crop.dataUrl).toBe(`data:image/png;base64,${image.toString('base64')}`);
      // Another teacher cannot read or score the leased paper.
      expect(
        (
          await as(teacher, jointPoolRoutes.jointPoolCrop, {
            taskId: task.taskId,
            leaseToken: task.leaseToken,
          })
        ).code,
      ).toBe(404);
      const submit = {
        taskId: task.taskId,
        leaseToken: task.leaseToken,
        idempotencyKey: '0000000b-0000-4000-8000-000000000001',
        parts: [3, 6.5],
      };
      expect((await as(teacher, jointPoolRoutes.jointPoolSubmit, submit)).code).toBe(404);
      expect(await ok(grader, jointPoolRoutes.jointPoolSubmit, submit)).toMatchObject({
        score: 9.5,
        duplicate: false,
      });
      // A retry writes nothing new.
      expect(await ok(grader, jointPoolRoutes.jointPoolSubmit, submit)).toMatchObject({
        score: 9.5,
        duplicate: true,
      });
      const second = await ok<{ list: Leased[] }>(grader, jointPoolRoutes.jointPoolFetch, {
        blockId,
        count: 3,
      });
      expect(second.list).toHaveLength(1);
      await ok(grader, jointPoolRoutes.jointPoolSubmit, {
        taskId: second.list[0]!.taskId,
        leaseToken: second.list[0]!.leaseToken,
        idempotencyKey: '0000000a-0000-4000-8000-000000000001',
        parts: [4, 8],
      });

      // Monitoring per school and overall, for the organiser only.
      expect(
        (await as(labAdmin, jointPoolRoutes.jointPoolProgress, { jointExamId: joint.id })).code,
      ).toBe(403);
      const progress = await ok<{
        markingMode: string;
        blocks: { papers: number; done: number; schools: Record<string, number>[] }[];
      }>(bureau, jointPoolRoutes.jointPoolProgress, { jointExamId: joint.id });
      expect(progress.markingMode).toBe('pool');
      expect(progress.blocks[0]).toMatchObject({ papers: 2, done: 2 });
      expect(progress.blocks[0]!.schools).toEqual([
        expect.objectContaining({
          schoolId: demoSchoolId,
          papers: 1,
          done: 1,
          markers: 1,
          marks: 2,
        }),
        expect.objectContaining({
          schoolId: labSchoolId,
          papers: 1,
          done: 1,
          markers: 0,
          marks: 0,
        }),
      ]);
      // The mode cannot change once marking opened.
      expect(
        (
          await as(bureau, jointPoolRoutes.jointPoolMode, {
            jointExamId: joint.id,
            markingMode: 'school',
          })
        ).code,
      ).toBe(409);

      // Finishing writes each paper into its own school's exam.
      expect(
        (
          await as(bureau, jointPoolRoutes.jointPoolFinish, {
            jointExamId: joint.id,
            subjectCode: '数学',
          })
        ).code,
      ).toBe(409);
      await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'finish' });
      const finished = await ok<{ schools: { schoolId: number; students: number }[] }>(
        bureau,
        jointPoolRoutes.jointPoolFinish,
        { jointExamId: joint.id, subjectCode: '数学' },
      );
      expect(finished.schools).toEqual([
        { schoolId: demoSchoolId, students: 1 },
        { schoolId: labSchoolId, students: 1 },
      ]);
      const scoresIn = (schoolId: number, studentId: number) =>
        server.db
          .selectFrom('exam_scores as sc')
          .innerJoin('exam_questions as q', 'q.id', 'sc.question_id')
          .select(['q.number', 'sc.score', 'sc.exam_subject_id'])
          .where('q.exam_subject_id', '=', subjectOf.get(schoolId)!)
          .where('sc.student_id', '=', studentId)
          .where('sc.source', '=', 'marking')
          .orderBy('q.id')
          .execute();
      const labScores = await scoresIn(labSchoolId, labStudent.id);
      expect(labScores.map((s) => [s.number, Number(s.score), s.exam_subject_id])).toEqual([
        ['(1)', 3, subjectOf.get(labSchoolId)],
        ['(2)', 6.5, subjectOf.get(labSchoolId)],
      ]);
      expect(await scoresIn(demoSchoolId, labStudent.id)).toEqual([]);
      expect((await scoresIn(demoSchoolId, demoStudent.id)).map((s) => Number(s.score))).toEqual([
        4, 8,
      ]);
      const total = await server.db
        .selectFrom('exam_subject_totals')
        .select('score')
        .where('exam_subject_id', '=', subjectOf.get(labSchoolId)!)
        .where('student_id', '=', labStudent.id)
        .executeTakeFirstOrThrow();
      expect(Number(total.score)).toBe(9.5);
    });

    it('school isolation elsewhere stays intact: school A’s staff cannot read school B’s exam or students', async () => {
      const labExam = examOf.get(server.seed.labSchoolId)!;
      expect((await as(demoAdmin, examRoutes.detail, { id: labExam })).code).not.toBe(200);
      expect((await as(demoAdmin, examRoutes.students, { id: labExam })).code).not.toBe(200);
      expect((await as(grader, examRoutes.students, { id: labExam })).code).not.toBe(200);
      // School B's staff still read their own exam, now holding the pool's score.
      expect((await as(labAdmin, examRoutes.detail, { id: labExam })).code).toBe(200);
      // A school outside the block's joint exam reaches none of the pool routes (here: a block id
      // of school A's own marking is not a pool block).
      expect(
        (
          await as(bureau, jointPoolRoutes.jointPoolBlockState, {
            blockId: 999_999,
            action: 'pause',
          })
        ).code,
      ).toBe(404);
    });
  },
);
