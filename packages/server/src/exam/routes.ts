import { examRoutes, type ExamState } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { loadScope, scopedClassIds } from '../core/scope';
import {
  assertExamManager,
  assertExamVisible,
  assertSubjectEditor,
  EXAM_SINGLE,
  loadExam,
  loadSubject,
  requireAnyPermission,
  SHEET_TOOL,
  assertStateUnchanged,
  assertNotJointCopy,
  isJointCopy,
} from './access';
import {
  checkSubjects,
  detailOf,
  createDraftExam,
  requestedDraft,
  gradeOfSchool,
  pageOfExams,
  resolveParticipants,
  summariesOf,
  transitionProblem,
  whereNameHas,
  writeElectives,
  writeParticipants,
  writeSubjects,
} from './exams';
import { loadQuestionRows, toQuestionTree, validateStructure } from './paper';
import { saveAnswers, saveStructure } from './paperWrites';
import { examStudentRows, importScores } from './scoreImport';
import { checkOverrides, checkSettings, saveSheet, sheetDesignData } from './sheets';
import { parseQuestionRows, readSheetRows, splitPasted, decodeUpload } from './spreadsheets';
import { refusal, rulesOf, STATE_NAMES, TRANSITIONS } from './states';
import type { ExamRow, SubjectRow } from './access';

import { registerExamDownloads } from './downloads';
import { registerMultipleExamRoutes } from './multiple';
import { reportPublished } from '../message/events';
import { notify } from '../message/notify';

export interface ExamRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /**
   * Told after an exam's state changed (the joint reports start their background snapshot when
   * a school's exam is finished, docs/joint-exams.md#snapshots); its errors never fail the call.
   */
  onStateChanged?: (examId: number, to: ExamState) => Promise<void>;
}

const TAG = 'exam';

