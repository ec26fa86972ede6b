import { reportRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, forbidden, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import { accessOf, inScopeClass, type Access } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { readExamReport } from './cache';
import { getComment, listComments, saveComment } from './comments';
import type { DownloadJobs } from '../download/jobs';
import { assignmentsOf } from '../user/teachers';
import { isGradePage, renderExport, reportDownload } from './exportReport';
import * as views from './views';
import type { ReportContext } from './views';

export interface ReportDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Chromium for PDFs; null turns PDFs off. @default found on the usual paths */
  chromiumPath?: string | null;
}

const TAG = 'report';
/** Permission keys of the report pages (spec 001 §2, §6). */
export const CLASS_KEY = 'Exam-Single-Report-Class';
export const GRADE_KEY = 'Exam-Single-Report-Grade';

async function requireAny(access: Access, keys: string[]): Promise<void> {
  const codes = await access.codes();
  if (!keys.some((k) => codes.has(k))) throw forbidden('没有该操作的权限');
}

/** States whose report exists: school-wide roles see a finished exam; everyone else a published one. */
const REPORT_STATES = new Set(['finished', 'published']);

/**
 * Opens an exam's report for a caller: the exam must be the session's school's (else 404), the
 * caller must hold one of `keys`, and the report must be published (school-wide roles also see a
 * finished, unpublished one). Reads the cache; computes only when the scores changed.
 */
