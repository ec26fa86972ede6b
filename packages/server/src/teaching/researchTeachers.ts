import type { DataOf, teachResearchRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import { inScopeClass, inScopeSubject, type DataScope } from '../core/scope';
import { blockQuality } from '../marking/monitoring';
import { engineId } from '../report/cache';
import { meanRanks, subjectStats } from '../report/views/context';
import { gradeContexts } from './records';
import { refOf, scopedGrade } from './researchGrade';

type Routes = typeof teachResearchRoutes;
// `homework` is added by the routes (researchHomework.ts)
type Teachers = Omit<DataOf<Routes['studyTeachers']>, 'homework'>;
type Detail = Omit<DataOf<Routes['teacherDetail']>, 'homework'>;

interface MarkerFigures {
  marked: number;
  pairs: number;
  disagreements: number;
  /** Σ of the marks given (points), for the teacher's mean. */
  sum: number;
}

/**
 * The grade's teaching assignments the caller sees (a class in scope, a subject they see there)
 * with each class's subject mean and rank per exam, and every visible teacher's marking per exam
 * block (the marking monitor's `blockQuality`).
 */
async function teacherData(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  userId: number | null,
) {
  const contexts = await gradeContexts(db, clock, scope, gradeId);
  const assignments = await db
    .selectFrom('teaching_assignments as t')
    .innerJoin('classes as c', 'c.id', 't.class_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 'u.nick_name', 't.class_id', 'c.name as className', 't.subject_id'])
    .where('t.school_id', '=', scope.schoolId)
    .where('t.academic_year', '=', scope.academicYear)
    .where('c.grade_id', '=', gradeId)
    .$if(userId !== null, (q) => q.where('t.user_id', '=', userId!))
    .orderBy('t.class_id')
    .orderBy('t.subject_id')
    .orderBy('t.user_id')
    .execute();
  const visible = assignments.filter(
    (a) => inScopeClass(scope, a.class_id) && inScopeSubject(scope, a.class_id, a.subject_id),
  );
  const classes: Teachers['classes'] = [];
  for (const a of visible) {
    const row: Teachers['classes'][number] = {
      userId: a.user_id,
      teacherName: a.nick_name,
      classId: a.class_id,
      className: a.className,
      subjectName: '',
      means: [],
      gradeMeans: [],
      ranks: [],
      classCounts: [],
    };
    for (const { ctx } of contexts) {
      const subject = ctx.report.snapshot.subjects.find((s) => s.subjectId === a.subject_id);
      const group = ctx.report.analysis.classes.find((g) => g.id === engineId(a.class_id));
      if (subject) row.subjectName = subject.name;
      row.classCounts.push(ctx.report.analysis.classes.length);
      if (!subject || !group) {
        row.means.push(null);
        row.gradeMeans.push(null);
        row.ranks.push(null);
        continue;
      }
      row.means.push(subjectStats(group, subject.id).description.mean);
      row.gradeMeans.push(subjectStats(ctx.report.analysis.grade, subject.id).description.mean);
      row.ranks.push(meanRanks(ctx, subject.id).get(a.class_id) ?? null);
    }
    if (!row.subjectName) {
      const subject = await db
        .selectFrom('subjects')
        .select('name')
        .where('id', '=', a.subject_id)
        .executeTakeFirst();
      row.subjectName = subject?.name ?? '';
    }
    classes.push(row);
  }
  const users = new Map<number, string>();
  for (const c of classes) users.set(c.userId, c.teacherName);
  const blocks: {
    examIndex: number;
    blockName: string;
    blockMean: number | null;
    markers: Map<number, MarkerFigures>;
  }[] = [];
  if (users.size > 0)
    for (const [e, { exam }] of contexts.entries()) {
      const rows = await db
        .selectFrom('marking_blocks')
        .selectAll()
        .where('exam_id', '=', exam.id)
        .where('school_id', '=', scope.schoolId)
        .where('joint_exam_id', 'is', null)
        .orderBy('id')
        .execute();
      for (const block of rows) {
        const quality = await blockQuality(db, block);
        const markers = new Map<number, MarkerFigures>();
        for (const m of quality.markers) {
          if (!users.has(m.userId)) continue;
          markers.set(m.userId, {
            marked: m.count,
            pairs: m.pairs,
            disagreements: Math.round((m.disagreementRate ?? 0) * m.pairs),
            sum: m.mean * m.count,
          });
        }
        blocks.push({
          examIndex: e,
          blockName: block.name,
          blockMean: quality.block.count ? quality.block.mean : null,
          markers,
        });
      }
    }
  return { contexts, classes, users, blocks };
}

/** 师生学情·教师: a grade's teachers compared across its exams. */
export async function studyTeachers(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number | null,
): Promise<Teachers> {
  const head = await scopedGrade(db, scope, gradeId, false);
  if (head.gradeId === null) return { ...head, exams: [], classes: [], teachers: [] };
  const data = await teacherData(db, clock, scope, head.gradeId, null);
  const teachers = [...data.users].map(([userId, name]) => ({
    userId,
    name,
    marking: data.contexts.map((_, e) => {
      const out = { marked: 0, pairs: 0, disagreements: 0 };
      for (const b of data.blocks) {
        const m = b.examIndex === e ? b.markers.get(userId) : undefined;
        if (!m) continue;
        out.marked += m.marked;
        out.pairs += m.pairs;
        out.disagreements += m.disagreements;
      }
      return out;
    }),
  }));
  return {
    ...head,
    exams: data.contexts.map(({ exam }) => refOf(exam)),
    classes: data.classes,
    teachers,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** 师生学情·教师详情: one teacher's classes and marking in a grade; one not visible is missing. */
export async function teacherDetail(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  userId: number,
): Promise<Detail> {
  const head = await scopedGrade(db, scope, gradeId, false);
  const data = await teacherData(db, clock, scope, gradeId, userId);
  const name = data.users.get(userId);
  if (name === undefined) throw notFound('教师不存在');
  const blocks: Detail['blocks'] = [];
  for (const b of data.blocks) {
    const m = b.markers.get(userId);
    if (!m) continue;
    const exam = data.contexts[b.examIndex]!.exam;
    blocks.push({
      examId: exam.id,
      examName: exam.name,
      blockName: b.blockName,
      marked: m.marked,
      pairs: m.pairs,
      disagreements: m.disagreements,
      mean: m.marked ? round3(m.sum / m.marked) : null,
      blockMean: b.blockMean,
    });
  }
  return {
    teacher: { userId, name },
    gradeName: head.grades.find((g) => g.gradeId === gradeId)?.gradeName ?? '',
    exams: data.contexts.map(({ exam }) => refOf(exam)),
    classes: data.classes,
    blocks,
  };
}
