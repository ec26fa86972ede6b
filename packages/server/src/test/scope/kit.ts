/**
 * The parts of the data-scope test (`test/scope.test.ts`, docs/scope.md) that are not rows: the
 * route contracts by `<table>.<name>`, the expected scope of each demo account, the body sent to
 * a route and what its answer names.
 */
import * as contracts from '@examkit/contracts';
import type { RouteContract } from '@examkit/contracts';
import type { TSchema } from 'typebox';

const TABLES: Record<string, Record<string, RouteContract>> = {
  admin: contracts.administrationRoutes,
  exam: contracts.examRoutes,
  scan: contracts.scanRoutes,
  marking: contracts.markingRoutes,
  report: contracts.reportRoutes,
  auth: contracts.authRoutes,
  scope: contracts.scopeRoutes,
  print: contracts.examPrintRoutes,
  online: contracts.onlineRoutes,
  tool: contracts.examToolRoutes,
  download: contracts.downloadRoutes,
  wrong: contracts.resourceWrongRoutes,
  teaching: contracts.teachingRoutes,
  teachResearch: contracts.teachResearchRoutes,
  centre: contracts.teachingAssistantRoutes,
  usage: contracts.teachResearchUsageRoutes,
  appraise: contracts.appraiseRoutes,
};
const SHORT: Record<string, string> = {
  administrationRoutes: 'admin',
  examRoutes: 'exam',
  scanRoutes: 'scan',
  markingRoutes: 'marking',
  reportRoutes: 'report',
  authRoutes: 'auth',
  scopeRoutes: 'scope',
  examPrintRoutes: 'print',
  onlineRoutes: 'online',
  examToolRoutes: 'tool',
  downloadRoutes: 'download',
  resourceWrongRoutes: 'wrong',
  teachingRoutes: 'teaching',
  teachResearchRoutes: 'teachResearch',
  teachingAssistantRoutes: 'centre',
  teachResearchUsageRoutes: 'usage',
  appraiseRoutes: 'appraise',
};

/** A route by `<table>.<name>`. */
export const R = (key: string): RouteContract => {
  const [table, name] = key.split('.') as [string, string];
  const route = TABLES[table]?.[name];
  if (!route) throw new Error(`no route ${key}`);
  return route;
};

/**
 * Every route contract the package exports, by `<table>.<name>`: the tables of the barrel
 * (`…Routes`), so a new domain's table is found without being listed here.
 */
