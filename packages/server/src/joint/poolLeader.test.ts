import { jointPoolRoutes, type PaperDetail, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { DIALECTS, startTestServer, userIdOf, type TestServer, userCalls } from '../test/fixtures';
import {
  jointMathExam,
  savePoolBlock,
  signInPoolUsers,
  schoolName,
  studentsOf,
  type Joint,
  type Leased,
  type Student,
} from './poolTestKit';

const key = (n: number) => `0000000c-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(DIALECTS)(
  '统一阅卷: the leader of a pool block, 回评, 样卷 and a school’s own markers on %s',
  (dialect) => {
    let server: TestServer;
    const files = createMemoryFileStore();
    let bureau: UserInfo;
    let demoAdmin: UserInfo;
    let labAdmin: UserInfo;
    let grader: UserInfo;
    let leader: UserInfo;
    let multi: UserInfo;
    const examOf = new Map<number, number>();
    const subjectOf = new Map<number, number>();
    let lab1: Student;
    let lab2: Student;
    let demo1: Student;
    let labName: string;

    const { answer: as, ok } = userCalls(() => server);

    /** A joint exam of both demo schools in 统一阅卷, with one pool block on 5(1) and 5(2). */
    let created = 0;
    async function poolExam(
      name: string,
      setup: Record<string, unknown>,
      maps = { examOf: new Map<number, number>(), subjectOf: new Map<number, number>() },
    ) {
      created += 1;
      const joint = await jointMathExam(server, bureau, {
        idempotencyKey: `joint-pool-leader-${created}`,
        name,
        pool: true,
        ...maps,
      });
      const blockId = await savePoolBlock(server, bureau, joint.id, setup);
      return { joint, blockId };
    }

    let joint: Joint;
    let blockId: number;
    const paperOf = async (block: number, studentId: number) =>
      (
        await server.db
          .selectFrom('marking_papers')
          .select('id')
          .where('block_id', '=', block)
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).id;

    beforeAll(async () => {
      server = await startTestServer(dialect, { files });
      const { demoSchoolId, labSchoolId } = server.seed;
      let teacher: UserInfo;
      ({ bureau, demoAdmin, labAdmin, grader, teacher, multi } = await signInPoolUsers(server));
      leader = teacher;
      ({ joint, blockId } = await poolExam(
        '高一联考（统一阅卷组长）',
        {
          markers: [
            { userId: await userIdOf(server.db, demoSchoolId, 'grader') },
            { userId: await userIdOf(server.db, labSchoolId, 'multi') },
          ],
          leaders: [await userIdOf(server.db, demoSchoolId, 'teacher')],
        },
        { examOf, subjectOf },
      ));
      [lab1, lab2] = (await studentsOf(server, examOf.get(labSchoolId)!, 2)) as [Student, Student];
      [demo1] = (await studentsOf(server, examOf.get(demoSchoolId)!, 2)) as [Student];
      labName = await schoolName(server, labSchoolId);
      for (const [name, bytes] of [
        ['lab1', 'lab-one'],
        ['lab2', 'lab-two'],
        ['demo1', 'demo-one'],
      ])
        await files.put(`crops/leader/${name}.png`, Buffer.from(bytes!));
      // School B's marker marks the first paper of school B alone.
      await ok(bureau, jointPoolRoutes.jointPoolPapers, {
        blockId,
        papers: [{ studentId: lab1.id, cropKey: 'crops/leader/lab1.png' }],
      });
      await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'start' });
      const first = await ok<{ list: Leased[] }>(multi, jointPoolRoutes.jointPoolFetch, {
        blockId,
        count: 1,
      });
      await ok(multi, jointPoolRoutes.jointPoolSubmit, {
        taskId: first.list[0]!.taskId,
        leaseToken: first.list[0]!.leaseToken,
        idempotencyKey: key(1),
        parts: [3, 6.5],
      });
      // School A's marker takes the other two: flags school B's as a problem, marks school A's.
      await ok(bureau, jointPoolRoutes.jointPoolPapers, {
        blockId,
        papers: [
          { studentId: lab2.id, cropKey: 'crops/leader/lab2.png' },
          { studentId: demo1.id, cropKey: 'crops/leader/demo1.png' },
        ],
      });
      const two = await ok<{ list: Leased[] }>(grader, jointPoolRoutes.jointPoolFetch, {
        blockId,
        count: 2,
      });
      expect(two.list).toHaveLength(2);
      const lab2Paper = await paperOf(blockId, lab2.id);
      const flagged = two.list.find((t) => t.paperId === lab2Paper)!;
      const marked = two.list.find((t) => t.paperId !== lab2Paper)!;
      await ok(grader, jointPoolRoutes.jointPoolFlag, {
        taskId: flagged.taskId,
        reason: 'unclear',
        note: '字迹不清',
      });
      await ok(grader, jointPoolRoutes.jointPoolSubmit, {
        taskId: marked.taskId,
        leaseToken: marked.leaseToken,
        idempotencyKey: key(2),
        parts: [4, 8],
      });
    }, 120_000);
    afterAll(() => server.close());

    it('the pool lists the caller’s roles: a leader sees 组长 on the block', async () => {
      const mine = await ok<{ list: { blockId: number; roles: string[] }[] }>(
        leader,
        jointPoolRoutes.jointPoolMine,
        {},
      );
      expect(mine.list).toEqual([expect.objectContaining({ blockId, roles: ['leader'] })]);
      const graders = await ok<{ list: { blockId: number; roles: string[] }[] }>(
        grader,
        jointPoolRoutes.jointPoolMine,
        {},
      );
      expect(graders.list).toEqual([expect.objectContaining({ blockId, roles: ['marker'] })]);
    });

    it('a leader of school A sees school B’s problem paper without the student or school; a marker is refused', async () => {
      expect((await as(grader, jointPoolRoutes.jointPoolProblems, { blockId })).code).toBe(403);
      expect((await as(multi, jointPoolRoutes.jointPoolProblems, { blockId })).code).toBe(403);
      // The school's own leader staff (a manager of school A) holds no role on the block: 404.
      expect((await as(demoAdmin, jointPoolRoutes.jointPoolProblems, { blockId })).code).toBe(404);
      const problems = await ok<{ list: PaperDetail[] }>(
        leader,
        jointPoolRoutes.jointPoolProblems,
        { blockId },
      );
      expect(problems.list).toHaveLength(1);
      expect(problems.list[0]).toMatchObject({
        paperId: await paperOf(blockId, lab2.id),
        state: 'problem',
        studentId: 0,
        studentName: null,
        studentNo: null,
        problem: expect.objectContaining({ reason: 'unclear', note: '字迹不清' }),
      });
      const text = JSON.stringify(problems);
      for (const secret of [lab2.name, lab2.student_no, labName])
        expect(text).not.toContain(secret);
      // The leader reads the crop; a marker who did not mark it may not.
      const paperId = await paperOf(blockId, lab2.id);
      expect(
        await ok<{ dataUrl: string }>(leader, jointPoolRoutes.jointPoolPaperCrop, { paperId }),
      ).toMatchObject({
        dataUrl: `data:image/png;base64,${Buffer.from('lab-two').toString('base64')}`,
      });
      expect((await as(multi, jointPoolRoutes.jointPoolPaperCrop, { paperId })).code).toBe(403);
    });

    it('the marked papers name the caller’s own school’s markers and hide the other school’s', async () => {
      const papers = await ok<{ list: PaperDetail[] }>(leader, jointPoolRoutes.jointPoolPaperList, {
        blockId,
      });
      const byPaper = new Map(papers.list.map((p) => [p.paperId, p]));
      const lab1Paper = byPaper.get(await paperOf(blockId, lab1.id))!;
      const demoPaper = byPaper.get(await paperOf(blockId, demo1.id))!;
      expect(lab1Paper.marks.map((m) => [m.userName, m.score])).toEqual([['外校阅卷老师', 9.5]]);
      expect(demoPaper.marks.map((m) => [m.userName, m.score])).toEqual([[grader.nickName, 12]]);
      expect(JSON.stringify(papers)).not.toContain('钱多校');
      expect((await as(grader, jointPoolRoutes.jointPoolPaperList, { blockId })).code).toBe(403);
    });

    it('回评 and 样卷 on the pool: a marker re-scores their own paper and marks it a 样卷', async () => {
      const reviews = await ok<{ list: { taskId: number; paperId: number; score: number }[] }>(
        grader,
        jointPoolRoutes.jointPoolReviewList,
        { blockId, limit: 20 },
      );
      const demoPaper = await paperOf(blockId, demo1.id);
      expect(reviews.list.map((r) => [r.paperId, r.score])).toEqual([[demoPaper, 12]]);
      expect(
        await ok(grader, jointPoolRoutes.jointPoolRescore, {
          taskId: reviews.list[0]!.taskId,
          idempotencyKey: key(3),
          parts: [4, 7],
        }),
      ).toMatchObject({ score: 11, duplicate: false });
      // Another marker cannot re-score it.
      expect(
        (
          await as(multi, jointPoolRoutes.jointPoolRescore, {
            taskId: reviews.list[0]!.taskId,
            idempotencyKey: key(4),
            parts: [0, 0],
          })
        ).code,
      ).toBe(403);
      expect(
        (
          await as(multi, jointPoolRoutes.jointPoolSample, {
            paperId: demoPaper,
            kind: 'exemplary',
            note: '',
          })
        ).code,
      ).toBe(403);
      await ok(grader, jointPoolRoutes.jointPoolSample, {
        paperId: demoPaper,
        kind: 'exemplary',
        note: '步骤完整',
      });
      expect(await ok(multi, jointPoolRoutes.jointPoolSamples, { blockId })).toEqual({
        list: [{ paperId: demoPaper, kind: 'exemplary', note: '步骤完整', finalScore: 11 }],
      });
      // A 样卷 is shown to every user of the block.
      expect(
        (await as(multi, jointPoolRoutes.jointPoolPaperCrop, { paperId: demoPaper })).code,
      ).toBe(200);
    });

    it('another joint exam’s pool is refused to the leader', async () => {
      const { demoSchoolId } = server.seed;
      const other = await poolExam('高一联考（另一场）', {
        markers: [{ userId: await userIdOf(server.db, demoSchoolId, 'grader') }],
        leaders: [await userIdOf(server.db, demoSchoolId, 'grader')],
      });
      await ok(bureau, jointPoolRoutes.jointPoolPapers, {
        blockId: other.blockId,
        papers: [{ studentId: lab1.id, cropKey: 'crops/leader/lab1.png' }],
      });
      await ok(bureau, jointPoolRoutes.jointPoolBlockState, {
        blockId: other.blockId,
        action: 'start',
      });
      const leased = await ok<{ list: Leased[] }>(grader, jointPoolRoutes.jointPoolFetch, {
        blockId: other.blockId,
        count: 1,
      });
      await ok(grader, jointPoolRoutes.jointPoolFlag, {
        taskId: leased.list[0]!.taskId,
        reason: 'other',
        note: '',
      });
      const paperId = leased.list[0]!.paperId;
      expect(
        (await as(leader, jointPoolRoutes.jointPoolProblems, { blockId: other.blockId })).code,
      ).toBe(404);
      const refused = await as(leader, jointPoolRoutes.jointPoolResolve, {
        paperId,
        action: 'score',
        idempotencyKey: key(5),
        parts: [1, 1],
      });
      expect(refused).toMatchObject({ code: 404, msg: '试卷不存在' });
      expect(
        (
          await as(leader, jointPoolRoutes.jointPoolRemark, {
            paperId,
            reason: '改分',
            idempotencyKey: key(6),
            parts: [1, 1],
          })
        ).code,
      ).toBe(404);
      // Its own leader still reaches it.
      expect(
        await ok<{ list: PaperDetail[] }>(grader, jointPoolRoutes.jointPoolProblems, {
          blockId: other.blockId,
        }),
      ).toMatchObject({ list: [{ paperId, state: 'problem' }] });
    });

    it('the leader resolves school B’s problem paper and changes a score; finishing writes them into school B’s exam', async () => {
      const { demoSchoolId, labSchoolId } = server.seed;
      const lab2Paper = await paperOf(blockId, lab2.id);
      const lab1Paper = await paperOf(blockId, lab1.id);
      const resolve = {
        paperId: lab2Paper,
        action: 'score',
        idempotencyKey: key(7),
        parts: [2, 5],
      };
      // A marker (not the leader) is refused, and nothing changes.
      expect(await as(grader, jointPoolRoutes.jointPoolResolve, resolve)).toMatchObject({
        code: 403,
        msg: '只有题块组长可以进行此操作',
      });
      expect(
        (await ok<{ list: PaperDetail[] }>(leader, jointPoolRoutes.jointPoolProblems, { blockId }))
          .list,
      ).toHaveLength(1);
      await ok(leader, jointPoolRoutes.jointPoolResolve, resolve);
      // A retry of the same call writes nothing new.
      await ok(leader, jointPoolRoutes.jointPoolResolve, resolve);
      expect(await ok(leader, jointPoolRoutes.jointPoolProblems, { blockId })).toEqual({
        list: [],
      });
      const remark = {
        paperId: lab1Paper,
        reason: '第(2)问步骤分给多了',
        idempotencyKey: key(8),
        parts: [3, 4],
      };
      expect((await as(multi, jointPoolRoutes.jointPoolRemark, remark)).code).toBe(403);
      expect(await ok(leader, jointPoolRoutes.jointPoolRemark, remark)).toMatchObject({
        paperId: lab1Paper,
        score: 7,
        duplicate: false,
      });
      expect(await ok(leader, jointPoolRoutes.jointPoolRemark, remark)).toMatchObject({
        score: 7,
        duplicate: true,
      });

      await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'finish' });
      await ok(bureau, jointPoolRoutes.jointPoolFinish, {
        jointExamId: joint.id,
        subjectCode: '数学',
      });
      const scoresIn = async (schoolId: number, studentId: number) =>
        (
          await server.db
            .selectFrom('exam_scores as sc')
            .innerJoin('exam_questions as q', 'q.id', 'sc.question_id')
            .select(['sc.score'])
            .where('q.exam_subject_id', '=', subjectOf.get(schoolId)!)
            .where('sc.student_id', '=', studentId)
            .where('sc.source', '=', 'marking')
            .orderBy('q.id')
            .execute()
        ).map((s) => Number(s.score));
      expect(await scoresIn(labSchoolId, lab2.id)).toEqual([2, 5]);
      expect(await scoresIn(labSchoolId, lab1.id)).toEqual([3, 4]);
      expect(await scoresIn(demoSchoolId, lab2.id)).toEqual([]);
      expect(await scoresIn(demoSchoolId, demo1.id)).toEqual([4, 7]);
    });

    it('a school’s manager sees its own pool markers by name with their marks, the other school’s not', async () => {
      type Progress = {
        blocks: {
          blockId: number;
          own: { markers: number; marks: number };
          ownMarkers: { name: string; marks: number }[];
        }[];
      };
      const demo = await ok<Progress>(demoAdmin, jointPoolRoutes.jointPoolSchoolProgress, {
        jointExamId: joint.id,
      });
      expect(demo.blocks[0]).toMatchObject({
        blockId,
        own: { markers: 1, marks: 1 },
        ownMarkers: [{ name: grader.nickName, marks: 1 }],
      });
      expect(JSON.stringify(demo)).not.toContain('钱多校');
      const lab = await ok<Progress>(labAdmin, jointPoolRoutes.jointPoolSchoolProgress, {
        jointExamId: joint.id,
      });
      expect(lab.blocks[0]!.ownMarkers).toEqual([
        {
          userId: await userIdOf(server.db, server.seed.labSchoolId, 'multi'),
          name: '钱多校',
          marks: 1,
        },
      ]);
      expect(JSON.stringify(lab)).not.toContain(grader.nickName);
    });
  },
);
