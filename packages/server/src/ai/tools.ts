import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { FileStore } from '../core/files';
import { accessOf, inScopeClass, inScopeGrade } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { CLASS_KEY, GRADE_KEY, openReport } from '../report/routes';
import * as views from '../report/views';
import type { ReportContext } from '../report/views';
import type { ChatTool } from './provider';

/**
 * The grounding tools the model may call. Each runs as the signed-in user: the report rules
 * (published reports, the permission keys) and the data scope of core/scope.ts decide what it
 * returns. A refusal comes back as `{ refused: true, message }` and carries no figure of the
 * class or student asked about. Names and comments in the results are data, not instructions.
 * @see docs/ai.md
 */
export interface ToolDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

export interface ToolOutcome {
  /** JSON text sent to the model. */
  content: string;
  refused: boolean;
}

const MAX_RESULT_CHARS = 12_000;
const CLASS_KEYS = [CLASS_KEY, GRADE_KEY];

const int = { type: 'integer', minimum: 1 } as const;

export const AI_TOOLS: ChatTool[] = [
  {
    name: 'list_my_exams',
    description: '列出当前用户可以查看报告的考试（考试编号、名称、类型、日期、年级）。',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'class_report_summary',
    description:
      '某次考试中一个班级的成绩概况：各科平均分、最高分、最低分、优秀率、及格率，以及年级对比。',
    parameters: {
      type: 'object',
      properties: { examId: int, classId: int },
      required: ['examId', 'classId'],
      additionalProperties: false,
    },
  },
  {
    name: 'grade_report_summary',
    description: '某次考试的年级成绩概况：各科年级统计与各班对比。',
    parameters: {
      type: 'object',
      properties: { examId: int },
      required: ['examId'],
      additionalProperties: false,
    },
  },
  {
    name: 'student_scores',
    description:
      '一名学生在各次考试中的各科成绩、班级与年级排名，以及总分走势。按学生姓名或学号查找。',
    parameters: {
      type: 'object',
      properties: { name: { type: 'string' }, studentNo: { type: 'string' } },
      additionalProperties: false,
    },
  },
  {
    name: 'question_stats',
    description:
      '某次考试一个班级某科各题的得分率与年级对比（subjectId 为考试科目编号，可由 class_report_summary 得到）。',
    parameters: {
      type: 'object',
      properties: { examId: int, classId: int, subjectId: int },
      required: ['examId', 'classId', 'subjectId'],
      additionalProperties: false,
    },
  },
  {
    name: 'weak_knowledge_points',
    description: '某次考试一个班级某科得分率最低的知识点（与年级对比）。',
    parameters: {
      type: 'object',
      properties: { examId: int, classId: int, subjectId: int },
      required: ['examId', 'classId', 'subjectId'],
      additionalProperties: false,
    },
  },
];

const REFUSAL = '超出数据范围：您无权查看该数据';

function argsOf(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw || '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function idArg(args: Record<string, unknown>, key: string): number {
  const value = Number(args[key]);
  if (!Number.isInteger(value) || value < 1) throw new ApiError(400, `参数 ${key} 不正确`);
  return value;
}

