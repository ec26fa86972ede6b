import { competitionRanks } from '@examkit/analysis';
import type { Clock } from '../core/clock';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import { inScopeClass, inScopeSubject, type DataScope } from '../core/scope';
import { fullClass, gradeScope } from '../report/views/access';
import { statsRow, TOTAL_NAME } from '../report/views';
import type { D } from '../report/views/context';
import { contrastBands } from '../report/views/class';
import { segmentRows } from '../report/views/grade';
import { examBasics, gradeQuestionRow } from '../report/views/shared';
import type { JointRow, JointViewer } from './access';
import {
  classKey,
  type DuckClassFigureRow,
  type DuckFigureRow,
  type DuckHead,
} from './duckSnapshot';
import { seesName } from './exams';
import { ownCritical } from './privacy';
import { jointVersion, readySchools } from './report';

/** A joint exam's DuckDB snapshot of the current version, as a viewer reads it. */
export interface DuckRead {
  jointExamId: number;
  /** The rows of the snapshot: those of the head's generation. */
  generation: number;
  head: DuckHead;
  computedAt: number;
  published: boolean;
  /** Each school's group labelled as the viewer may see it (name or code). */
  labels: Map<number, string>;
  /** The viewer's own group: null for the bureau (every student); undefined before it finished. */
  own: number | null | undefined;
}

/**
 * The joint exam's snapshot computed in DuckDB when its rows are of the schools' current version
 * (docs/joint-exams.md#snapshots), as `viewer` may read it; null when the pages compute in process
 * (no rows, or rows of an older version: the report then answers as before).
 */
export async function readDuckSnapshot(
  db: Db,
  clock: Clock,
  joint: JointRow,
  viewer: JointViewer,
): Promise<DuckRead | null> {
  const row = await db
    .selectFrom('joint_snapshot_heads')
    .selectAll()
    .where('joint_exam_id', '=', joint.id)
    .executeTakeFirst();
  if (!row || row.version !== (await jointVersion(db, clock, joint))) return null;
  const head = JSON.parse(row.payload) as DuckHead;
  const ready = await readySchools(db, joint);
  return {
    jointExamId: joint.id,
    generation: Number(row.generation),
    head,
    computedAt: Number(row.computed_at),
    published: ready.every((s) => s.state === 'published'),
    labels: new Map(
      head.parts.map((p) => [p.group, seesName(viewer, joint, p.schoolId) ? p.name : p.code]),
    ),
    own:
      viewer.kind === 'bureau'
        ? null
        : head.parts.find((p) => p.schoolId === viewer.schoolId)?.group,
  };
}

/** The page header, as `examHeader` gives it over the union (every school a class). */
function header(read: DuckRead): D<'gradeBasic'>['exam'] {
  const { exam, subjects, parts } = read.head;
  return {
    ...examBasics(exam),
    published: read.published,
    computedAt: read.computedAt,
    subjects,
    classes: parts.map((p) => ({ id: p.group, name: read.labels.get(p.group) ?? p.name })),
  };
}

/** The column's name (总分 for 0); 404 as the views when the exam has no such subject. */
function columnName(read: DuckRead, subjectId: number): string {
  if (subjectId === 0) return TOTAL_NAME;
  const subject = read.head.subjects.find((s) => s.id === subjectId);
  if (!subject) throw notFound('本次考试没有该科目');
  return subject.name;
}

/** The figures rows of some columns (every group), by group and column. */
async function figureRows(db: Db, read: DuckRead, subjects: number[]) {
  const found = await db
    .selectFrom('joint_snapshot_figures')
    .select(['grp', 'subject', 'payload'])
    .where('joint_exam_id', '=', read.jointExamId)
    .where('generation', '=', read.generation)
    .where('subject', 'in', subjects)
    .execute();
  const figures = new Map(
    found.map((r) => [`${r.grp}:${r.subject}`, JSON.parse(r.payload) as DuckFigureRow]),
  );
  return (group: number, subject: number) => {
    const f = figures.get(`${group}:${subject}`);
    if (!f) throw notFound('本次考试没有该科目');
    return f;
  };
}

