import type { DataOf, teachResearchRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DataScope } from '../core/scope';
import { SLOT } from '../marking/slots';
import { isDone } from '../homework/report/data';
import { engineId } from '../report/cache';
import { gradeScope } from '../report/views/access';
import { meanRanks } from '../report/views/context';
import { examContext, readableExams } from '../resource/wrongExams';

type Routes = typeof teachResearchRoutes;

const DAY = 86_400_000;
/** The window of the 数据大屏's homework and usage figures. */
const RECENT_DAYS = 30;
/** Exams shown on the 数据大屏. */
const DATAV_EXAMS = 4;

const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/**
 * 数据大屏: the school at a glance — its size, the newest exams of the grades the caller sees
 * whole (each from its cached report: the grade's mean, pass and excellent rates, the classes by
 * mean rank), and the last 30 days' homework and use of the platform (counts of records); the
 * route adds the busiest teachers from 使用统计 (`busiest`).
 */
export async function datav(
  db: Db,
  clock: Clock,
  scope: DataScope,
): Promise<
  Omit<DataOf<Routes['datav']>, 'teacherUsage' | 'homeworkReports' | 'compositionReports'>
> {
  const { schoolId, academicYear } = scope;
  const since = clock.now().getTime() - RECENT_DAYS * DAY;
  const [school, students, classes, teachers] = await Promise.all([
    db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirst(),
    db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.school_id', '=', schoolId)
      .where('g.academic_year', '=', academicYear)
      .executeTakeFirst(),
    db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('g.school_id', '=', schoolId)
      .where('g.academic_year', '=', academicYear)
      .executeTakeFirst(),
    db
      .selectFrom('teaching_assignments')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('school_id', '=', schoolId)
      .where('academic_year', '=', academicYear)
      .executeTakeFirst(),
  ]);
  const gradeNames = new Map(
    (
      await db
        .selectFrom('grades')
        .select(['id', 'name'])
        .where('school_id', '=', schoolId)
        .execute()
    ).map((g) => [g.id, g.name]),
  );
  const exams: DataOf<Routes['datav']>['exams'] = [];
  for (const exam of (await readableExams(db, scope, {})).reverse()) {
    if (exams.length >= DATAV_EXAMS) break;
    if (!gradeScope(scope, exam.gradeId)) continue;
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    const { total } = ctx.report.analysis.grade;
    const ranks = meanRanks(ctx, 0);
    exams.push({
      examId: exam.id,
      examName: exam.name,
      examDate: exam.examDate,
      gradeName: gradeNames.get(exam.gradeId) ?? '',
      sat: total.description.count,
      fullMarks: total.fullMarks,
      mean: total.description.mean,
      passRate: total.levels.passRate,
      excellentRate: total.levels.excellentRate,
      classes: ctx.report.snapshot.classes
        .flatMap((c) => {
          const group = ctx.report.analysis.classes.find((g) => g.id === engineId(c.id));
          return group
            ? [
                {
                  className: c.name,
                  mean: group.total.description.mean,
                  rank: ranks.get(c.id) ?? null,
                },
              ]
            : [];
        })
        .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity)),
    });
  }
  const [assigned, submissions, marked, newExams, papers] = await Promise.all([
    db
      .selectFrom('homework_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('assigned_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('homework_submissions')
      .select('status')
      .where('school_id', '=', schoolId)
      .where('submitted_at', '>=', since)
      .execute(),
    db
      .selectFrom('marking_tasks as t')
      .innerJoin('marking_blocks as b', 'b.id', 't.block_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.school_id', '=', schoolId)
      .where('b.joint_exam_id', 'is', null)
      .where('t.state', '=', 'done')
      .where((eb) => eb.or([eb('t.slot', '<=', SLOT.third), eb('t.slot', '=', SLOT.arbitration)]))
      .where('t.submitted_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
  ]);
  return {
    schoolName: school?.name ?? '',
    students: countOf(students),
    classes: countOf(classes),
    teachers: countOf(teachers),
    exams,
    homework: {
      assigned: countOf(assigned),
      submitted: submissions.length,
      corrected: submissions.filter((s) => isDone(s.status)).length,
    },
    usage: { marked: countOf(marked), exams: countOf(newExams), papers: countOf(papers) },
  };
}
