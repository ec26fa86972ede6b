import {
  jointPaperRoutes,
  jointPoolRoutes,
  markingRoutes,
  scanRoutes,
  type Question,
  type UserInfo,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { DIALECTS, signIn, startTestServer, type TestServer, userCalls } from '../test/fixtures';
import { addSchoolInRegion } from '../test/schoolKit';
import {
  createdJoint,
  jointMathExam,
  leaves,
  studentsOf,
  type Joint,
  type Leased,
  type Student,
} from './poolTestKit';

interface Teacher {
  userId: number;
  name: string;
  schoolId: number;
  schoolName: string;
}

/**
 * 统一阅卷 set up in the browser's calls: the organiser's roster of every participating school's
 * teachers, the pool blocks with their markers, the scan hand-off of each school's crops into the
 * pool, and each school's manager's view of the pool's progress (docs/marking.md "Joint exams").
 */
describe.each(DIALECTS)('统一阅卷 set-up, scan hand-off and school monitoring on %s', (dialect) => {
  let server: TestServer;
  const files = createMemoryFileStore();
  let bureau: UserInfo;
  let demoAdmin: UserInfo;
  let labAdmin: UserInfo;
  let outsideAdmin: UserInfo;
  let teacher: UserInfo;
  let joint: Joint;
  let blockId: number;
  const subjectOf = new Map<number, number>();
  const examOf = new Map<number, number>();
  const studentOf = new Map<number, Student>();

  const { answer: as, ok } = userCalls(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
    const { demoSchoolId } = server.seed;
    // A member school of the region that does not take part in the joint exam.
    await addSchoolInRegion(server.db, {
      schoolName: '区外联考校',
      loginName: 'outside-admin',
      prefix: 'W40',
      region: 'demo-district',
    });
    bureau = await signIn(server.app, 'bureau', { schoolId: demoSchoolId });
    demoAdmin = await signIn(server.app, 'admin');
    labAdmin = await signIn(server.app, 'lab-admin');
    outsideAdmin = await signIn(server.app, 'outside-admin');
    teacher = await signIn(server.app, 'teacher');
    joint = await jointMathExam(server, bureau, {
      idempotencyKey: 'joint-pool-setup-1',
      name: '高一联考（统一阅卷设置）',
      pool: true,
      examOf,
      subjectOf,
    });
    for (const [schoolId, examId] of examOf)
      studentOf.set(schoolId, (await studentsOf(server, examId, 1))[0]!);
  }, 120_000);
  afterAll(() => server.close());

  it('the organiser reads a roster of every participating school’s teachers: name and school only', async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    const roster = await ok<{ list: Teacher[] }>(bureau, jointPoolRoutes.jointPoolRoster, {
      jointExamId: joint.id,
    });
    const schools = new Set(roster.list.map((t) => t.schoolId));
    expect(schools).toEqual(new Set([demoSchoolId, labSchoolId]));
    expect(roster.list).toContainEqual(expect.objectContaining({ name: '王阅卷' }));
    expect(roster.list).toContainEqual(
      expect.objectContaining({ name: '钱多校', schoolId: labSchoolId }),
    );
    for (const t of roster.list)
      expect(Object.keys(t).sort()).toEqual(['name', 'schoolId', 'schoolName', 'userId']);
    // Nothing private: no login name or phone of any teacher.
    expect(JSON.stringify(roster)).not.toMatch(/1380000|grader|lab-admin/);
    // A participant that does not organise, and a school outside the joint exam, get no roster.
    expect(
      (await as(labAdmin, jointPoolRoutes.jointPoolRoster, { jointExamId: joint.id })).code,
    ).toBe(403);
    expect(
      (await as(outsideAdmin, jointPoolRoutes.jointPoolRoster, { jointExamId: joint.id })).code,
    ).toBe(404);

    // A lead-school organiser reads the other school's teachers as well.
    const led = await createdJoint(server, demoAdmin, {
      idempotencyKey: 'joint-pool-setup-lead',
      name: '示范中学牵头联考',
      schoolLabels: 'names',
    });
    const ledRoster = await ok<{ list: Teacher[] }>(demoAdmin, jointPoolRoutes.jointPoolRoster, {
      jointExamId: led.id,
    });
    expect(ledRoster.list.filter((t) => t.schoolId === labSchoolId).length).toBeGreaterThan(0);
    expect(ledRoster.list.map((t) => t.userId).sort()).toEqual(
      roster.list.map((t) => t.userId).sort(),
    );
  });

  it('a pool block names markers of two schools; the blocks call shows them with their school', async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    const roster = await ok<{ list: Teacher[] }>(bureau, jointPoolRoutes.jointPoolRoster, {
      jointExamId: joint.id,
    });
    const grader = roster.list.find((t) => t.name === '王阅卷' && t.schoolId === demoSchoolId)!;
    const multi = roster.list.find((t) => t.name === '钱多校' && t.schoolId === labSchoolId)!;
    const paper = await ok<{ questions: Question[] }>(bureau, jointPaperRoutes.jointPaperGet, {
      jointExamId: joint.id,
      subjectCode: '数学',
    });
    const q52 = leaves(paper.questions).find((q) => q.fullNumber === '5(2)')!.id;
    ({ blockId } = await ok<{ blockId: number }>(bureau, jointPoolRoutes.jointPoolBlockSave, {
      jointExamId: joint.id,
      subjectCode: '数学',
      setup: {
        name: '第5(2)题',
        questionIds: [q52],
        mode: 'single',
        tolerance: 0,
        scoreStep: 0.5,
        distribution: 'pool',
        markers: [{ userId: grader.userId }, { userId: multi.userId }],
      },
    }));
    const blocks = await ok<{ list: unknown[] }>(bureau, jointPoolRoutes.jointPoolBlocks, {
      jointExamId: joint.id,
    });
    expect(blocks.list).toEqual([
      expect.objectContaining({
        blockId,
        subjectCode: '数学',
        name: '第5(2)题',
        state: 'setup',
        mode: 'single',
        questionIds: [q52],
        markers: [grader, multi].sort((a, b) => a.userId - b.userId),
      }),
    ]);
    expect(
      (await as(labAdmin, jointPoolRoutes.jointPoolBlocks, { jointExamId: joint.id })).code,
    ).toBe(403);
    expect(
      (await as(outsideAdmin, jointPoolRoutes.jointPoolBlocks, { jointExamId: joint.id })).code,
    ).toBe(404);
  });

  it('each school’s scan hand-off files its own crops into the pool; a marker of the other school marks them anonymously', async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    const now = Date.now();
    // A scanned, matched sheet of each school's first student, with the 5(2) crop of its own copy.
    for (const schoolId of [demoSchoolId, labSchoolId]) {
      const subjectId = subjectOf.get(schoolId)!;
      const q52 = await server.db
        .selectFrom('exam_questions as q')
        .innerJoin('exam_questions as p', 'p.id', 'q.parent_id')
        .select('q.id')
        .where('q.exam_subject_id', '=', subjectId)
        .where('p.number', '=', '5')
        .where('q.number', '=', '(2)')
        .executeTakeFirstOrThrow();
      const admin = schoolId === demoSchoolId ? demoAdmin : labAdmin;
      const batch = await server.db
        .insertInto('scan_batches')
        .values({
          school_id: schoolId,
          exam_id: examOf.get(schoolId)!,
          exam_subject_id: subjectId,
          state: 'done',
          chunk_size: 1024,
          created_by: admin.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sheet = await server.db
        .insertInto('scan_sheets')
        .values({
          batch_id: batch.id,
          exam_id: examOf.get(schoolId)!,
          exam_subject_id: subjectId,
          file_index: 0,
          scan_page: 0,
          template_page: 0,
          status: 'recognized',
          student_id: studentOf.get(schoolId)!.id,
          exam_no_read: null,
          absent: 0,
          image_key: null,
          discarded: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const key = `scan/${subjectId}/crops/${sheet.id}-52.png`;
      await files.put(key, Buffer.from(`crop-of-school-${schoolId}`));
      await server.db
        .insertInto('scan_crops')
        .values({ sheet_id: sheet.id, question_id: q52.id, part: 0, crop_key: key })
        .execute();
      const handed = await ok<{ blocks: { blockId: number; registered: number }[] }>(
        admin,
        scanRoutes.handToMarking,
        { examSubjectId: subjectId },
      );
      expect(handed.blocks).toEqual([{ blockId, registered: 1 }]);
    }
    const papers = await server.db
      .selectFrom('marking_papers')
      .select(['student_id', 'crop_key'])
      .where('block_id', '=', blockId)
      .orderBy('student_id')
      .execute();
    expect(papers.map((p) => p.student_id).sort()).toEqual(
      [studentOf.get(demoSchoolId)!.id, studentOf.get(labSchoolId)!.id].sort(),
    );

    await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'start' });
    // 钱多校 of the lab school marks from the pool: papers of both schools, no name, no school.
    const multi = await signIn(server.app, 'multi', { schoolId: labSchoolId });
    // A 任课教师 holds no Exam-Wuhen: named on a pool block, they get the 网上阅卷 entry at
    // sign-in, and the marking list behind it answers them (their school's own blocks: none).
    const rolesOfYear = Object.values(multi.allPerm[String(multi.academicYear)] ?? {});
    expect(rolesOfYear.length).toBeGreaterThan(0);
    expect(rolesOfYear.every((codes) => codes.includes('Exam-Wuhen'))).toBe(true);
    const own = await ok<{ list: unknown[] }>(multi, markingRoutes.list, {});
    expect(own.list).toEqual([]);
    const mine = await ok<{ list: { blockId: number }[] }>(
      multi,
      jointPoolRoutes.jointPoolMine,
      {},
    );
    expect(mine.list.map((b) => b.blockId)).toEqual([blockId]);
    const fetched = await ok<{ list: Leased[] }>(multi, jointPoolRoutes.jointPoolFetch, {
      blockId,
      count: 2,
    });
    expect(fetched.list).toHaveLength(2);
    const text = JSON.stringify(fetched);
    for (const s of studentOf.values()) {
      expect(text).not.toContain(s.name);
      expect(text).not.toContain(s.student_no);
    }
    expect(text).not.toMatch(/示范|实验/);
    const crops = await Promise.all(
      fetched.list.map((t) =>
        ok<{ dataUrl: string }>(multi, jointPoolRoutes.jointPoolCrop, {
          taskId: t.taskId,
          leaseToken: t.leaseToken,
        }),
      ),
    );
    const decoded = crops.map((c) => Buffer.from(c.dataUrl.split(',')[1]!, 'base64').toString());
    expect(decoded.sort()).toEqual(
      [`crop-of-school-${demoSchoolId}`, `crop-of-school-${labSchoolId}`].sort(),
    );
    await ok(multi, jointPoolRoutes.jointPoolSubmit, {
      taskId: fetched.list[0]!.taskId,
      leaseToken: fetched.list[0]!.leaseToken,
      idempotencyKey: '0000000c-0000-4000-8000-000000000001',
      score: 6.5,
    });
  });

  it('each school’s manager follows the pool: every block overall and their own school’s share only', async () => {
    type SchoolProgress = {
      markingMode: string;
      blocks: { blockId: number; papers: number; done: number; own: Record<string, number> }[];
    };
    const lab = await ok<SchoolProgress>(labAdmin, jointPoolRoutes.jointPoolSchoolProgress, {
      jointExamId: joint.id,
    });
    expect(lab.markingMode).toBe('pool');
    expect(lab.blocks).toEqual([
      expect.objectContaining({
        blockId,
        papers: 2,
        done: 1,
        own: expect.objectContaining({ papers: 1, markers: 1, marks: 1 }),
      }),
    ]);
    const demo = await ok<SchoolProgress>(demoAdmin, jointPoolRoutes.jointPoolSchoolProgress, {
      jointExamId: joint.id,
    });
    expect(demo.blocks[0]!.own).toEqual(
      expect.objectContaining({ papers: 1, markers: 1, marks: 0 }),
    );
    // The own school's share only: no list of schools, no other school's name.
    expect(Object.keys(lab.blocks[0]!).sort()).toEqual(
      ['blockId', 'done', 'name', 'own', 'ownMarkers', 'papers', 'state', 'subjectCode'].sort(),
    );
    expect(JSON.stringify(lab)).not.toContain('示范');
    expect(lab.blocks[0]!.own.done! + demo.blocks[0]!.own.done!).toBe(1);
    // A teacher who manages no exam, a school outside and the bureau (which organises) are refused.
    expect(
      (await as(teacher, jointPoolRoutes.jointPoolSchoolProgress, { jointExamId: joint.id })).code,
    ).toBe(403);
    expect(
      (await as(outsideAdmin, jointPoolRoutes.jointPoolSchoolProgress, { jointExamId: joint.id }))
        .code,
    ).toBe(404);
    expect(
      (await as(bureau, jointPoolRoutes.jointPoolSchoolProgress, { jointExamId: joint.id })).code,
    ).toBe(403);
  });
});
