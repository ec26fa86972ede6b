import { scanRoutes, type ScanSubjectOverview } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createExam, gradeOf } from '../exam/testKit';
import {
  call,
  DIALECTS,
  signIn,
  startTestServer,
  userIdOf,
  type TestServer,
} from '../test/fixtures';

vi.stubEnv('REDIS_URL', '');

describe.each(DIALECTS)('scan overview of an exam on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let examId: number;
  let mathId: number;
  let physicsId: number;
  let rosterSize: number;

  const overview = (token: string, id = examId) =>
    call<{ subjects: ScanSubjectOverview[] }>(server.app, scanRoutes.overview, {
      token,
      body: { examId: id },
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await signIn(server.app, 'admin')).token;
    const schoolId = server.seed.demoSchoolId;
    const grade = await gradeOf(server.db, schoolId);
    const exam = await createExam(server, admin, grade);
    examId = exam.id;
    mathId = exam.subjects.find((s) => s.subjectCode === '数学')!.id;
    physicsId = exam.subjects.find((s) => s.subjectCode === '物理')!.id;
    const roster = await server.db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', examId)
      .orderBy('student_id')
      .execute();
    rosterSize = roster.length;
    expect(rosterSize).toBeGreaterThanOrEqual(3);
    const [first, second, third] = roster.map((r) => r.student_id);

    // Recognition is not under test here: the sheets of one batch are written as the job would.
    const batch = await server.db
      .insertInto('scan_batches')
      .values({
        school_id: schoolId,
        exam_id: examId,
        exam_subject_id: mathId,
        state: 'done',
        chunk_size: 1,
        created_by: await userIdOf(server.db, schoolId, 'admin'),
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sheet = async (
      page: number,
      row: { status: string; student: number | null; absent?: number; discarded?: number },
    ) =>
      (
        await server.db
          .insertInto('scan_sheets')
          .values({
            batch_id: batch.id,
            exam_id: examId,
            exam_subject_id: mathId,
            file_index: 0,
            scan_page: page,
            template_page: 0,
            status: row.status as 'recognized',
            student_id: row.student,
            exam_no_read: null,
            absent: row.absent ?? 0,
            image_key: null,
            discarded: row.discarded ?? 0,
            created_at: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const exception = (sheetId: number, resolved: boolean) =>
      server.db
        .insertInto('scan_exceptions')
        .values({
          exam_subject_id: mathId,
          sheet_id: sheetId,
          student_id: null,
          kind: 'unknown_exam_no',
          reason: '考号不在本考试科目的考生名单中',
          created_at: 1,
          resolved_by: null,
          resolution: resolved ? JSON.stringify({ action: 'discard' }) : null,
          resolved_at: resolved ? 2 : null,
        })
        .execute();
    await sheet(0, { status: 'recognized', student: first! });
    await sheet(1, { status: 'fixed', student: second! });
    await sheet(2, { status: 'recognized', student: third!, absent: 1 });
    await exception(await sheet(3, { status: 'exception', student: null }), false);
    await exception(await sheet(4, { status: 'duplicate', student: first! }), false);
    await exception(await sheet(5, { status: 'exception', student: null, discarded: 1 }), true);
  }, 60_000);
  afterAll(() => server.close());

  it('counts pages kept, matched students and open exceptions per subject', async () => {
    const reply = await overview(admin);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.subjects).toEqual([
      // Six pages scanned, one discarded; the absent student and the duplicate are not matches.
      { examSubjectId: mathId, expected: rosterSize, uploaded: 5, matched: 2, openExceptions: 2 },
      // 物理 is 选考 and nobody chose it: nobody is expected and nothing was scanned.
      { examSubjectId: physicsId, expected: 0, uploaded: 0, matched: 0, openExceptions: 0 },
    ]);
  });

  it('agrees with the reconciliation of the scan page', async () => {
    const recon = await call<{ matched: unknown[]; openExceptions: number; expected: number }>(
      server.app,
      scanRoutes.reconcile,
      { token: admin, body: { examSubjectId: mathId } },
    );
    const [math] = (await overview(admin)).body.data.subjects;
    expect(math).toMatchObject({
      expected: recon.body.data.expected,
      matched: recon.body.data.matched.length,
      openExceptions: recon.body.data.openExceptions,
    });
  });

  it('refuses users without exam permission, other schools and unknown exams', async () => {
    const grader = (await signIn(server.app, 'grader')).token;
    expect((await overview(grader)).status).toBe(403);
    const lab = (await signIn(server.app, 'lab-admin')).token;
    const other = await overview(lab);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('"uploaded"');
    expect((await overview(admin, 999_999)).status).toBe(404);
    const extra = await call(server.app, scanRoutes.overview, {
      token: admin,
      body: { examId, schoolId: 1 },
    });
    expect(extra.status).toBe(400);
  });
});
