import {
  teachingAssistantRoutes,
  teachingRoutes,
  teachResearchRoutes,
  teachResearchUsageRoutes,
} from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { CLASS_KEY, GRADE_KEY, openReport } from '../report/routes';
import { centreHomework, centreHomeworkTopics } from './assistant';
import { classRecord, gradeSituation, studentRecord, studyClasses, teachSummary } from './records';
import { datav } from './datav';
import { datavCompositions, datavHomework } from './datavHomework';
import { fluctuation } from './fluctuation';
import { studyStudents } from './research';
import { studyTeachers, teacherDetail } from './researchTeachers';
import {
  classHomework,
  combineMastery,
  studentHomework,
  studentHomeworkWrong,
} from './homeworkRecords';
import { studentsHomework, teachersHomework } from './researchHomework';
import { topicList } from './topics';
import { basketStatistics, busiest, lastDays, usageStatistics } from './usage';

const TAG = 'teaching';
/** 师生学情 of 教研中心: students needing attention, teachers compared, a student's record. */
export const TEACH_STUDY_KEYS = ['Teach-Research-Study'];
/** 波动趋势 of 教研中心. */
const FLUCTUATION_KEYS = ['Teach-Research-Fluctuation'];
/** 数据大屏 of 教研中心. */
export const DATAV_KEYS = ['Teach-Research-Datav'];
/** Teachers shown on 数据大屏's usage list. */
const DATAV_TEACHERS = 10;
/** 学生学情 and 班级学情 (spec 001 §2 "Study"); 师生学情's student detail is the same record. */
export const STUDENT_KEYS = ['Study-Student', ...TEACH_STUDY_KEYS];
export const CLASS_KEYS = ['Study-Class', 'Teach-Research-Situation'];
/** 学情概况 of 教研中心 (年级: the grade's classes; 班级: the class record of 班级学情). */
export const SITUATION_KEYS = ['Teach-Research-Situation'];
/** 使用统计 and 试题篮统计 of 教研中心. */
const USAGE_KEYS = ['Teach-Research-Usage'];
const BASKET_KEYS = ['Teach-Research-Basket'];
/** The report centre carries no key of its own: it lists what the report keys open. */
const REPORT_KEYS = [CLASS_KEY, GRADE_KEY];

type Deps = Pick<DomainDeps, 'db' | 'clock'>;

async function scopeFor(deps: Deps, session: SessionInfo, keys: string[]) {
  const access = accessOf(deps.db, session);
  const codes = await access.codes();
  if (!keys.some((k) => codes.has(k))) throw forbidden('没有该操作的权限');
  return access.scope();
}