export async function openReport(
  deps: Pick<ReportDeps, 'db' | 'clock'>,
  session: SessionInfo,
  examId: number,
  keys: string[],
): Promise<ReportContext> {
  const exam = await deps.db
    .selectFrom('exams')
    .select(['id', 'school_id', 'state', 'grade_id'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam || exam.school_id !== session.schoolId) throw notFound('考试不存在');
  const access = accessOf(deps.db, session);
  await requireAny(access, keys);
  const scope = await access.scope();
  const published = exam.state === 'published';
  if (!published) {
    if (!scope.schoolWide) throw forbidden('报告尚未发布');
    if (!REPORT_STATES.has(exam.state)) throw new ApiError(409, '考试尚未完成阅卷，报告尚未生成');
  }
  const read = await readExamReport(deps.db, deps.clock, examId);
  if (!read) throw notFound('考试不存在');
  return { report: read.report, computedAt: read.computedAt, published, scope };
}

const CLASS_KEYS = [CLASS_KEY, GRADE_KEY];
const GRADE_KEYS = [GRADE_KEY];

/** Registers the report domain's calls (/marking-report and the report pages' data). */
export function registerReportRoutes(
  router: Router,
  deps: ReportDeps & {
    /** The download centre's jobs, which run the long exports. */
    downloads: DownloadJobs;
  },
): void {
  const { db, clock } = deps;
  const r = reportRoutes;
  const open = (session: SessionInfo, examId: number, keys = CLASS_KEYS) =>
    openReport(deps, session, examId, keys);

  router.sessionRoute(r.classBasic, TAG, async ({ body, session }) =>
    views.classBasic(await open(session, body.examId), body.classId),
  );
  router.sessionRoute(r.classComment, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId);
    return views.classComment(
      ctx,
      body.classId,
      body.subjectId,
      await listComments(db, body.examId),
    );
  });
  router.sessionRoute(r.classAbility, TAG, async ({ body, session }) =>
    views.classAbility(await open(session, body.examId), body.classId, body.subjectId),
  );
  router.sessionRoute(r.classAnalysis, TAG, async ({ body, session }) =>
    views.classAnalysis(await open(session, body.examId), body.classId),
  );
  router.sessionRoute(r.classTranscript, TAG, async ({ body, session }) =>
    views.classTranscript(await open(session, body.examId), body.classId),
  );
  router.sessionRoute(r.classProblemSet, TAG, async ({ body, session }) =>
    views.classProblemSet(
      await open(session, body.examId),
      body.classId,
      body.subjectId,
      body.maxScoreRate ?? 0.6,
    ),
  );
  router.sessionRoute(r.classCustom, TAG, async ({ body, session }) => {
    const lines = { excellent: body.excellent, good: body.good, pass: body.pass, low: body.low };
    if (!(lines.excellent >= lines.good && lines.good >= lines.pass && lines.pass >= lines.low))
      throw new ApiError(400, '分数线须满足 优秀 ≥ 良好 ≥ 及格 ≥ 低分');
    return views.classCustom(await open(session, body.examId), body.classId, lines);
  });
  router.sessionRoute(r.classCustom2, TAG, async ({ body, session }) =>
    views.classCustom2(
      await open(session, body.examId),
      body.classId,
      body.subjectId,
      body.bandWidth,
    ),
  );
  router.sessionRoute(r.studentTranscript, TAG, async ({ body, session }) =>
    views.studentTranscript(await open(session, body.examId), body.classId, body.studentId),
  );

  router.sessionRoute(r.gradeBasic, TAG, async ({ body, session }) =>
    views.gradeBasic(await open(session, body.examId, GRADE_KEYS)),
  );
  router.sessionRoute(r.gradeComment, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId, GRADE_KEYS);
    return views.gradeComment(ctx, body.subjectId, await listComments(db, body.examId));
  });
  router.sessionRoute(r.commentGet, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId);
    const { question, subjectId } = commentTarget(ctx, body.classId, body.questionId);
    return {
      question,
      subjectId,
      comment: await getComment(db, body),
    };
  });
  router.sessionRoute(r.commentSave, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId);
    if (ctx.scope.wholeSchoolReader) throw forbidden('教育局账号只能查看学校的报告');
    commentTarget(ctx, body.classId, body.questionId);
    return saveComment(db, {
      ...body,
      schoolId: session.schoolId,
      userId: session.userId,
      now: clock.now().getTime(),
    });
  });
  router.sessionRoute(r.gradeAbility, TAG, async ({ body, session }) =>
    views.gradeAbility(await open(session, body.examId, GRADE_KEYS), body.subjectId),
  );
  router.sessionRoute(r.gradeRank, TAG, async ({ body, session }) =>
    views.gradeRank(await open(session, body.examId, GRADE_KEYS), body.subjectId, body),
  );
  router.sessionRoute(r.gradeTranscript, TAG, async ({ body, session }) =>
    views.gradeTranscript(await open(session, body.examId, GRADE_KEYS), body),
  );
  router.sessionRoute(r.gradeProblemSet, TAG, async ({ body, session }) =>
    views.gradeProblemSet(
      await open(session, body.examId, GRADE_KEYS),
      body.subjectId,
      body.maxScoreRate ?? 0.6,
    ),
  );
  router.sessionRoute(r.gradeCustomGroup, TAG, async ({ body, session }) =>
    views.gradeCustomGroup(await open(session, body.examId, GRADE_KEYS), body.groups),
  );
  router.sessionRoute(r.gradeCustomContrast, TAG, async ({ body, session }) =>
    views.gradeCustomContrast(await open(session, body.examId, GRADE_KEYS)),
  );
  router.sessionRoute(r.gradeCustomKnowModel, TAG, async ({ body, session }) =>
    views.gradeAbility(await open(session, body.examId, GRADE_KEYS), body.subjectId),
  );
  router.sessionRoute(r.screen, TAG, async ({ body, session }) =>
    views.screen(await open(session, body.examId, GRADE_KEYS)),
  );
  router.sessionRoute(r.quickReview, TAG, async ({ body, session }) =>
    views.quickReview(await open(session, body.examId, GRADE_KEYS)),
  );
  router.sessionRoute(r.warningReport, TAG, async ({ body, session }) =>
    views.warningReport(await open(session, body.examId), body.classId),
  );
  router.sessionRoute(r.quality, TAG, async ({ body, session }) =>
    views.quality(await open(session, body.examId, GRADE_KEYS), body.subjectId),
  );

  router.sessionRoute(r.exportReport, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId, isGradePage(body.page) ? GRADE_KEYS : CLASS_KEYS);
    return renderExport(deps, ctx, body);
  });
  router.sessionRoute(r.exportJobStart, TAG, async ({ body, session }) => {
    const ctx = await open(session, body.examId, isGradePage(body.page) ? GRADE_KEYS : CLASS_KEYS);
    // the page's own access check (class or grade scope) before any work is queued
    if (body.page === 'grade/transcripts') views.assertGrade(ctx);
    else if (body.classId !== undefined && !isGradePage(body.page))
      views.assertClass(ctx, body.classId);
    const { jobId } = await deps.downloads.start(session, reportDownload(deps, ctx, body));
    return { jobId };
  });

  router.sessionRoute(r.recomputeReport, TAG, async ({ body, session }) => {
    const exam = await db
      .selectFrom('exams')
      .select(['id', 'school_id', 'grade_id'])
      .where('id', '=', body.examId)
      .executeTakeFirst();
    if (!exam || exam.school_id !== session.schoolId) throw notFound('考试不存在');
    const access = accessOf(db, session);
    await requireAny(access, GRADE_KEYS);
    if (!views.gradeScope(await access.scope(), exam.grade_id))
      throw forbidden('超出数据范围：无权刷新该年级的报告');
    const read = await readExamReport(db, clock, body.examId, { force: true });
    if (!read) throw notFound('考试不存在');
    return {
      examId: body.examId,
      computedAt: read.computedAt,
      studentCount: read.report.snapshot.students.length,
    };
  });

  registerTeacherRoutes(router, deps);
}