const orNull = (v: number | string | null) => (v === null ? null : Number(v));

/** Each group's rank by its mean in one column (competition ranks; a group without a mean none). */
function meanRanks(
  figure: (group: number, subject: number) => DuckFigureRow,
  groups: number[],
  key: number,
): (number | null)[] {
  return competitionRanks(groups.map((g) => figure(g, key).description.mean ?? Number.NaN));
}

/** 联考·基本情况 from the rows: `gradeBasic` over the union, 临界生 cut to the viewer's own. */
export async function duckGradeBasic(db: Db, read: DuckRead): Promise<D<'gradeBasic'>> {
  const keys = [0, ...read.head.subjects.map((s) => s.id)];
  const figure = await figureRows(db, read, keys);
  const groups = read.head.groups;
  return ownCritical(read.own, {
    exam: header(read),
    rows: keys.map((key) => {
      const all = figure(0, key);
      const ranks = meanRanks(figure, groups, key);
      return {
        subjectId: key,
        subjectName: columnName(read, key),
        grade: statsRow(all),
        classes: groups.map((g, i) => ({
          classId: g,
          className: read.labels.get(g) ?? '',
          stats: statsRow(figure(g, key)),
          meanRank: ranks[i] ?? null,
        })),
        bands: [...all.bands],
        critical: all.critical,
      };
    }),
  });
}

/**
 * 联考·学校报告 (`/marking-report/joint/class/basic`) from the rows: `classBasic` of one school's
 * group beside the whole exam (its students counted on the total's rank rows, which hold every
 * student), 临界生 cut to the viewer's own.
 */
export async function duckSchoolBasic(
  db: Db,
  read: DuckRead,
  group: number,
): Promise<D<'classBasic'>> {
  if (!read.head.groups.includes(group)) throw notFound('该班级未参加本次考试');
  const keys = [0, ...read.head.subjects.map((s) => s.id)];
  const figure = await figureRows(db, read, keys);
  const groups = read.head.groups;
  const counted = await db
    .selectFrom('joint_snapshot_ranks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('joint_exam_id', '=', read.jointExamId)
    .where('generation', '=', read.generation)
    .where('subject', '=', 0)
    .where('grp', '=', group)
    .executeTakeFirstOrThrow();
  return ownCritical(read.own, {
    exam: header(read),
    classId: group,
    className: read.labels.get(group) ?? '',
    studentCount: Number(counted.n),
    rows: keys.map((key) => {
      const mine = figure(group, key);
      const all = figure(0, key);
      const ranks = meanRanks(figure, groups, key);
      return {
        subjectId: key,
        subjectName: columnName(read, key),
        class: statsRow(mine),
        grade: statsRow(all),
        meanRank: ranks[groups.indexOf(group)] ?? null,
        classCount: groups.length,
        bands: contrastBands(mine.bands, all.bands, mine.description.count, all.description.count),
        critical: mine.critical,
      };
    }),
  });
}

/** The rank rows of one column (0 = the total) a viewer pages through. */
function rankRows(db: Db, read: DuckRead, column: number) {
  const own = read.own;
  // a school outside the snapshot's groups has not finished: no rows of its own
  if (own !== null && own !== undefined && !read.head.groups.includes(own))
    throw notFound('该班级未参加本次考试');
  const rows = db
    .selectFrom('joint_snapshot_ranks')
    .where('joint_exam_id', '=', read.jointExamId)
    .where('generation', '=', read.generation)
    .where('subject', '=', column);
  return own !== null && own !== undefined ? rows.where('grp', '=', own) : rows;
}

/**
 * One page of a column's rank rows in the rank page's order (`position`), with how many there are,
 * narrowed by `filter` (the transcript's keyword): the viewer's own school's students, or all.
 */
async function rankPage(
  db: Db,
  read: DuckRead,
  column: number,
  page: { pageNum: number; pageSize: number },
  filter: (rows: ReturnType<typeof rankRows>) => ReturnType<typeof rankRows> = (rows) => rows,
) {
  const rows = filter(rankRows(db, read, column));
  const [counted, list] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows
      .selectAll()
      .orderBy('position')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
  ]);
  return { list, total: Number(counted.n), pageNum: page.pageNum, pageSize: page.pageSize };
}