/** Registers the teaching views' calls (docs/teaching-views.md). */
export function registerTeachingRoutes(router: Router, deps: Deps): void {
  const { db, clock } = deps;
  const r = teachingRoutes;
  router.sessionRoute(r.topicList, TAG, async ({ body, session }) => {
    const keys = body.level === 'grade' ? [GRADE_KEY] : REPORT_KEYS;
    return topicList(await openReport(deps, session, body.examId, keys), body);
  });
  router.sessionRoute(r.teachSummary, TAG, async ({ body, session }) =>
    teachSummary(db, clock, await scopeFor(deps, session, REPORT_KEYS), body.limit),
  );
  router.sessionRoute(r.studyClasses, TAG, async ({ body, session }) =>
    studyClasses(db, await scopeFor(deps, session, [...STUDENT_KEYS, ...CLASS_KEYS]), body.classId),
  );
  router.sessionRoute(r.studentRecord, TAG, async ({ body, session }) => {
    const scope = await scopeFor(deps, session, STUDENT_KEYS);
    const { classId, points, ...record } = await studentRecord(db, clock, scope, body.studentId);
    const homework = await studentHomework(db, accessOf(db, session), {
      id: body.studentId,
      classId,
    });
    const homeworkWrong = await studentHomeworkWrong(db, scope, body.studentId);
    return {
      ...record,
      points: combineMastery(points, homework.points),
      homework: homework.homework,
      homeworkWrong,
    };
  });
  router.sessionRoute(r.gradeSituation, TAG, async ({ body, session }) =>
    gradeSituation(db, clock, await scopeFor(deps, session, SITUATION_KEYS), body.gradeId),
  );
  router.sessionRoute(r.classRecord, TAG, async ({ body, session }) => {
    const { points, ...record } = await classRecord(
      db,
      clock,
      await scopeFor(deps, session, CLASS_KEYS),
      body.classId,
    );
    const homework = await classHomework(db, accessOf(db, session), body.classId);
    return {
      ...record,
      points: combineMastery(points, homework.points),
      homework: homework.homework,
    };
  });
  const t = teachResearchRoutes;
  // 师生学情: the exams' figures (research.ts) and the homework reports' (researchHomework.ts)
  router.sessionRoute(t.studyStudents, TAG, async ({ body, session }) => {
    const data = await studyStudents(
      db,
      clock,
      await scopeFor(deps, session, TEACH_STUDY_KEYS),
      body,
    );
    const ids = data.students.map((s) => s.studentId);
    return {
      ...data,
      homework: await studentsHomework(
        db,
        accessOf(db, session),
        data.gradeId,
        ids,
        body.homeworkPeriod,
      ),
    };
  });
  router.sessionRoute(t.studyTeachers, TAG, async ({ body, session }) => {
    const scope = await scopeFor(deps, session, TEACH_STUDY_KEYS);
    const data = await studyTeachers(db, clock, scope, body.gradeId);
    const access = accessOf(db, session);
    const homework = await teachersHomework(
      db,
      access,
      data.gradeId,
      data.classes,
      body.homeworkPeriod,
    );
    return { ...data, homework };
  });
  router.sessionRoute(t.teacherDetail, TAG, async ({ body, session }) => {
    const scope = await scopeFor(deps, session, TEACH_STUDY_KEYS);
    const data = await teacherDetail(db, clock, scope, body.gradeId, body.userId);
    const access = accessOf(db, session);
    const homework = await teachersHomework(
      db,
      access,
      body.gradeId,
      data.classes,
      body.homeworkPeriod,
    );
    return { ...data, homework };
  });
  router.sessionRoute(t.fluctuation, TAG, async ({ body, session }) =>
    fluctuation(db, clock, await scopeFor(deps, session, FLUCTUATION_KEYS), body),
  );
  router.sessionRoute(t.datav, TAG, async ({ session }) => {
    const scope = await scopeFor(deps, session, DATAV_KEYS);
    const period = lastDays(clock.now().getTime(), 30);
    const access = accessOf(db, session);
    const [screen, usage, homeworkReports, compositionReports] = await Promise.all([
      datav(db, clock, scope),
      usageStatistics(db, session, scope.schoolWide, period),
      datavHomework(db, access, period),
      datavCompositions(db, access, period),
    ]);
    return {
      ...screen,
      homeworkReports,
      compositionReports,
      teacherUsage: busiest(usage.rows, DATAV_TEACHERS),
    };
  });
  // 助手报告: the homework reports, over the caller's students (the homework report's rule)
  router.sessionRoute(teachingAssistantRoutes.assistantReports, TAG, async ({ body, session }) =>
    centreHomework(db, accessOf(db, session), body),
  );
  router.sessionRoute(teachingAssistantRoutes.assistantTopics, TAG, async ({ body, session }) =>
    centreHomeworkTopics(db, accessOf(db, session), body),
  );
  // 使用统计, 试题篮统计: every teacher's for school-wide roles, else the caller's own
  router.sessionRoute(teachResearchUsageRoutes.usageStatistics, TAG, async ({ body, session }) => {
    const scope = await scopeFor(deps, session, USAGE_KEYS);
    return usageStatistics(db, session, scope.schoolWide, body);
  });
  router.sessionRoute(teachResearchUsageRoutes.basketStatistics, TAG, async ({ body, session }) => {
    const scope = await scopeFor(deps, session, BASKET_KEYS);
    return basketStatistics(db, session, scope.schoolWide, body);
  });
}
