import { examToolRoutes } from '@examkit/contracts';
import { sql } from 'kysely';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { inScopeClass, loadScope } from '../core/scope';
import { requireAnyPermission, SHEET_TOOL } from '../exam/access';
import { decodeUpload, readSheetRows, writeSheet } from '../exam/spreadsheets';
import { eachOf, pageOf } from './paging';
import {
  analyseSheet,
  groupResult,
  loadGradeClasses,
  loadSheetAccess,
  sheetStudents,
  studentResults,
  summaryOf,
} from './sheets';

export const TAG = 'exam-tool';

/** Quick score sheets (成绩表): Exam-Tool or Exam-Single, within the data scope. */
export function registerSheetRoutes(
  router: Router,
  { db, clock }: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const now = () => clock.now().getTime();
  const open = async (session: SessionInfo, sheetId: number) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const scope = await loadScope(db, session);
    return { scope, access: await loadSheetAccess(db, scope, session.userId, sheetId) };
  };

  router.sessionRoute(examToolRoutes.sheetList, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const scope = await loadScope(db, session);
    let query = db
      .selectFrom('tool_sheets as s')
      .where('s.school_id', '=', session.schoolId)
      .where('s.academic_year', '=', session.academicYear);
    if (!scope.schoolWide) {
      const classIds = [...scope.subjectsByClass.keys()];
      query = query.where((eb) =>
        eb.or([
          eb('s.created_by', '=', session.userId),
          ...(classIds.length
            ? [
                eb.exists(
                  eb
                    .selectFrom('tool_sheet_classes as sc')
                    .select('sc.sheet_id')
                    .whereRef('sc.sheet_id', '=', 's.id')
                    .where('sc.class_id', 'in', classIds),
                ),
              ]
            : []),
        ]),
      );
    }
    const keyword = body.keyWord?.trim();
    if (keyword) {
      const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
      query = query.where(sql<boolean>`s.name like ${`%${escaped}%`} escape '\\'`);
    }
    return pageOf(
      db,
      query.selectAll('s').orderBy('s.created_at', 'desc').orderBy('s.id', 'desc'),
      body,
      (rows) =>
        eachOf(rows, (row) =>
          summaryOf(db, row, scope.schoolWide || row.created_by === session.userId),
        ),
    );
  });

  router.sessionRoute(examToolRoutes.sheetCreate, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const scope = await loadScope(db, session);
    const grade = await loadGradeClasses(db, session.schoolId, body.gradeId, body.classIds);
    if (!body.classIds.every((id) => inScopeClass(scope, id)))
      throw forbidden('超出数据范围：只能为您任教或管理的班级建成绩表');
    const names = body.subjects.map((s) => s.name.trim());
    if (new Set(names).size !== names.length) throw badRequest('学科名称不能重复');
    const at = now();
    const id = await db.transaction().execute(async (trx) => {
      const sheet = await trx
        .insertInto('tool_sheets')
        .values({
          school_id: session.schoolId,
          academic_year: grade.academicYear,
          grade_id: grade.id,
          name: body.name.trim(),
          created_by: session.userId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('tool_sheet_classes')
        .values(body.classIds.map((classId) => ({ sheet_id: sheet.id, class_id: classId })))
        .execute();
      await trx
        .insertInto('tool_sheet_subjects')
        .values(
          body.subjects.map((s, i) => ({
            sheet_id: sheet.id,
            name: names[i]!,
            full_marks: s.fullMarks,
            ord: i,
          })),
        )
        .execute();
      return sheet.id;
    });
    return { id };
  });

  router.sessionRoute(examToolRoutes.sheetAddSubject, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    if (!access.owner) throw forbidden('只有成绩表的创建者可以添加学科');
    const name = body.name.trim();
    if (access.subjects.some((s) => s.name === name)) throw badRequest('该学科已在成绩表中');
    const row = await db
      .insertInto('tool_sheet_subjects')
      .values({
        sheet_id: access.sheet.id,
        name,
        full_marks: body.fullMarks,
        ord: access.subjects.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name, fullMarks: body.fullMarks };
  });

  router.sessionRoute(examToolRoutes.sheetDetail, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    return {
      ...(await summaryOf(db, access.sheet, access.owner)),
      students: await sheetStudents(db, access.sheet.id, access.classIds),
      editable: [...access.editable],
    };
  });

  /** Checks every cell, then writes them all in one transaction. */
  const saveCells = async (
    access: Awaited<ReturnType<typeof open>>['access'],
    userId: number,
    cells: { studentId: number; subjectId: number; score: number | null }[],
  ) => {
    const students = await sheetStudents(db, access.sheet.id, access.classIds);
    const classOf = new Map(students.map((s) => [s.studentId, s.classId]));
    const subjects = new Map(access.subjects.map((s) => [s.id, s]));
    for (const cell of cells) {
      const classId = classOf.get(cell.studentId);
      const subject = subjects.get(cell.subjectId);
      if (classId === undefined) throw notFound('学生不存在');
      if (!subject) throw badRequest('学科不在成绩表中');
      if (!access.editable.has(`${classId}:${subject.id}`))
        throw forbidden(`超出数据范围：不能录入该班的${subject.name}成绩`);
      if (cell.score !== null && cell.score > subject.fullMarks)
        throw badRequest(`${subject.name}成绩不能超过满分 ${subject.fullMarks}`);
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      for (const cell of cells) {
        await trx
          .deleteFrom('tool_sheet_scores')
          .where('subject_id', '=', cell.subjectId)
          .where('student_id', '=', cell.studentId)
          .execute();
        if (cell.score === null) continue;
        await trx
          .insertInto('tool_sheet_scores')
          .values({
            sheet_id: access.sheet.id,
            subject_id: cell.subjectId,
            student_id: cell.studentId,
            score: cell.score,
            updated_by: userId,
            updated_at: at,
          })
          .execute();
      }
    });
    return cells.length;
  };

  router.sessionRoute(examToolRoutes.sheetSaveScores, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    return { saved: await saveCells(access, session.userId, body.scores) };
  });

  router.sessionRoute(examToolRoutes.sheetTemplate, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    const students = await sheetStudents(db, access.sheet.id, access.classIds);
    const file = await writeSheet(
      '成绩',
      ['学号', '姓名', '班级', ...access.subjects.map((s) => s.name)],
      students.map((s) => [s.studentNo, s.name, s.className, ...s.scores.map((v) => v ?? '')]),
    );
    return { fileName: `${access.sheet.name}.xlsx`, contentBase64: file.toString('base64') };
  });

  router.sessionRoute(examToolRoutes.sheetImport, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    const rows = await readSheetRows(decodeUpload(body.file.contentBase64));
    const header = rows[0] ?? [];
    if (header[0] !== '学号') throw badRequest('第一列须为 学号（请使用下载的模板）');
    const columns = access.subjects.map((s) => ({ subject: s, index: header.indexOf(s.name) }));
    const students = await sheetStudents(db, access.sheet.id, access.classIds);
    const byNo = new Map(students.map((s) => [s.studentNo, s]));
    const errors: { row: number; column: string; reason: string }[] = [];
    const cells: { studentId: number; subjectId: number; score: number | null }[] = [];
    const before = new Map(
      students.flatMap((s) =>
        access.subjects.map((sub, j) => [`${s.studentId}:${sub.id}`, s.scores[j] ?? null] as const),
      ),
    );
    let total = 0;
    rows.slice(1).forEach((row, i) => {
      const line = i + 2;
      const no = row[0]?.trim() ?? '';
      if (!no && row.every((c) => !c?.trim())) return;
      total += 1;
      const student = byNo.get(no);
      if (!student) {
        errors.push({ row: line, column: '学号', reason: `学号 ${no} 不在成绩表的班级中` });
        return;
      }
      for (const { subject, index } of columns) {
        if (index < 0 || !access.editable.has(`${student.classId}:${subject.id}`)) continue;
        const text = row[index]?.trim() ?? '';
        const score = text === '' || text === '缺考' ? null : Number(text);
        if (score !== null && (!Number.isFinite(score) || score < 0 || score > subject.fullMarks))
          errors.push({
            row: line,
            column: subject.name,
            reason: `${subject.name}成绩须为 0 到 ${subject.fullMarks} 的数`,
          });
        else cells.push({ studentId: student.studentId, subjectId: subject.id, score });
      }
    });
    const changed = cells.filter(
      (c) => (before.get(`${c.studentId}:${c.subjectId}`) ?? null) !== c.score,
    );
    const inserted = changed.filter((c) => before.get(`${c.studentId}:${c.subjectId}`) === null);
    const result = {
      jobId: 0,
      total,
      inserted: errors.length ? 0 : inserted.length,
      updated: errors.length ? 0 : changed.length - inserted.length,
      unchanged: errors.length ? 0 : cells.length - changed.length,
      errors,
      createdAt: now(),
    };
    if (errors.length > 0) return { ...result, status: 'rejected' as const };
    if (total === 0) throw badRequest('文件中没有可导入的成绩');
    if (changed.length > 0) await saveCells(access, session.userId, changed);
    return { ...result, status: 'ok' as const };
  });

  const resultOf = async (schoolId: number, access: Awaited<ReturnType<typeof open>>['access']) => {
    const all = access.classes.map((c) => c.classId);
    const { students, analysis } = await analyseSheet(
      db,
      schoolId,
      access.sheet.id,
      access.subjects,
      all,
    );
    const classNames = new Map(access.classes.map((c) => [String(c.classId), c.className]));
    return { students, analysis, classNames };
  };

  router.sessionRoute(examToolRoutes.sheetResult, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    const { students, analysis, classNames } = await resultOf(session.schoolId, access);
    const visible = new Set(access.classIds);
    const rows = studentResults(analysis, students, access.subjects).filter((s) =>
      visible.has(s.classId),
    );
    rows.sort(
      (a, b) =>
        (a.scores[0]!.gradeRank ?? Infinity) - (b.scores[0]!.gradeRank ?? Infinity) ||
        (a.studentNo < b.studentNo ? -1 : 1),
    );
    return {
      sheet: await summaryOf(db, access.sheet, access.owner),
      grade: groupResult(analysis.grade, '全部班级', access.subjects),
      classes: analysis.classes
        .filter((c) => visible.has(Number(c.id)))
        .map((c) => groupResult(c, classNames.get(c.id) ?? '', access.subjects)),
      students: rows,
    };
  });

  router.sessionRoute(examToolRoutes.sheetStudent, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    const { students, analysis, classNames } = await resultOf(session.schoolId, access);
    const index = students.findIndex(
      (s) => s.studentId === body.studentId && access.classIds.includes(s.classId),
    );
    if (index < 0) throw notFound('学生不存在');
    const own = studentResults(analysis, students, access.subjects)[index]!;
    const group = analysis.classes.find((c) => c.id === String(own.classId))!;
    return {
      sheet: await summaryOf(db, access.sheet, access.owner),
      student: own,
      classStats: groupResult(group, classNames.get(group.id) ?? '', access.subjects),
      gradeStats: groupResult(analysis.grade, '全部班级', access.subjects),
    };
  });

  router.sessionRoute(examToolRoutes.sheetRemove, TAG, async ({ body, session }) => {
    const { access } = await open(session, body.sheetId);
    if (!access.owner) throw forbidden('只有成绩表的创建者可以删除');
    await db.deleteFrom('tool_sheets').where('id', '=', access.sheet.id).execute();
    return { id: access.sheet.id };
  });
}
