import {
  administrationRoutes,
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  type JointReportStatus,
  gaokaoJointRoutes as G,
  gaokaoRoutes,
  jointExamRoutes,
  type GaokaoReport,
  type GaokaoSummary,
  type JointExam,
  type UserInfo,
} from '@examkit/contracts';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../exam/testKit';
import { userCalls, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { addSchoolInRegion } from '../test/schoolKit';
import { createdJoint } from '../joint/poolTestKit';

type Joint = Static<typeof JointExam>;
const SUBJECTS = ['语文', '数学', '英语', '物理', '历史', '化学', '生物', '政治', '地理'];
/** The g-th student of the joint exam (schools in order): every raw score differs. */
const scoreOf = (subject: string, g: number): number =>
  ({
    语文: 100 + (g % 7),
    数学: 100 + (g % 5),
    英语: 100 + (g % 3),
    物理: 60 + g,
    历史: 50 + g,
    // 化学's best students are the third school's: converted per school, the others' best would be 100
    化学: 40 + 2 * g,
    生物: 90 - g,
    政治: 30 + 2 * g,
    地理: 95 - g,
  })[subject]!;

describe.each(DIALECTS)('新高考 over a joint exam of three schools on %s', (dialect) => {
  let server: TestServer;
  let bureau: UserInfo;
  const staff: Record<'demo' | 'lab' | 'third' | 'outside', UserInfo> = {} as never;
  let joint: Joint;
  let analysisId: number;
  /** Student ids by school id. */
  const studentsOf = new Map<number, Set<number>>();

  const { answer: as, ok } = userCalls(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db, seed } = server;
    const third = await addSchoolInRegion(db, {
      schoolName: '第三中学',
      loginName: 'third-admin',
      prefix: 'T30',
      region: 'demo-district',
    });
    // a member school of the district that does not take part
    await addSchoolInRegion(db, {
      schoolName: '第四中学',
      loginName: 'fourth-admin',
      prefix: 'F40',
      region: 'demo-district',
    });
    bureau = await signIn(server.app, 'bureau', { schoolId: seed.demoSchoolId });
    staff.demo = await signIn(server.app, 'admin');
    staff.lab = await signIn(server.app, 'lab-admin');
    staff.third = await signIn(server.app, 'third-admin');
    staff.outside = await signIn(server.app, 'fourth-admin');
    joint = await ok<Joint>(bureau, jointExamRoutes.jointCreate, {
      idempotencyKey: 'joint-gaokao-1',
      name: '2026学年高一新高考联考',
      examType: '期中',
      examDate: '2026-11-12',
      gradeNum: 10,
      schoolIds: [seed.demoSchoolId, seed.labSchoolId, third.schoolId],
      subjects: SUBJECTS.map((s, i) => ({
        subjectCode: s,
        subjectName: s,
        fullMarks: i < 3 ? 150 : 100,
      })),
      schoolLabels: 'codes',
    });
    // Each school sets its students' 选科 (even: 物理 化学 生物; odd: 历史 政治 地理), and its
    // scores are written; then it finishes its own exam.
    let g = 0;
    for (const user of [staff.demo, staff.lab, staff.third]) {
      const own = joint.schools.find((s) => s.schoolId === user.schoolId)!;
      const examId = (
        await db
          .selectFrom('joint_exam_schools')
          .select('exam_id')
          .where('joint_exam_id', '=', joint.id)
          .where('school_id', '=', own.schoolId)
          .executeTakeFirstOrThrow()
      ).exam_id;
      const students = await db
        .selectFrom('exam_students')
        .select('student_id')
        .where('exam_id', '=', examId)
        .orderBy('exam_no')
        .execute();
      const ids = students.map((s) => s.student_id);
      studentsOf.set(user.schoolId, new Set(ids));
      const physics = ids.filter((_, i) => i % 2 === 0);
      const history = ids.filter((_, i) => i % 2 === 1);
      await ok(user, administrationRoutes.setElective, {
        studentIds: physics,
        comboType: '3+1+2',
        subjects: ['物理', '化学', '生物'],
      });
      await ok(user, administrationRoutes.setElective, {
        studentIds: history,
        comboType: '3+1+2',
        subjects: ['历史', '政治', '地理'],
      });
      const subjects = await db
        .selectFrom('exam_subjects')
        .select(['id', 'subject_name'])
        .where('exam_id', '=', examId)
        .execute();
      const first = g;
      for (const s of subjects) {
        const takers = ids.flatMap((id, i) => {
          const chosen = i % 2 === 0 ? ['物理', '化学', '生物'] : ['历史', '政治', '地理'];
          return SUBJECTS.slice(0, 3).includes(s.subject_name) || chosen.includes(s.subject_name)
            ? [{ id, g: first + i }]
            : [];
        });
        if (takers.length > 0)
          await db
            .insertInto('exam_subject_totals')
            .values(
              takers.map((t) => ({
                exam_subject_id: s.id,
                student_id: t.id,
                score: scoreOf(s.subject_name, t.g),
                absent: 0,
                updated_at: 0,
              })),
            )
            .execute();
      }
      g += ids.length;
      await db.updateTable('exams').set({ state: 'finished' }).where('id', '=', examId).execute();
    }
  }, 90_000);
  afterAll(() => server.close());

  it('the bureau chooses the joint exam and creates an analysis with its profile; a retry creates nothing', async () => {
    const exams = await ok<{ jointExamId: number; finishedSchools: number }[]>(
      bureau,
      G.jointExams,
      {},
    );
    expect(exams.map((e) => [e.jointExamId, e.finishedSchools])).toEqual([[joint.id, 3]]);
    const body = {
      idempotencyKey: 'joint-gaokao-analysis-1',
      name: '联考新高考分析',
      jointExamId: joint.id,
      profileCode: 'guangdong',
      convertedSubjects: ['化学', '生物', '政治', '地理'],
    };
    analysisId = (await ok<{ id: number }>(bureau, G.jointCreate, body)).id;
    expect((await ok<{ id: number }>(bureau, G.jointCreate, body)).id).toBe(analysisId);
    // a participating school does not organise it: refused, nothing stored
    const refused = await as(staff.demo, G.jointCreate, {
      ...body,
      idempotencyKey: 'school-try-1',
    });
    expect(refused).toMatchObject({ code: 403, msg: '只有联考的组织者可以修改联考' });
    expect(await ok(staff.demo, G.jointExams, {})).toEqual([]);
    const rows = await server.db.selectFrom('gaokao_joint_analyses').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('the bureau sees every student, ranked within 物理类 and 历史类 across the whole joint exam', async () => {
    const report = await ok<GaokaoReport>(bureau, G.jointReport, { analysisId });
    expect(report.profile.name).toBe('广东方案');
    const all = [...studentsOf.values()].flatMap((s) => [...s]);
    expect(report.students.map((s) => s.studentId).sort((a, b) => a - b)).toEqual(
      [...all].sort((a, b) => a - b),
    );
    expect(new Set(report.students.map((s) => s.className.split(' ')[0]))).toEqual(
      new Set(['示范中学', '实验中学', '第三中学']),
    );
    for (const s of report.students) {
      // competition rank within the 类 over all three schools
      const better = report.students.filter(
        (o) => o.track === s.track && o.total !== null && o.total > s.total!,
      ).length;
      expect(s.rank).toBe(better + 1);
    }
    // 化学 is converted over every school's 物理类 students: the best (the third school's) gets
    // 100, the demo school's best does not
    const chem = report.subjects.findIndex((s) => s.name === '化学');
    const top = report.students.filter((s) => s.converted[chem] === 100);
    expect(top.map((s) => s.className.split(' ')[0])).toEqual(['第三中学']);
    const demoIds = studentsOf.get(staff.demo.schoolId)!;
    const demoBest = Math.max(
      ...report.students.filter((s) => demoIds.has(s.studentId)).map((s) => s.converted[chem] ?? 0),
    );
    expect(demoBest).toBeLessThan(100);
    expect(report.schools!.map((s) => [s.label, s.total.count])).toEqual([
      ['示范中学', 5],
      ['实验中学', 20],
      ['第三中学', 3],
    ]);
  });

  it('each school sees its own students only, with the joint ranks, and the others as codes', async () => {
    const bureauReport = await ok<GaokaoReport>(bureau, G.jointReport, { analysisId });
    const rankOf = new Map(bureauReport.students.map((s) => [s.studentId, s.rank]));
    for (const [user, labels] of [
      [staff.demo, ['示范中学', '学校B', '学校C']],
      [staff.lab, ['学校A', '实验中学', '学校C']],
      [staff.third, ['学校A', '学校B', '第三中学']],
    ] as const) {
      const report = await ok<GaokaoReport>(user, G.jointReport, { analysisId });
      const own = studentsOf.get(user.schoolId)!;
      expect(report.students.length).toBe(own.size);
      for (const s of report.students) {
        expect(own.has(s.studentId)).toBe(true);
        expect(s.rank).toBe(rankOf.get(s.studentId));
      }
      expect(report.schools!.map((s) => s.label)).toEqual(labels);
      expect(report.schools!.filter((s) => s.own).map((s) => s.label)).toEqual([
        labels.find((l) => !l.startsWith('学校'))!,
      ]);
      // the figures of the whole joint exam are the same for everyone
      expect(report.tracks).toEqual(bureauReport.tracks);
      const list = await ok<{ list: GaokaoSummary[] }>(user, gaokaoRoutes.list, {
        pageNum: 1,
        pageSize: 50,
      });
      expect(list.list.find((a) => a.joint)).toMatchObject({
        id: analysisId,
        examId: joint.id,
        manager: false,
      });
    }
  });

  /** Asks the snapshot's status until it is no longer computing (the background job ended). */
  const settled = async (user: UserInfo) => {
    let status: JointReportStatus | undefined;
    for (let i = 0; i < 400; i++) {
      status = await ok<JointReportStatus>(user, G.jointReportStatus, { analysisId });
      if (status.state !== 'computing') break;
      await new Promise((res) => setTimeout(res, 25));
    }
    return status!;
  };
  const snapshotRow = () =>
    server.db
      .selectFrom('gaokao_joint_snapshots')
      .select(['version', 'state', 'payload'])
      .where('analysis_id', '=', analysisId)
      .executeTakeFirstOrThrow();

  it('keeps the analysis as a snapshot computed in the background; changed marks or 选科 give a new one', async () => {
    // Creating the analysis started the job: it ends ready, and the report reads it.
    expect(await settled(bureau)).toMatchObject({ state: 'ready', progress: 100, stage: '已完成' });
    const first = await snapshotRow();
    expect(first.state).toBe('ready');
    expect(first.payload).not.toBeNull();
    const before = await ok<GaokaoReport>(bureau, G.jointReport, { analysisId });
    expect(await snapshotRow()).toEqual(first);

    // A school's mark changes after finishing: the next status starts a new snapshot, whose
    // report shows the new total.
    const demoIds = [...studentsOf.get(staff.demo.schoolId)!];
    const student = before.students.find((s) => s.studentId === demoIds[0])!;
    const maths = await server.db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as es', 'es.id', 't.exam_subject_id')
      .select(['t.exam_subject_id', 't.score'])
      .where('t.student_id', '=', student.studentId)
      .where('es.subject_name', '=', '数学')
      .where('es.exam_id', 'in', (eb) =>
        eb.selectFrom('joint_exam_schools').select('exam_id').where('joint_exam_id', '=', joint.id),
      )
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('exam_subject_totals')
      .set({ score: Number(maths.score) - 10, updated_at: 1 })
      .where('exam_subject_id', '=', maths.exam_subject_id)
      .where('student_id', '=', student.studentId)
      .execute();
    const asked = await ok<JointReportStatus>(bureau, G.jointReportStatus, { analysisId });
    expect(asked.state).not.toBe('waiting');
    expect(await settled(bureau)).toMatchObject({ state: 'ready' });
    const second = await snapshotRow();
    expect(second.version).not.toBe(first.version);
    const after = await ok<GaokaoReport>(bureau, G.jointReport, { analysisId });
    expect(after.students.find((s) => s.studentId === student.studentId)!.total).toBe(
      student.total! - 10,
    );

    // 选科 is not in the scores: a student moved to 历史类 changes the version too.
    expect(student.track).toBe('physics');
    await ok(staff.demo, administrationRoutes.setElective, {
      studentIds: [student.studentId],
      comboType: '3+1+2',
      subjects: ['历史', '政治', '地理'],
    });
    expect(await settled(staff.demo)).toMatchObject({ state: 'ready' });
    expect((await snapshotRow()).version).not.toBe(second.version);
    const moved = await ok<GaokaoReport>(staff.demo, G.jointReport, { analysisId });
    expect(moved.students.find((s) => s.studentId === student.studentId)!.track).toBe('history');
    // put back as it was, for the tests below
    await ok(staff.demo, administrationRoutes.setElective, {
      studentIds: [student.studentId],
      comboType: '3+1+2',
      subjects: ['物理', '化学', '生物'],
    });
    await server.db
      .updateTable('exam_subject_totals')
      .set({ score: Number(maths.score), updated_at: 2 })
      .where('exam_subject_id', '=', maths.exam_subject_id)
      .where('student_id', '=', student.studentId)
      .execute();
    expect(await settled(bureau)).toMatchObject({ state: 'ready' });
    // A school outside the joint exam is answered as for a missing analysis.
    expect(await as(staff.outside, G.jointReportStatus, { analysisId })).toMatchObject({
      code: 404,
    });
  }, 60_000);

  it('exports the transcript through the download centre, cut as the page is', async () => {
    const exported = async (user: UserInfo, track: string) => {
      const { jobId } = await ok<{ jobId: number }>(user, G.jointExportTranscript, {
        analysisId,
        track,
      });
      let state = '';
      for (let i = 0; i < 200 && state !== 'done' && state !== 'failed'; i++) {
        state = (await ok<{ state: string }>(user, downloadRoutes.downloadStatus, { jobId })).state;
        if (state !== 'done') await new Promise((res) => setTimeout(res, 20));
      }
      expect(state).toBe('done');
      const file = await server.app.inject({
        method: 'GET',
        url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
        headers: { token: user.token, plantform: '1' },
      });
      return readXlsx(file.rawPayload);
    };
    const report = await ok<GaokaoReport>(bureau, G.jointReport, { analysisId });
    // The bureau's file: every student of the three schools, classes named with their school.
    const all = await exported(bureau, 'all');
    expect(all[0]).toContain('化学赋分');
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(report.students.map((s) => s.studentNo).sort());
    // A school's 物理类 file: its own 物理类 students only, with their joint ranks.
    const demoIds = studentsOf.get(staff.demo.schoolId)!;
    const own = report.students.filter((s) => demoIds.has(s.studentId) && s.track === 'physics');
    const physics = await exported(staff.demo, 'physics');
    expect(
      physics
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(own.map((s) => s.studentNo).sort());
    for (const row of physics.slice(1)) {
      const student = own.find((s) => s.studentNo === row[0])!;
      expect(row[1]).toBe(student.name);
      expect(row.at(-1)).toBe(String(student.rank));
    }
    expect(
      await as(staff.outside, G.jointExportTranscript, { analysisId, track: 'all' }),
    ).toMatchObject({ code: 404 });
  }, 60_000);

  it('a school outside the joint exam gets 404, and only the organiser deletes', async () => {
    expect(await as(staff.outside, G.jointReport, { analysisId })).toMatchObject({
      code: 404,
      msg: '联考新高考分析不存在',
    });
    const outsideList = await ok<{ list: GaokaoSummary[] }>(staff.outside, gaokaoRoutes.list, {
      pageNum: 1,
      pageSize: 50,
    });
    expect(outsideList.list.some((a) => a.joint)).toBe(false);
    expect((await as(staff.lab, G.jointRemove, { analysisId })).code).toBe(403);
    const bureauList = await ok<{ list: GaokaoSummary[] }>(bureau, gaokaoRoutes.list, {
      pageNum: 1,
      pageSize: 50,
    });
    expect(bureauList.list.find((a) => a.joint)).toMatchObject({ id: analysisId, manager: true });
    await ok(bureau, G.jointRemove, { analysisId });
    expect((await as(staff.demo, G.jointReport, { analysisId })).code).toBe(404);
  });

  it('refuses before any school has finished', async () => {
    const draft = await createdJoint(server, bureau, {
      idempotencyKey: 'joint-gaokao-2',
      name: '未完成的联考',
      subjects: SUBJECTS.map((s) => ({ subjectCode: s, subjectName: s, fullMarks: 100 })),
      schoolLabels: 'names',
    });
    const refused = await as(bureau, G.jointCreate, {
      idempotencyKey: 'joint-gaokao-analysis-2',
      name: '过早',
      jointExamId: draft.id,
      profileCode: 'common',
      convertedSubjects: ['化学'],
    });
    expect(refused).toMatchObject({ code: 400, msg: '联考各校尚未完成阅卷，不能进行新高考分析' });
  });
});