/** The question of a comment, refused unless the caller may see its class and subject (or the grade). */
function commentTarget(ctx: ReportContext, classId: number, questionId: number) {
  const subject = ctx.report.snapshot.subjects.find((s) =>
    s.questions.some((q) => q.id === questionId),
  );
  const question = subject?.questions.find((q) => q.id === questionId);
  if (!subject || !question) throw notFound('本次考试没有该试题');
  if (classId === 0) views.assertGrade(ctx);
  else {
    views.assertClass(ctx, classId);
    views.assertSubject(ctx, classId, subject.id);
  }
  return {
    subjectId: subject.id,
    question: {
      questionId: question.id,
      number: question.number,
      kind: question.kind,
      fullMarks: question.fullMarks,
      answer: question.answer,
      knowledgePoints: question.knowledgePoints,
    },
  };
}

/** The /marking-report/teacher calls (spec 001 §7). */
function registerTeacherRoutes(router: Router, deps: ReportDeps): void {
  const { db, clock } = deps;
  const r = reportRoutes;

  /** Exams whose report the caller may open, newest first. */
  async function examsInScope(
    session: SessionInfo,
    filter: {
      gradeId?: number | undefined;
      examType?: string | undefined;
      keyWord?: string | undefined;
      classId?: number | undefined;
    },
  ) {
    const access = accessOf(db, session);
    await requireAny(access, CLASS_KEYS);
    const scope = await access.scope();
    let query = db
      .selectFrom('exams as e')
      .innerJoin('grades as g', 'g.id', 'e.grade_id')
      .select([
        'e.id',
        'e.name',
        'e.exam_type',
        'e.exam_date',
        'e.grade_id',
        'g.name as grade_name',
        'e.state',
      ])
      .where('e.school_id', '=', session.schoolId)
      .where('e.state', 'in', scope.schoolWide ? ['finished', 'published'] : ['published']);
    if (!scope.schoolWide) {
      const grades = [...scope.gradeIds];
      if (grades.length === 0) return { scope, rows: [] };
      query = query.where('e.grade_id', 'in', grades);
    }
    if (filter.gradeId !== undefined) query = query.where('e.grade_id', '=', filter.gradeId);
    if (filter.examType) query = query.where('e.exam_type', '=', filter.examType);
    if (filter.keyWord) query = query.where('e.name', 'like', `%${filter.keyWord}%`);
    if (filter.classId !== undefined) {
      const classId = filter.classId;
      query = query.where((eb) =>
        eb.or([
          eb(
            'e.id',
            'in',
            eb.selectFrom('exam_classes').select('exam_id').where('class_id', '=', classId),
          ),
          eb(
            'e.id',
            'in',
            eb.selectFrom('exam_students').select('exam_id').where('class_id', '=', classId),
          ),
        ]),
      );
    }
    const rows = await query.orderBy('e.exam_date', 'desc').orderBy('e.id', 'desc').execute();
    return { scope, rows };
  }

  router.sessionRoute(r.teacherGetExam, TAG, async ({ body, session }) => {
    const { scope, rows } = await examsInScope(session, body);
    const start = (body.pageNum - 1) * body.pageSize;
    return {
      list: rows.slice(start, start + body.pageSize).map((e) => ({
        examId: e.id,
        name: e.name,
        examType: e.exam_type,
        examDate: e.exam_date,
        gradeId: e.grade_id,
        gradeName: e.grade_name,
        state: e.state,
        published: e.state === 'published',
        gradeReport: views.gradeScope(scope, e.grade_id),
      })),
      total: rows.length,
      pageNum: body.pageNum,
      pageSize: body.pageSize,
    };
  });

  router.sessionRoute(r.teacherOverview, TAG, async ({ session }) => {
    const { rows } = await examsInScope(session, {});
    const latest = rows[0];
    if (!latest) return { examCount: 0, latest: null };
    const ctx = await openReport(deps, session, latest.id, CLASS_KEYS);
    const overview = views.classOverview(ctx);
    return {
      examCount: rows.length,
      latest: {
        examId: latest.id,
        name: latest.name,
        examDate: latest.exam_date,
        classes: overview.classes.flatMap((c) =>
          c.subjects.map((s) => ({
            classId: c.classId,
            className: c.className,
            subjectId: s.subjectId,
            subjectName: s.subjectName,
            mean: s.mean,
            gradeMean: s.gradeMean,
            aboveMeanRate: s.aboveMeanRate,
            meanRank: s.meanRank,
          })),
        ),
      },
    };
  });

  router.sessionRoute(r.teacherClassOverview, TAG, async ({ body, session }) =>
    views.classOverview(await openReport(deps, session, body.examId, CLASS_KEYS)),
  );

  router.sessionRoute(r.teacherTeachExamInfo, TAG, async ({ body, session }) =>
    views.teachExamInfo(await openReport(deps, session, body.examId, CLASS_KEYS), session.userId),
  );

  router.sessionRoute(r.teacherClassExam, TAG, async ({ body, session }) => {
    const klass = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.school_id'])
      .where('c.id', '=', body.classId)
      .executeTakeFirst();
    if (!klass || klass.school_id !== session.schoolId) throw notFound('班级不存在');
    const { scope, rows } = await examsInScope(session, { classId: body.classId });
    if (!inScopeClass(scope, body.classId)) throw forbidden('超出数据范围：无权查看该班级的报告');
    const exams = rows.slice(0, body.limit ?? 10).reverse();
    const out = [];
    for (const exam of exams) {
      const read = await readExamReport(db, clock, exam.id);
      if (!read) continue;
      const ctx: ReportContext = {
        report: read.report,
        computedAt: read.computedAt,
        published: exam.state === 'published',
        scope,
      };
      out.push(views.classExamRow(ctx, body.classId));
    }
    return { classId: klass.id, className: klass.name, exams: out };
  });

  router.sessionRoute(r.teacherTeachSubject, TAG, async ({ session }) => {
    const rows = await assignmentsOf(db, session.schoolId, session.userId, session.academicYear);
    return rows.map(({ academic_year: _year, ...row }) => row);
  });
}
