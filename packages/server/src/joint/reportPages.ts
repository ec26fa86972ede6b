import { jointReportRoutes } from '@examkit/contracts';
import { ApiError, forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { inScopeClass, loadScope, schoolSubjectOf, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import {
  classAbility,
  classComment,
  classTranscript,
  examHeader,
  gradeAbility,
  gradeComment,
  type ReportContext,
} from '../report/views';
import {
  duckClassAbility,
  duckClassHeader,
  duckClassTranscript,
  duckGradeAbility,
  duckGradeComment,
  duckHasClasses,
  duckHasPapers,
  readDuckSnapshot,
  type DuckClassView,
  type DuckRead,
} from './duckReport';
import { duckClassComment } from './duckClassComment';
import {
  JOINT_CLASS_KEY,
  JOINT_GRADE_KEY,
  loadJointForReport,
  type JointRow,
  type JointViewer,
} from './access';
import { ownGroup, viewerContext, wholeExamScope } from './privacy';
import { jointSubjects, readJointReport, type JointReport } from './report';
import {
  duckPdfSource,
  jointReportPdf,
  processPdfSource,
  type JointPdfSource,
  type JointReportDeps,
} from './reportPdf';

const OTHER_SCHOOL = '只能查看本校的联考报告';

/**
 * The joint report's class context for a viewer: the report with one group per class; the bureau
 * reads every class (named with its school), a school its own classes within its own data scope
 * (its 任课教师 the subjects they teach), and never another school's class.
 */
async function classContext(
  session: SessionInfo,
  deps: Pick<JointReportDeps, 'db'>,
  viewer: JointViewer,
  read: JointReport,
  academicYear: number,
): Promise<{ ctx: ReportContext; classes: Set<number> }> {
  const snapshot = read.report.snapshot;
  const schoolName = new Map(read.parts.map((p) => [p.schoolId, p.name]));
  if (viewer.kind === 'bureau') {
    return {
      ctx: {
        report: {
          ...read.report,
          snapshot: {
            ...snapshot,
            classes: snapshot.classes.map((c) => ({
              ...c,
              name: `${schoolName.get(read.schoolOfClass.get(c.id) ?? 0) ?? ''} ${c.name}`,
            })),
          },
        },
        computedAt: read.computedAt,
        published: read.published,
        scope: wholeExamScope(academicYear),
      },
      classes: new Set(snapshot.classes.map((c) => c.id)),
    };
  }
  // Before the school's own exam is finished it has no class here (the grade pages still open).
  const scope: DataScope = await loadScope(deps.db, session);
  const classes = new Set(
    snapshot.classes
      .filter((c) => read.schoolOfClass.get(c.id) === viewer.schoolId && inScopeClass(scope, c.id))
      .map((c) => c.id),
  );
  // The joint subjects as the school's own (by code, then name): the scope's subject rule applies.
  const subjects = [];
  for (const s of snapshot.subjects)
    subjects.push({
      ...s,
      subjectId: await schoolSubjectOf(deps.db, viewer.schoolId, {
        subject_code: s.code,
        subject_name: s.name,
      }),
    });
  return {
    ctx: {
      report: { ...read.report, snapshot: { ...snapshot, subjects } },
      computedAt: read.computedAt,
      published: read.published,
      scope,
    },
    classes,
  };
}

/** {@link classContext} over the DuckDB snapshot's rows: the same classes, names and subjects. */
async function duckClassView(
  session: SessionInfo,
  deps: Pick<JointReportDeps, 'db'>,
  viewer: JointViewer,
  joint: JointRow,
  read: DuckRead,
): Promise<DuckClassView> {
  const classes = read.head.classes ?? [];
  if (viewer.kind === 'bureau') {
    const school = new Map(read.head.parts.map((p) => [p.group, p.name]));
    return {
      scope: wholeExamScope(joint.academic_year),
      opened: new Set(classes.map((c) => c.id)),
      names: new Map(classes.map((c) => [c.id, `${school.get(c.group) ?? ''} ${c.name}`])),
      schoolSubject: new Map(),
    };
  }
  const scope: DataScope = await loadScope(deps.db, session);
  const schoolSubject = new Map<number, number | null>();
  for (const [i, s] of (await jointSubjects(deps.db, joint)).entries())
    schoolSubject.set(i + 1, await schoolSubjectOf(deps.db, viewer.schoolId, s));
  return {
    scope,
    opened: new Set(
      classes.filter((c) => c.group === read.own && inScopeClass(scope, c.id)).map((c) => c.id),
    ),
    names: new Map(classes.map((c) => [c.id, c.name])),
    schoolSubject,
  };
}

/** Keeps the header's classes to those the viewer may open (never another school's). */
function ownHeader<T extends { exam: { classes: { id: number }[] } }>(
  data: T,
  classes: Set<number>,
): T {
  return {
    ...data,
    exam: { ...data.exam, classes: data.exam.classes.filter((c) => classes.has(c.id)) },
  };
}

/**
 * The joint report pages comment and ability (grade and class) and the class transcript
 * (docs/joint-exams.md#reports): the single-exam views over the joint report, under the privacy
 * rules between schools.
 */
export function registerJointReportPages(router: Router, deps: JointReportDeps) {
  const { db, clock } = deps;

  const grade = async (session: SessionInfo, jointExamId: number) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, [JOINT_GRADE_KEY]);
    return viewerContext(viewer, joint, await readJointReport(db, clock, joint));
  };

  router.sessionRoute(jointReportRoutes.jointReportPdf, 'joint', async ({ body, session }) => {
    const { viewer, joint } = await loadJointForReport(db, session, body.jointExamId, [
      JOINT_GRADE_KEY,
    ]);
    if (!deps.downloads) throw new ApiError(503, '下载中心未启用');
    // The rows when the snapshot was computed in DuckDB, else the in-process report.
    const duck = await readDuckSnapshot(db, clock, joint, viewer);
    let source: JointPdfSource;
    if (duck && duckHasPapers(duck)) source = duckPdfSource(db, duck);
    else {
      const read = await readJointReport(db, clock, joint);
      source = processPdfSource(viewerContext(viewer, joint, read), ownGroup(viewer, read));
    }
    const { jobId } = await deps.downloads.start(session, jointReportPdf(deps, joint, source));
    return { jobId };
  });

  /** Refuses a class the viewer may not open: another school's, outside the scope, or absent. */
  const refuse = (viewer: JointViewer, school: number | undefined) => {
    // Another school's class answers as the school page does; an own class outside the
    // teacher's scope as the single-exam reports do.
    if (school !== undefined && viewer.kind === 'school' && school !== viewer.schoolId)
      return forbidden(OTHER_SCHOOL);
    if (school === undefined) return new ApiError(404, '该班级未参加本次联考');
    return forbidden('超出数据范围：无权查看该班级的报告');
  };

  /**
   * The class pages' rows and the viewer's view of them when the snapshot was computed in DuckDB
   * with the classes' figures, else null; a class the viewer may not open is refused.
   */
  const classRows = async (session: SessionInfo, jointExamId: number, classId?: number) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, [
      JOINT_CLASS_KEY,
      JOINT_GRADE_KEY,
    ]);
    const read = await readDuckSnapshot(db, clock, joint, viewer);
    if (!read || !duckHasClasses(read)) return null;
    const view = await duckClassView(session, deps, viewer, joint, read);
    if (classId !== undefined && !view.opened.has(classId)) {
      const group = read.head.classes?.find((c) => c.id === classId)?.group;
      throw refuse(viewer, read.head.parts.find((p) => p.group === group)?.schoolId);
    }
    return { read, view };
  };

  const forClass = async (session: SessionInfo, jointExamId: number, classId?: number) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, [
      JOINT_CLASS_KEY,
      JOINT_GRADE_KEY,
    ]);
    const read = await readJointReport(db, clock, joint, true);
    const opened = await classContext(session, deps, viewer, read, joint.academic_year);
    if (classId !== undefined && !opened.classes.has(classId))
      throw refuse(viewer, read.schoolOfClass.get(classId));
    return opened;
  };

  router.sessionRoute(jointReportRoutes.jointReportClasses, 'joint', async ({ body, session }) => {
    const duck = await classRows(session, body.jointExamId);
    if (duck) return { exam: duckClassHeader(duck.read, duck.view) };
    const { ctx, classes } = await forClass(session, body.jointExamId);
    return ownHeader({ exam: examHeader(ctx) }, classes);
  });

  /** The snapshot's rows when computed in DuckDB with the papers these pages read, else null. */
  const rows = async (session: SessionInfo, jointExamId: number) => {
    const { viewer, joint } = await loadJointForReport(db, session, jointExamId, [JOINT_GRADE_KEY]);
    const read = await readDuckSnapshot(db, clock, joint, viewer);
    return read && duckHasPapers(read) ? read : null;
  };

  router.sessionRoute(jointReportRoutes.jointGradeComment, 'joint', async ({ body, session }) => {
    const duck = await rows(session, body.jointExamId);
    if (duck) return duckGradeComment(db, duck, body.subjectId);
    return gradeComment(await grade(session, body.jointExamId), body.subjectId, []);
  });

  router.sessionRoute(jointReportRoutes.jointGradeAbility, 'joint', async ({ body, session }) => {
    const duck = await rows(session, body.jointExamId);
    if (duck) return duckGradeAbility(db, duck, body.subjectId);
    return gradeAbility(await grade(session, body.jointExamId), body.subjectId);
  });

  router.sessionRoute(jointReportRoutes.jointClassComment, 'joint', async ({ body, session }) => {
    const duck = await classRows(session, body.jointExamId, body.classId);
    if (duck) return duckClassComment(db, duck.read, duck.view, body.classId, body.subjectId);
    const { ctx, classes } = await forClass(session, body.jointExamId, body.classId);
    return ownHeader(classComment(ctx, body.classId, body.subjectId, []), classes);
  });

  router.sessionRoute(jointReportRoutes.jointClassAbility, 'joint', async ({ body, session }) => {
    const duck = await classRows(session, body.jointExamId, body.classId);
    if (duck) return duckClassAbility(db, duck.read, duck.view, body.classId, body.subjectId);
    const { ctx, classes } = await forClass(session, body.jointExamId, body.classId);
    return ownHeader(classAbility(ctx, body.classId, body.subjectId), classes);
  });

  router.sessionRoute(
    jointReportRoutes.jointClassTranscript,
    'joint',
    async ({ body, session }) => {
      const duck = await classRows(session, body.jointExamId, body.classId);
      if (duck) return duckClassTranscript(db, duck.read, duck.view, body.classId);
      const { ctx, classes } = await forClass(session, body.jointExamId, body.classId);
      return ownHeader(classTranscript(ctx, body.classId), classes);
    },
  );
}