/** Who a rank row is: the student and their school's group as the page's class. */
const rankStudent = (
  read: DuckRead,
  r: { student_id: number; name: string; student_no: string; grp: number },
) => ({
  studentId: r.student_id,
  name: r.name,
  studentNo: r.student_no,
  classId: r.grp,
  className: read.labels.get(r.grp) ?? '',
});

/**
 * 联考·排名分析 from the rows: 一分一段 and one page of the rank rows in their stored order (a
 * school's staff page through their own students only, the bureau through all).
 */
export async function duckGradeRank(
  db: Db,
  read: DuckRead,
  subjectId: number,
  page: { pageNum: number; pageSize: number },
): Promise<D<'gradeRank'>> {
  const subjectName = columnName(read, subjectId);
  const ranked = await rankPage(db, read, subjectId, page);
  const figure = await figureRows(db, read, [subjectId]);
  return {
    exam: header(read),
    subjectId,
    subjectName,
    segments: segmentRows(figure(0, subjectId).segments),
    page: {
      ...ranked,
      list: ranked.list.map((r) => ({
        ...rankStudent(read, r),
        score: orNull(r.score),
        gradeRank: orNull(r.grade_rank),
        classRank: orNull(r.group_rank),
        level: r.level as D<'gradeRank'>['page']['list'][number]['level'],
        combination: r.combination,
        combinationRank: orNull(r.combination_rank),
        track: r.track,
        trackRank: orNull(r.track_rank),
      })),
    },
  };
}

/**
 * 联考·成绩单 from the rows: one page of the total's rank rows in their order (a school's own
 * students only; with a keyword those whose name or student number contains it, case and all, as
 * `gradeTranscript`), each with its cells of every subject and the total.
 */
export async function duckGradeTranscript(
  db: Db,
  read: DuckRead,
  query: { pageNum: number; pageSize: number; keyWord?: string | undefined },
): Promise<D<'gradeTranscript'>> {
  const key = query.keyWord?.trim();
  const found = (column: 'name' | 'student_no', k: string) =>
    dialectOf(db) === 'postgres'
      ? sql<boolean>`strpos(${sql.ref(column)}, ${k}) > 0`
      : sql<boolean>`instr(${sql.ref(column)}, ${k}) > 0`;
  const ranked = await rankPage(db, read, 0, query, (q) =>
    key ? q.where((eb) => eb.or([found('name', key), found('student_no', key)])) : q,
  );
  const subjects = read.head.subjects.map((s) => s.id);
  const cells =
    ranked.list.length === 0 || subjects.length === 0
      ? []
      : await db
          .selectFrom('joint_snapshot_ranks')
          .selectAll()
          .where('joint_exam_id', '=', read.jointExamId)
          .where('generation', '=', read.generation)
          .where('subject', 'in', subjects)
          .where(
            'student_id',
            'in',
            ranked.list.map((r) => r.student_id),
          )
          .execute();
  const cellOf = new Map(cells.map((c) => [`${c.student_id}:${c.grp}:${c.subject}`, c]));
  const cell = (r: (typeof ranked.list)[number] | undefined, subjectId: number) => ({
    subjectId,
    score: r ? orNull(r.score) : null,
    classRank: r ? orNull(r.group_rank) : null,
    gradeRank: r ? orNull(r.grade_rank) : null,
    level: (r?.level ?? null) as D<'gradeRank'>['page']['list'][number]['level'],
    // a union has no previous exam
    rankChange: null,
    percentileChange: null,
  });
  return {
    exam: header(read),
    page: {
      ...ranked,
      list: ranked.list.map((r) => ({
        ...rankStudent(read, r),
        scores: subjects.map((s) => cell(cellOf.get(`${r.student_id}:${r.grp}:${s}`), s)),
        total: cell(r, 0),
      })),
    },
  };
}

