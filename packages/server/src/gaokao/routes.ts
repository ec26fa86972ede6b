import { BUILT_IN_PROFILE_CODES, BUILT_IN_PROFILES } from '@examkit/analysis';
import {
  GAOKAO_CORE_SUBJECTS,
  GAOKAO_FIRST_SUBJECTS,
  gaokaoRoutes,
  type GaokaoReport,
  type GaokaoSummary,
} from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, inScopeClass, inScopeGrade } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DownloadJobs } from '../download/jobs';
import { assertExamManager, assertExamVisible, loadExam } from '../exam/access';
import { startTranscriptJob } from './transcript';
import { analysisSettings } from './analysisSettings';
import { computeGaokao } from './compute';
import { jointAnalysisSummaries } from './joint';
import { loadAnalysis, loadStudents, loadSubjects, profileOf } from './load';

export const TAG = 'gaokao';
const KEY = 'Exam-Gaokao';
const FINISHED = ['finished', 'published'];

/** Registers the 新高考 simulation's calls (docs/gaokao.md). */
export function registerGaokaoRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'> & { downloads: DownloadJobs },
): void {
  const { db, clock, downloads } = deps;
  const r = gaokaoRoutes;

  const open = async (session: SessionInfo) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    return access.scope();
  };

  /** The analysis and its exam, visible to the caller, with the report computed. */
  const reportOf = async (session: SessionInfo, analysisId: number) => {
    const scope = await open(session);
    const row = await loadAnalysis(db, session.schoolId, analysisId);
    const exam = await loadExam(db, session.schoolId, row.exam_id);
    assertExamVisible(scope, exam);
    const grade = await db
      .selectFrom('grades')
      .select('name')
      .where('id', '=', exam.grade_id)
      .executeTakeFirst();
    const profile = profileOf(row);
    const computed = computeGaokao({
      profile,
      subjects: await loadSubjects(db, exam.id),
      convertedSubjects: JSON.parse(row.converted_subjects) as string[],
      students: await loadStudents(db, exam.id),
      visible: (s) => inScopeClass(scope, s.classId),
    });
    const report: GaokaoReport = {
      id: row.id,
      name: row.name,
      examId: exam.id,
      examName: exam.name,
      gradeName: grade?.name ?? '',
      profile: {
        code: profile.code as GaokaoReport['profile']['code'],
        name: profile.name,
        levels: [...profile.levels],
      },
      ...computed,
    };
    return { row, report };
  };

  router.sessionRoute(r.profiles, TAG, async ({ session }) => {
    await open(session);
    return BUILT_IN_PROFILE_CODES.map((code) => ({
      ...BUILT_IN_PROFILES[code],
      code,
      levels: [...BUILT_IN_PROFILES[code].levels],
    }));
  });

  router.sessionRoute(r.exams, TAG, async ({ session }) => {
    const scope = await open(session);
    const exams = await db
      .selectFrom('exams as e')
      .innerJoin('grades as g', 'g.id', 'e.grade_id')
      .select(['e.id', 'e.name', 'e.exam_date', 'e.grade_id', 'g.name as grade_name'])
      .where('e.school_id', '=', session.schoolId)
      .where('e.state', 'in', FINISHED as ('finished' | 'published')[])
      .orderBy('e.exam_date', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
    const visible = exams.filter((e) => inScopeGrade(scope, e.grade_id));
    if (visible.length === 0) return [];
    const subjects = await db
      .selectFrom('exam_subjects')
      .select(['exam_id', 'subject_name'])
      .where(
        'exam_id',
        'in',
        visible.map((e) => e.id),
      )
      .orderBy('sort_order')
      .execute();
    return visible.flatMap((e) => {
      const names = subjects.filter((s) => s.exam_id === e.id).map((s) => s.subject_name);
      const fits =
        GAOKAO_CORE_SUBJECTS.every((n) => names.includes(n)) &&
        GAOKAO_FIRST_SUBJECTS.some((n) => names.includes(n));
      return fits
        ? [
            {
              examId: e.id,
              name: e.name,
              gradeName: e.grade_name,
              examDate: e.exam_date,
              subjects: names,
            },
          ]
        : [];
    });
  });

  router.sessionRoute(r.list, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const rows = await db
      .selectFrom('gaokao_analyses as a')
      .innerJoin('exams as e', 'e.id', 'a.exam_id')
      .innerJoin('grades as g', 'g.id', 'e.grade_id')
      .select([
        'a.id',
        'a.name',
        'a.exam_id',
        'a.profile_name',
        'a.converted_subjects',
        'a.created_at',
        'e.name as exam_name',
        'e.grade_id',
        'g.name as grade_name',
      ])
      .where('a.school_id', '=', session.schoolId)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
    const visible: GaokaoSummary[] = rows
      .filter((a) => inScopeGrade(scope, a.grade_id))
      .map((a) => ({
        id: a.id,
        name: a.name,
        examId: a.exam_id,
        examName: a.exam_name,
        gradeName: a.grade_name,
        profileName: a.profile_name,
        convertedSubjects: JSON.parse(a.converted_subjects) as string[],
        createdAt: Number(a.created_at),
        manager: scope.schoolWide || scope.leadGradeIds.has(a.grade_id),
      }));
    // The joint exams' analyses the caller reads (docs/gaokao.md "Over a joint exam"), newest first.
    const all = [...visible, ...(await jointAnalysisSummaries(db, session))].sort(
      (a, b) => b.createdAt - a.createdAt || Number(a.joint ?? false) - Number(b.joint ?? false),
    );
    const start = (body.pageNum - 1) * body.pageSize;
    return {
      list: all.slice(start, start + body.pageSize),
      total: all.length,
      pageNum: body.pageNum,
      pageSize: body.pageSize,
    };
  });

  router.sessionRoute(r.create, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const earlier = await byKey(session.schoolId, body.idempotencyKey);
    if (earlier) return { id: earlier.id };
    const exam = await loadExam(db, session.schoolId, body.examId);
    assertExamVisible(scope, exam);
    assertExamManager(scope, exam.grade_id);
    if (!FINISHED.includes(exam.state)) throw badRequest('考试尚未结束，不能进行新高考分析');
    const names = (await loadSubjects(db, exam.id)).map((s) => s.name);
    const { name, levels, profileName } = analysisSettings('考试', names, body);
    try {
      const row = await db
        .insertInto('gaokao_analyses')
        .values({
          school_id: session.schoolId,
          exam_id: exam.id,
          name,
          profile_code: body.profileCode,
          profile_name: profileName,
          profile_levels: JSON.stringify(levels),
          converted_subjects: JSON.stringify(body.convertedSubjects),
          idempotency_key: body.idempotencyKey,
          created_by: session.userId,
          created_at: clock.now().getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    } catch (error) {
      const raced = await byKey(session.schoolId, body.idempotencyKey);
      if (raced) return { id: raced.id };
      throw error;
    }
  });

  router.sessionRoute(r.remove, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const row = await loadAnalysis(db, session.schoolId, body.analysisId);
    const exam = await loadExam(db, session.schoolId, row.exam_id);
    assertExamVisible(scope, exam);
    assertExamManager(scope, exam.grade_id);
    await db.deleteFrom('gaokao_analyses').where('id', '=', row.id).execute();
    return null;
  });

  router.sessionRoute(r.report, TAG, async ({ body, session }) => {
    return (await reportOf(session, body.analysisId)).report;
  });

  router.sessionRoute(r.exportTranscript, TAG, async ({ body, session }) => {
    const { row, report } = await reportOf(session, body.analysisId);
    return startTranscriptJob(downloads, session, {
      name: row.name,
      analysis: { gaokaoAnalysisId: row.id },
      report,
      track: body.track,
    });
  });

  const byKey = (schoolId: number, key: string) =>
    db
      .selectFrom('gaokao_analyses')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
}