export function allRoutes(): Map<string, RouteContract> {
  const out = new Map<string, RouteContract>();
  const seen = new Set<string>();
  for (const [table, routes] of Object.entries(contracts)) {
    if (!table.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
    for (const [name, r] of Object.entries(routes as Record<string, unknown>)) {
      const route = r as RouteContract;
      if (typeof route?.url !== 'string' || seen.has(route.url)) continue;
      seen.add(route.url);
      out.set(`${SHORT[table] ?? table}.${name}`, route);
    }
  }
  return out;
}

export const inputsOf = (route: RouteContract): Record<string, TSchema & { default?: unknown }> =>
  ((route.body ?? route.query) as { properties?: Record<string, TSchema> } | undefined)
    ?.properties ?? {};

/** Inputs that name a student, a class, an exam or a marking block (or their papers and tasks). */
const SCOPED_INPUT =
  /^(studentId|studentIds|studentNo|classId|classIds|examId|examSubjectId|blockId|paperId|taskId)$/;
export const scopedInputs = (route: RouteContract) =>
  Object.keys(inputsOf(route)).filter(
    (k) => SCOPED_INPUT.test(k) || (k === 'id' && route.url.startsWith('/marking-main/exam/')),
  );

// ---------------------------------------------------------------------------------------------
// The expected scope of each account, from docs/demo-school.md (not from the server's code).

type Scope = 'school' | 'none' | Record<string, 'all' | readonly string[]>;
export const GRADE2 = ['高二(1)班', '高二(2)班', '高二(3)班', '高二(4)班'];
const SCOPES: Record<string, Scope> = {
  admin: 'school',
  director: 'school',
  principal: 'school',
  /** 班主任 of 高一(1)班: that class, every subject. */
  head: { '高一(1)班': 'all' },
  /** 任课教师 of 数学 in 高一(1)(2)班. */
  teacher: { '高一(1)班': ['数学'], '高一(2)班': ['数学'] },
  /** 年级主任 of 高二. */
  gradelead: Object.fromEntries(GRADE2.map((c) => [c, 'all' as const])),
  /** 阅卷老师: no class at all, only the blocks they mark. */
  grader: 'none',
  /** 学科组长 of 数学 in 高一 (set up below): 数学 in every 高一 class. */
  t004: Object.fromEntries([1, 2, 3, 4].map((n) => [`高一(${n})班`, ['数学']])),
  /** 学科组长 of 语文 in the whole school (set up below). */
  t005: Object.fromEntries(
    ['高一', '高二', '高三'].flatMap((g) => [1, 2, 3, 4].map((n) => [`${g}(${n})班`, ['语文']])),
  ),
};
export const ROLES = Object.keys(SCOPES);

export function allowed(role: string, className: string, subject: string | undefined): boolean {
  const scope = SCOPES[role]!;
  if (scope === 'school') return true;
  if (scope === 'none') return false;
  const entry = scope[className];
  if (entry === undefined) return false;
  return entry === 'all' || subject === undefined || entry.includes(subject);
}
export const subjectsOf = (role: string, className: string | undefined): string[] | 'all' => {
  const scope = SCOPES[role]!;
  if (scope === 'school') return 'all';
  if (scope === 'none') return [];
  const entries = className ? [scope[className]] : Object.values(scope);
  if (entries.some((e) => e === 'all')) return 'all';
  return entries.flatMap((e) => (e && e !== 'all' ? [...e] : []));
};

// ---------------------------------------------------------------------------------------------
// Bodies and answers.

/** The ids a route's body is made of. */
export interface Ctx {
  examId: number;
  classId: number;
  className: string;
  subject: string;
  subjectId: number;
  examSubjectId: number;
  studentId: number;
  blockId: number;
  paperId: number;
}

/** A body for the route from its schema and the context; unknown required inputs take defaults. */
export function bodyFor(route: RouteContract, ctx: Ctx, extra: Record<string, unknown> = {}) {
  const props = inputsOf(route);
  const required = new Set(
    ((route.body ?? route.query) as { required?: string[] } | undefined)?.required ?? [],
  );
  const body: Record<string, unknown> = {};
  const isExamRoute = route.url.startsWith('/marking-main/exam/');
  for (const [key, schema] of Object.entries(props)) {
    const value =
      key === 'examId'
        ? ctx.examId
        : key === 'id' && isExamRoute
          ? ctx.examId
          : key === 'classId'
            ? ctx.classId
            : key === 'subjectId'
              ? ctx.subjectId
              : key === 'examSubjectId'
                ? ctx.examSubjectId
                : key === 'studentId'
                  ? ctx.studentId
                  : key === 'blockId'
                    ? ctx.blockId
                    : key === 'paperId'
                      ? ctx.paperId
                      : key === 'pageNum'
                        ? 1
                        : key === 'pageSize'
                          ? Math.min(200, Number((schema as { maximum?: number }).maximum ?? 200))
                          : required.has(key)
                            ? schema.default
                            : undefined;
    if (value !== undefined) body[key] = value;
  }
  return { ...body, ...extra };
}

/** Every student, class and subject an answer names, found by its field names. */
export function named(data: unknown) {
  const found = {
    studentIds: new Set<number>(),
    studentNos: new Set<string>(),
    classIds: new Set<number>(),
    classNames: new Set<string>(),
    subjects: new Set<string>(),
    names: 0,
  };
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'studentId' && typeof x === 'number') found.studentIds.add(x);
      else if ((k === 'studentNo' || k === 'examNo') && typeof x === 'string')
        found.studentNos.add(x);
      else if (k === 'classId' && typeof x === 'number') found.classIds.add(x);
      else if (k === 'classIds' && Array.isArray(x))
        x.forEach((id) => typeof id === 'number' && found.classIds.add(id));
      else if (k === 'className' && typeof x === 'string') found.classNames.add(x);
      else if (k === 'subjectName' && typeof x === 'string') found.subjects.add(x);
      else if ((k === 'studentName' || k === 'name') && typeof x === 'string' && x) found.names++;
      else walk(x);
    }
  };
  walk(data);
  return found;
}