/** A subject's paper of the head (never the total's); 404 as the views for another. */
function paperOf(read: DuckRead, subjectId: number) {
  const paper = read.head.papers?.find((p) => p.subject === subjectId);
  if (!paper) throw notFound('本次考试没有该科目');
  return paper;
}

/** Whether the rows hold the comment and ability pages' figures (heads written since they do). */
export const duckHasPapers = (read: DuckRead) => read.head.papers !== undefined;

/**
 * 联考·试卷讲评 from the rows: `gradeComment` over the union (per question the whole exam's
 * figures, options and each school's mean and rate; a union has no comments).
 */
export async function duckGradeComment(
  db: Db,
  read: DuckRead,
  subjectId: number,
): Promise<D<'gradeComment'>> {
  const paper = paperOf(read, subjectId);
  const figure = await figureRows(db, read, [subjectId]);
  const all = figure(0, subjectId).questions ?? [];
  const groups = read.head.groups;
  return {
    exam: header(read),
    subjectId,
    subjectName: columnName(read, subjectId),
    questions: paper.questions.map((q, qi) => {
      const stats = all[qi];
      const recorded = q.objective && (paper.choicesRecorded[qi] ?? false);
      return {
        ...gradeQuestionRow(q, stats, recorded),
        classes: groups.map((g) => {
          const gq = figure(g, subjectId).questions?.[qi];
          return {
            classId: g,
            className: read.labels.get(g) ?? '',
            mean: gq?.mean ?? null,
            scoreRate: gq?.scoreRate ?? null,
          };
        }),
        comments: [],
      };
    }),
  };
}

/**
 * 联考·能力分析 from the rows: `gradeAbility` over the union (each knowledge point and ability
 * with the whole exam's and each school's rate and the school's students weak on it: counts only).
 */
export async function duckGradeAbility(
  db: Db,
  read: DuckRead,
  subjectId: number,
): Promise<D<'gradeAbility'>> {
  const paper = paperOf(read, subjectId);
  const figure = await figureRows(db, read, [subjectId]);
  const numbers = new Map(paper.questions.map((q) => [q.id, q.number]));
  const tags = (kind: 'knowledgePoints' | 'abilities'): D<'gradeAbility'>['knowledgePoints'] =>
    (figure(0, subjectId).paper?.[kind] ?? []).map((t) => ({
      tag: t.tag,
      questionNumbers: t.questionIds.map((id) => numbers.get(id) ?? String(id)),
      fullMarks: t.fullMarks,
      gradeScoreRate: t.scoreRate,
      classes: read.head.groups.map((g) => {
        const own = figure(g, subjectId);
        return {
          classId: g,
          scoreRate: own.paper?.[kind].find((x) => x.tag === t.tag)?.scoreRate ?? null,
          weakStudents: own.weak?.[kind][t.tag] ?? 0,
        };
      }),
    }));
  return {
    exam: header(read),
    subjectId,
    subjectName: columnName(read, subjectId),
    knowledgePoints: tags('knowledgePoints'),
    abilities: tags('abilities'),
  };
}

/** The class pages' view of the rows for one viewer, as `classContext` gives it in process. */
export interface DuckClassView {
  scope: DataScope;
  /** The classes the viewer may open (a school's own within its scope; the bureau every one). */
  opened: Set<number>;
  /** Each class's name as the viewer reads it (the bureau's: 学校 班级). */
  names: Map<number, string>;
  /** Each joint subject's id among the viewer's school's subjects (the scope's subject rule). */
  schoolSubject: Map<number, number | null>;
}