function result(value: unknown): ToolOutcome {
  const text = JSON.stringify(value);
  return {
    content: text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}…(已截断)` : text,
    refused: false,
  };
}

/** Runs one tool call as the user; never throws. */
export async function runTool(
  deps: ToolDeps,
  session: SessionInfo,
  name: string,
  rawArgs: string,
): Promise<ToolOutcome> {
  const args = argsOf(rawArgs);
  try {
    switch (name) {
      case 'list_my_exams':
        return result({ exams: await visibleExams(deps, session) });
      case 'class_report_summary': {
        const classId = idArg(args, 'classId');
        const ctx = await openReport(deps, session, idArg(args, 'examId'), CLASS_KEYS);
        const basic = views.classBasic(ctx, classId);
        return result({
          exam: basic.exam,
          className: basic.className,
          studentCount: basic.studentCount,
          subjects: basic.rows.map((r) => ({
            subjectId: r.subjectId,
            subjectName: r.subjectName,
            class: r.class,
            grade: { mean: r.grade.mean, max: r.grade.max, passRate: r.grade.passRate },
            meanRank: r.meanRank,
            classCount: r.classCount,
          })),
        });
      }
      case 'grade_report_summary': {
        const ctx = await openReport(deps, session, idArg(args, 'examId'), [GRADE_KEY]);
        const basic = views.gradeBasic(ctx);
        return result({
          exam: basic.exam,
          subjects: basic.rows.map((r) => ({
            subjectId: r.subjectId,
            subjectName: r.subjectName,
            grade: r.grade,
            classes: r.classes.map((c) => ({
              className: c.className,
              mean: c.stats.mean,
              passRate: c.stats.passRate,
              meanRank: c.meanRank,
            })),
          })),
        });
      }
      case 'student_scores':
        return result(await studentScores(deps, session, args));
      case 'question_stats': {
        const classId = idArg(args, 'classId');
        const ctx = await openReport(deps, session, idArg(args, 'examId'), CLASS_KEYS);
        views.assertSubject(ctx, classId, idArg(args, 'subjectId'));
        return result(views.classProblemSet(ctx, classId, idArg(args, 'subjectId'), 1));
      }
      case 'weak_knowledge_points': {
        const classId = idArg(args, 'classId');
        const ctx = await openReport(deps, session, idArg(args, 'examId'), CLASS_KEYS);
        views.assertSubject(ctx, classId, idArg(args, 'subjectId'));
        const ability = views.classAbility(ctx, classId, idArg(args, 'subjectId'));
        const weakest = [...ability.knowledgePoints]
          .filter((k) => k.classScoreRate !== null)
          .sort((a, b) => (a.classScoreRate ?? 0) - (b.classScoreRate ?? 0))
          .slice(0, 8);
        return result({
          className: ability.className,
          subjectName: ability.subjectName,
          weakKnowledgePoints: weakest,
        });
      }
      default:
        return { content: JSON.stringify({ error: `没有名为 ${name} 的工具` }), refused: false };
    }
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === 403)
        return {
          content: JSON.stringify({ refused: true, message: error.message || REFUSAL }),
          refused: true,
        };
      return { content: JSON.stringify({ error: error.message }), refused: false };
    }
    return { content: JSON.stringify({ error: '查询失败' }), refused: false };
  }
}

/** Exams whose report the user may open: published ones in their grades; school-wide roles also see finished ones. */
async function visibleExams(deps: ToolDeps, session: SessionInfo) {
  const access = accessOf(deps.db, session);
  const [scope, codes] = await Promise.all([access.scope(), access.codes()]);
  if (!codes.has(CLASS_KEY) && !codes.has(GRADE_KEY)) return [];
  const rows = await deps.db
    .selectFrom('exams as e')
    .innerJoin('grades as g', 'g.id', 'e.grade_id')
    .select([
      'e.id',
      'e.name',
      'e.exam_type',
      'e.exam_date',
      'e.state',
      'e.grade_id',
      'g.name as gradeName',
    ])
    .where('e.school_id', '=', session.schoolId)
    .where('e.state', 'in', scope.schoolWide ? ['finished', 'published'] : ['published'])
    .orderBy('e.exam_date', 'desc')
    .orderBy('e.id', 'desc')
    .limit(50)
    .execute();
  return rows
    .filter((r) => inScopeGrade(scope, r.grade_id))
    .map((r) => ({
      examId: r.id,
      name: r.name,
      type: r.exam_type,
      date: r.exam_date,
      grade: r.gradeName,
      published: r.state === 'published',
    }));
}

async function studentScores(deps: ToolDeps, session: SessionInfo, args: Record<string, unknown>) {
  const name = typeof args.name === 'string' ? args.name.trim() : '';
  const studentNo = typeof args.studentNo === 'string' ? args.studentNo.trim() : '';
  if (!name && !studentNo) throw new ApiError(400, '请提供学生姓名或学号');
  let query = deps.db
    .selectFrom('students')
    .select(['id', 'class_id', 'name', 'student_no'])
    .where('school_id', '=', session.schoolId);
  if (studentNo) query = query.where('student_no', '=', studentNo);
  else query = query.where('name', '=', name);
  const found = await query.limit(5).execute();
  if (found.length === 0) throw new ApiError(404, '没有找到该学生');
  const scope = await accessOf(deps.db, session).scope();
  const mine = found.filter((s) => inScopeClass(scope, s.class_id));
  if (mine.length === 0) throw new ApiError(403, '超出数据范围：该学生不在您任教或管理的班级');
  const student = mine[0]!;
  const exams = await visibleExams(deps, session);
  const trend = [];
  for (const exam of [...exams].reverse()) {
    let ctx: ReportContext;
    try {
      ctx = await openReport(deps, session, exam.examId, CLASS_KEYS);
    } catch {
      continue;
    }
    if (!ctx.report.snapshot.students.some((s) => s.id === student.id)) continue;
    const transcript = views.studentTranscript(ctx, student.class_id, student.id);
    trend.push({
      exam: exam.name,
      date: exam.date,
      subjects: transcript.basic.map((b) => ({
        subjectName: b.subjectName,
        score: b.score,
        fullMarks: b.fullMarks,
        classRank: b.classRank,
        gradeRank: b.gradeRank,
        classMean: b.classMean,
      })),
    });
  }
  return { student: { name: student.name, studentNo: student.student_no }, trend };
}