/** Registers the exam domain's calls (docs/exams.md lists them with their permission keys). */
export function registerExamRoutes(router: Router, deps: ExamRoutesDeps): void {
  const { db, clock } = deps;
  const now = () => clock.now().getTime();
  registerExamDownloads(router, { db });
  registerMultipleExamRoutes(router, deps);

  const paperData = async (exam: ExamRow, subject: SubjectRow) => {
    const detail = await detailOf(db, exam);
    const subjectInfo = detail.subjects.find((s) => s.id === subject.id);
    if (!subjectInfo) throw notFound('考试科目不存在');
    const rules = rulesOf(exam.state);
    // A school's copy in a joint exam is set by the organiser (docs/joint-exams.md#paper).
    const own = !(await isJointCopy(db, exam.id));
    return {
      examId: exam.id,
      examName: exam.name,
      state: exam.state,
      subject: subjectInfo,
      paperEditable: own && rules.paper,
      answerKeyEditable: own && rules.answerKey,
      ...(own ? {} : { setByJoint: true }),
      questions: toQuestionTree(await loadQuestionRows(db, subject.id)),
    };
  };

  const manage = async (session: SessionInfo, exam: ExamRow) => {
    const scope = await loadScope(db, session);
    assertExamVisible(scope, exam);
    assertExamManager(scope, exam.grade_id);
  };
  const edit = async (session: SessionInfo, exam: ExamRow, subject: SubjectRow) => {
    const scope = await loadScope(db, session);
    assertExamVisible(scope, exam);
    await assertSubjectEditor(db, scope, exam, subject);
  };
  /**
   * A subject whose paper, answer key or sheet the caller edits (`part`): the tool's permission,
   * the subject's editor, not set by a joint exam, and the exam's state allowing the part.
   */
  const editableSubject = async (
    session: SessionInfo,
    examSubjectId: number,
    permission: typeof EXAM_SINGLE | typeof SHEET_TOOL,
    part: 'paper' | 'answerKey' | 'sheet',
  ) => {
    await requireAnyPermission(db, session, permission);
    const { exam, subject } = await loadSubject(db, session.schoolId, examSubjectId);
    await edit(session, exam, subject);
    await assertNotJointCopy(db, exam.id);
    if (!rulesOf(exam.state)[part]) throw badRequest(refusal(exam.state, part));
    return { exam, subject };
  };

  /** An exam of the school whose grade the caller sees, with the tool's permission; and the scope. */
  const visibleExam = async (session: SessionInfo, id: number) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const exam = await loadExam(db, session.schoolId, id);
    const scope = await loadScope(db, session);
    assertExamVisible(scope, exam);
    return { exam, scope };
  };

  router.sessionRoute(examRoutes.list, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const pageNum = body.currentPage ?? 1;
    const pageSize = body.pageSize ?? 20;
    const year = body.academicYear ?? session.academicYear;
    const scope = await loadScope(db, session);
    let query = db.selectFrom('exams').where('school_id', '=', session.schoolId);
    if (!scope.schoolWide) {
      const gradeIds = [...scope.gradeIds];
      if (gradeIds.length === 0) return { list: [], total: 0, pageNum, pageSize };
      query = query.where('grade_id', 'in', gradeIds);
    }
    if (year !== 0) query = query.where('academic_year', '=', year);
    if (body.gradeId !== undefined) query = query.where('grade_id', '=', body.gradeId);
    if (body.examType !== undefined) query = query.where('exam_type', '=', body.examType);
    if (body.state !== undefined) query = query.where('state', '=', body.state);
    const keyword = body.keyWord?.trim();
    if (keyword) query = whereNameHas(query, keyword);
    const { rows, total } = await pageOfExams(query, pageNum, pageSize);
    return { list: await summariesOf(db, rows), total, pageNum, pageSize };
  });

  router.sessionRoute(examRoutes.detail, TAG, async ({ body, session }) => {
    const { exam, scope } = await visibleExam(session, body.id);
    return detailOf(db, exam, {
      manager: scope.schoolWide || scope.leadGradeIds.has(exam.grade_id),
    });
  });

  router.sessionRoute(examRoutes.create, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    checkSubjects(body.subjects);
    const grade = await gradeOfSchool(db, session.schoolId, body.gradeId);
    assertExamManager(await loadScope(db, session), grade.id);
    const participants = await resolveParticipants(db, session.schoolId, {
      gradeId: grade.id,
      classIds: body.classIds,
      studentIds: body.studentIds,
    });
    const at = now();
    const id = await db.transaction().execute(async (trx) => {
      const examId = await createDraftExam(trx, {
        ...requestedDraft(session, grade, body, at),
        subjects: body.subjects,
        classIds: body.classIds,
        participants,
      });
      if (body.electives) await writeElectives(trx, examId, body.electives);
      return examId;
    });
    return detailOf(db, await loadExam(db, session.schoolId, id));
  });

  router.sessionRoute(examRoutes.update, TAG, async ({ body, session }) => {
    const { exam, scope } = await visibleExam(session, body.id);
    assertExamManager(scope, exam.grade_id);
    const rules = rulesOf(exam.state);
    const basics =
      body.name !== undefined || body.examType !== undefined || body.examDate !== undefined;
    const structural =
      body.gradeId !== undefined ||
      body.subjects !== undefined ||
      body.classIds !== undefined ||
      body.studentIds !== undefined ||
      body.electives !== undefined;
    if (basics && !rules.basics) throw badRequest(refusal(exam.state, 'basics'));
    if (structural && !rules.participants) throw badRequest(refusal(exam.state, 'participants'));
    if (body.subjects) checkSubjects(body.subjects);
    const gradeId = body.gradeId ?? exam.grade_id;
    let gradeYear = exam.academic_year;
    if (body.gradeId !== undefined && body.gradeId !== exam.grade_id) {
      if (body.classIds === undefined) throw badRequest('更换年级时请同时选择班级');
      const grade = await gradeOfSchool(db, session.schoolId, body.gradeId);
      assertExamManager(scope, grade.id);
      gradeYear = grade.academic_year;
    }
    let participants: Awaited<ReturnType<typeof resolveParticipants>> | undefined;
    let classIds: number[] | undefined;
    if (body.classIds !== undefined || body.studentIds !== undefined) {
      classIds =
        body.classIds ??
        (
          await db
            .selectFrom('exam_classes')
            .select('class_id')
            .where('exam_id', '=', exam.id)
            .execute()
        ).map((r) => r.class_id);
      participants = await resolveParticipants(db, session.schoolId, {
        gradeId,
        classIds,
        studentIds: body.studentIds,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('exams')
        .set({
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.examType !== undefined ? { exam_type: body.examType } : {}),
          ...(body.examDate !== undefined ? { exam_date: body.examDate } : {}),
          grade_id: gradeId,
          academic_year: gradeYear,
          updated_at: now(),
        })
        .where('id', '=', exam.id)
        .where('school_id', '=', session.schoolId)
        .execute();
      if (body.subjects) await writeSubjects(trx, exam.id, body.subjects);
      if (participants && classIds) await writeParticipants(trx, exam.id, classIds, participants);
      if (body.electives) await writeElectives(trx, exam.id, body.electives);
    });
    return detailOf(db, await loadExam(db, session.schoolId, exam.id));
  });

  router.sessionRoute(examRoutes.remove, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const exam = await loadExam(db, session.schoolId, body.id);
    await manage(session, exam);
    if (!rulesOf(exam.state).delete) throw badRequest(refusal(exam.state, 'delete'));
    await db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('exams')
        .where('id', '=', exam.id)
        .where('school_id', '=', session.schoolId)
        .where('state', '=', exam.state)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw badRequest('考试状态已变化，请刷新后重试');
    });
    return null;
  });

  router.sessionRoute(examRoutes.transition, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const exam = await loadExam(db, session.schoolId, body.id);
    await manage(session, exam);
    const to: ExamState = body.to;
    if (!TRANSITIONS[exam.state].includes(to))
      throw badRequest(`考试状态不能从“${STATE_NAMES[exam.state]}”变为“${STATE_NAMES[to]}”`);
    const problem = await transitionProblem(db, exam, to);
    if (problem) throw badRequest(problem);
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('exams')
        .set({ state: to, updated_at: now() })
        .where('id', '=', exam.id)
        .where('school_id', '=', session.schoolId)
        .where('state', '=', exam.state)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw badRequest('考试状态已变化，请刷新后重试');
    });
    if (to === 'published') await notify(db, clock, reportPublished(exam));
    await deps.onStateChanged?.(exam.id, to).catch(() => undefined);
    return detailOf(db, await loadExam(db, session.schoolId, exam.id));
  });

  router.sessionRoute(examRoutes.students, TAG, async ({ body, session }) => {
    const { exam, scope } = await visibleExam(session, body.id);
    // A class outside the scope lists nobody, as a class that is not in the exam.
    const classIds = scopedClassIds(scope);
    if (classIds !== null && classIds.length === 0) return [];
    let query = examStudentRows(db, exam.id);
    if (body.classId !== undefined) query = query.where('es.class_id', '=', body.classId);
    if (classIds !== null) query = query.where('es.class_id', 'in', classIds);
    const [rows, electives] = await Promise.all([
      query.orderBy('c.name').orderBy('es.exam_no').execute(),
      db
        .selectFrom('exam_student_electives as e')
        .innerJoin('exam_subjects as s', 's.id', 'e.exam_subject_id')
        .select(['e.student_id', 's.subject_code'])
        .where('s.exam_id', '=', exam.id)
        .orderBy('s.sort_order')
        .execute(),
    ]);
    const chosen = new Map<number, string[]>();
    for (const e of electives)
      chosen.set(e.student_id, [...(chosen.get(e.student_id) ?? []), e.subject_code]);
    return rows.map((r) => ({ ...r, electives: chosen.get(r.studentId) ?? [] }));
  });

  router.sessionRoute(examRoutes.teachers, TAG, async ({ body, session }) => {
    const { exam, scope } = await visibleExam(session, body.id);
    const classIds = scopedClassIds(scope);
    if (classIds !== null && classIds.length === 0) return [];
    const [subjects, rows] = await Promise.all([
      db
        .selectFrom('exam_subjects')
        .select(['id', 'subject_code', 'subject_name'])
        .where('exam_id', '=', exam.id)
        .orderBy('sort_order')
        .execute(),
      db
        .selectFrom('teaching_assignments as ta')
        .innerJoin('users as u', 'u.id', 'ta.user_id')
        .innerJoin('subjects as sub', 'sub.id', 'ta.subject_id')
        .innerJoin('classes as c', 'c.id', 'ta.class_id')
        .innerJoin('exam_classes as ec', 'ec.class_id', 'ta.class_id')
        .select([
          'u.id as userId',
          'u.nick_name as nickName',
          'sub.code as code',
          'sub.name as name',
          'c.id as classId',
          'c.name as className',
        ])
        .where('ec.exam_id', '=', exam.id)
        .where('ta.school_id', '=', session.schoolId)
        .where('ta.academic_year', '=', exam.academic_year)
        .$if(classIds !== null, (q) => q.where('ta.class_id', 'in', classIds ?? []))
        .orderBy('c.name')
        .orderBy('u.id')
        .execute(),
    ]);
    return rows.flatMap((r) => {
      const subject =
        subjects.find((s) => s.subject_code === r.code) ??
        subjects.find((s) => s.subject_name === r.name);
      return subject
        ? [
            {
              userId: r.userId,
              nickName: r.nickName,
              examSubjectId: subject.id,
              subjectName: subject.subject_name,
              classId: r.classId,
              className: r.className,
            },
          ]
        : [];
    });
  });

  router.sessionRoute(examRoutes.questionsGet, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const { exam, subject } = await loadSubject(db, session.schoolId, body.examSubjectId);
    assertExamVisible(await loadScope(db, session), exam);
    return paperData(exam, subject);
  });

  /**
   * Saves a subject's paper or answer key: `check` once editable, then `write` in one transaction
   * that fails when the exam's state moved meanwhile; the paper as saved.
   */
  const savePaperPart = async (
    session: SessionInfo,
    examSubjectId: number,
    part: 'paper' | 'answerKey',
    write: (trx: Db, subjectId: number) => Promise<void>,
    check = () => {},
  ) => {
    const { exam, subject } = await editableSubject(session, examSubjectId, EXAM_SINGLE, part);
    check();
    await db.transaction().execute(async (trx) => {
      await assertStateUnchanged(trx, exam);
      await write(trx, subject.id);
    });
    return paperData(exam, subject);
  };

  router.sessionRoute(examRoutes.questionsSave, TAG, ({ body, session }) =>
    savePaperPart(
      session,
      body.examSubjectId,
      'paper',
      (trx, subjectId) => saveStructure(trx, subjectId, body.questions, now()),
      () => validateStructure(body.questions),
    ),
  );

  router.sessionRoute(examRoutes.questionsParse, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    if ((body.text === undefined) === (body.file === undefined))
      throw badRequest('请粘贴表格内容或上传 Excel 文件（二选一）');
    const rows =
      body.file !== undefined
        ? await readSheetRows(decodeUpload(body.file))
        : splitPasted(body.text ?? '');
    return parseQuestionRows(rows);
  });

  router.sessionRoute(examRoutes.answerSave, TAG, ({ body, session }) =>
    savePaperPart(session, body.examSubjectId, 'answerKey', (trx, subjectId) =>
      saveAnswers(trx, subjectId, body.answers, now()),
    ),
  );

  router.sessionRoute(examRoutes.scoreImport, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const { exam, subject } = await loadSubject(db, session.schoolId, body.examSubjectId);
    await manage(session, exam);
    if (!rulesOf(exam.state).scoreImport) throw badRequest(refusal(exam.state, 'scoreImport'));
    return importScores(db, exam, subject, decodeUpload(body.file), now());
  });

  router.sessionRoute(examRoutes.sheetGet, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const { exam, subject } = await loadSubject(db, session.schoolId, body.examSubjectId);
    assertExamVisible(await loadScope(db, session), exam);
    const setByJoint = await isJointCopy(db, exam.id);
    const data = await sheetDesignData(db, subject, rulesOf(exam.state).sheet && !setByJoint);
    return setByJoint ? { ...data, setByJoint } : data;
  });

  router.sessionRoute(examRoutes.sheetSave, TAG, async ({ body, session }) => {
    const { exam, subject } = await editableSubject(
      session,
      body.examSubjectId,
      SHEET_TOOL,
      'sheet',
    );
    const design = {
      settings: checkSettings(body.settings),
      overrides: checkOverrides(body.overrides ?? {}),
    };
    const savedAt = now();
    const saved = await db.transaction().execute(async (trx) => {
      await assertStateUnchanged(trx, exam);
      return saveSheet(trx, subject, design, savedAt);
    });
    return { savedAt, ...saved };
  });
}