/** Whether the rows hold the class pages' figures (heads written since they do). */
export const duckHasClasses = (read: DuckRead) => read.head.classes !== undefined;

/** Whether the viewer sees a subject of a class (`visibleSubjects`). */
const seesSubject = (view: DuckClassView, classId: number, subjectId: number) =>
  fullClass(view.scope, classId) ||
  inScopeSubject(view.scope, classId, view.schoolSubject.get(subjectId) ?? -1);

/**
 * The class pages' header, as `examHeader` over the class union kept to the classes the viewer
 * may open: with a class, a viewer without the grade sees that class's subjects only.
 */
export function duckClassHeader(
  read: DuckRead,
  view: DuckClassView,
  classId?: number,
): D<'classAbility'>['exam'] {
  const grade = gradeScope(view.scope, read.head.exam.gradeId);
  const subjects =
    classId !== undefined && !grade
      ? read.head.subjects.filter((s) => seesSubject(view, classId, s.id))
      : read.head.subjects;
  return {
    ...header(read),
    subjects,
    classes: (read.head.classes ?? [])
      .filter((c) => (grade || inScopeClass(view.scope, c.id)) && view.opened.has(c.id))
      .map((c) => ({ id: c.id, name: view.names.get(c.id) ?? c.name })),
  };
}

/**
 * Checks a class × subject page over the rows as `classSubject` does (outside the scope 403, a
 * class without figures 404, the total or a subject the viewer does not see 403, a subject the
 * exam lacks 404) and gives the subject's paper.
 */
export function classPaper(
  read: DuckRead,
  view: DuckClassView,
  classId: number,
  subjectId: number,
) {
  if (!inScopeClass(view.scope, classId)) throw forbidden('超出数据范围：无权查看该班级的报告');
  if (!(read.head.classGroups ?? []).includes(classId)) throw notFound('该班级未参加本次考试');
  if (subjectId === 0 && !fullClass(view.scope, classId))
    throw forbidden('超出数据范围：无权查看该班级的总分');
  const paper = paperOf(read, subjectId);
  if (!seesSubject(view, classId, subjectId)) throw forbidden('超出数据范围：无权查看该科目的报告');
  return paper;
}

/** A subject's figures of the whole exam and of one class (its row under `classKey`). */
export async function classFigures(db: Db, read: DuckRead, classId: number, subjectId: number) {
  const found = await db
    .selectFrom('joint_snapshot_figures')
    .select(['grp', 'payload'])
    .where('joint_exam_id', '=', read.jointExamId)
    .where('generation', '=', read.generation)
    .where('subject', '=', subjectId)
    .where('grp', 'in', [0, classKey(classId)])
    .execute();
  const payload = (grp: number) => found.find((r) => r.grp === grp)?.payload;
  return {
    all: JSON.parse(payload(0) ?? 'null') as DuckFigureRow | null,
    mine: JSON.parse(payload(classKey(classId)) ?? 'null') as DuckClassFigureRow | null,
  };
}

/**
 * 联考·班级能力分析 from the rows: the class's knowledge points and abilities (its subject row
 * under `classKey`) beside the whole exam's; the class and subject checked as `classAbility` does.
 */
export async function duckClassAbility(
  db: Db,
  read: DuckRead,
  view: DuckClassView,
  classId: number,
  subjectId: number,
): Promise<D<'classAbility'>> {
  const paper = classPaper(read, view, classId, subjectId);
  const { all, mine } = await classFigures(db, read, classId, subjectId);
  const numbers = new Map(paper.questions.map((q) => [q.id, q.number]));
  const tags = (kind: 'knowledgePoints' | 'abilities'): D<'classAbility'>['knowledgePoints'] =>
    (all?.paper?.[kind] ?? []).map((t) => ({
      tag: t.tag,
      questionNumbers: t.questionIds.map((id) => numbers.get(id) ?? String(id)),
      fullMarks: t.fullMarks,
      classScoreRate: mine?.paper?.[kind].find((x) => x.tag === t.tag)?.scoreRate ?? null,
      gradeScoreRate: t.scoreRate,
    }));
  return {
    exam: duckClassHeader(read, view, classId),
    classId,
    className: view.names.get(classId) ?? '',
    subjectId,
    subjectName: columnName(read, subjectId),
    knowledgePoints: tags('knowledgePoints'),
    abilities: tags('abilities'),
  };
}

/**
 * 联考·班级成绩单 from the rows: the class's students (its school's exam roll) in the total's
 * ranking order, each cell with the joint rank and level of the rank rows and the rank in the class
 * (competition ranks over the class's scores, as the engine's per-class union gives them); the
 * class and its columns checked as `classTranscript` does.
 */
export async function duckClassTranscript(
  db: Db,
  read: DuckRead,
  view: DuckClassView,
  classId: number,
): Promise<D<'classTranscript'>> {
  if (!inScopeClass(view.scope, classId)) throw forbidden('超出数据范围：无权查看该班级的报告');
  const klass = read.head.classes?.find((c) => c.id === classId);
  if (!klass || !(read.head.classGroups ?? []).includes(classId))
    throw notFound('该班级未参加本次考试');
  const schoolId = read.head.parts.find((p) => p.group === klass.group)?.schoolId ?? -1;
  const withTotal = fullClass(view.scope, classId);
  const subjects = read.head.subjects.filter((s) => seesSubject(view, classId, s.id));
  const keys = [0, ...subjects.map((s) => s.id)];
  const rows = await db
    .selectFrom('joint_snapshot_ranks as r')
    .selectAll('r')
    .where('r.joint_exam_id', '=', read.jointExamId)
    .where('r.generation', '=', read.generation)
    .where('r.grp', '=', klass.group)
    .where('r.subject', 'in', keys)
    .where('r.student_id', 'in', (eb) =>
      eb
        .selectFrom('exam_students as es')
        .innerJoin('joint_exam_schools as js', 'js.exam_id', 'es.exam_id')
        .select('es.student_id')
        .where('js.joint_exam_id', '=', read.jointExamId)
        .where('js.school_id', '=', schoolId)
        .where('es.class_id', '=', classId),
    )
    .orderBy('r.position')
    .execute();
  type Row = (typeof rows)[number];
  const bySubject = new Map<number, Row[]>(keys.map((k) => [k, []]));
  for (const r of rows) bySubject.get(r.subject)!.push(r);
  const cells = new Map<string, D<'classTranscript'>['students'][number]['scores'][number]>();
  for (const [subjectId, list] of bySubject) {
    const classRanks = competitionRanks(list.map((r) => orNull(r.score) ?? Number.NaN));
    list.forEach((r, i) =>
      cells.set(`${r.student_id}:${subjectId}`, {
        subjectId,
        score: orNull(r.score),
        classRank: classRanks[i] ?? null,
        gradeRank: orNull(r.grade_rank),
        level: r.level as D<'gradeRank'>['page']['list'][number]['level'],
        // a union has no previous exam
        rankChange: null,
        percentileChange: null,
      }),
    );
  }
  const cell = (studentId: number, subjectId: number) =>
    cells.get(`${studentId}:${subjectId}`) ?? {
      subjectId,
      score: null,
      classRank: null,
      gradeRank: null,
      level: null,
      rankChange: null,
      percentileChange: null,
    };
  const className = view.names.get(classId) ?? klass.name;
  return {
    exam: duckClassHeader(read, view, classId),
    classId,
    className,
    // the total's rows are in the ranking's order: by rank, the absent last, ties by 学号
    students: bySubject.get(0)!.map((r) => ({
      studentId: r.student_id,
      name: r.name,
      studentNo: r.student_no,
      classId,
      className,
      scores: subjects.map((s) => cell(r.student_id, s.id)),
      total: withTotal ? cell(r.student_id, 0) : null,
    })),
  };
}
