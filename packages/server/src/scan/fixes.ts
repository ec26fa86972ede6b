import type {
  ScanException,
  ScanExceptionKind,
  ScanFixAction,
  ScanReconciliation,
} from '@examkit/contracts';
import type { RecognitionTemplate } from '@examkit/recognizer';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { SubjectRow } from '../exam/access';
import { normalizeChoice } from '../exam/objectiveScoring';
import { conflict } from '../marking/blocks';
import { invalidateExamReport } from '../report/cache';
import { rosterOf, type RosterStudent } from './roster';
import { markAbsent, scoreStudents } from './scoring';

const rosterFor = (db: Db, subject: SubjectRow) =>
  rosterOf(db, subject.exam_id, subject.id, subject.elective === 1);

/** Matched, duplicate, unknown sheets, missing pages, absent and missing students of a subject. */
export async function reconcile(db: Db, subject: SubjectRow): Promise<ScanReconciliation> {
  const roster = await rosterFor(db, subject);
  const byId = new Map(roster.map((s) => [s.studentId, s]));
  const pageCount =
    (JSON.parse(subject.sheet_template ?? 'null') as RecognitionTemplate | null)?.pageCount ?? 1;
  const sheets = await db
    .selectFrom('scan_sheets')
    .select(['id', 'status', 'student_id', 'template_page', 'exam_no_read', 'absent'])
    .where('exam_subject_id', '=', subject.id)
    .where('discarded', '=', 0)
    .orderBy('id')
    .execute();
  const open = await db
    .selectFrom('scan_exceptions')
    .select(['sheet_id', 'reason'])
    .where('exam_subject_id', '=', subject.id)
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();
  const reasonOf = (sheetId: number) => open.find((e) => e.sheet_id === sheetId)?.reason ?? '';
  const confirmedAbsent = await db
    .selectFrom('exam_subject_totals')
    .select('student_id')
    .where('exam_subject_id', '=', subject.id)
    .where('absent', '=', 1)
    .execute();
  const matched = new Map<number, { sheetIds: number[]; pages: Set<number>; absent: boolean }>();
  const duplicates: ScanReconciliation['duplicates'] = [];
  const unknown: ScanReconciliation['unknown'] = [];
  for (const s of sheets) {
    if (s.status === 'duplicate') {
      duplicates.push({
        sheetId: s.id,
        student: s.student_id !== null ? (byId.get(s.student_id) ?? null) : null,
        reason: reasonOf(s.id),
      });
    } else if (s.student_id === null) {
      unknown.push({ sheetId: s.id, examNoRead: s.exam_no_read, reason: reasonOf(s.id) });
    } else {
      const m = matched.get(s.student_id) ?? { sheetIds: [], pages: new Set(), absent: false };
      m.sheetIds.push(s.id);
      if (s.template_page !== null) m.pages.add(s.template_page);
      if (s.absent === 1) m.absent = true;
      matched.set(s.student_id, m);
    }
  }
  const absentIds = new Set([
    ...confirmedAbsent.map((a) => a.student_id),
    ...[...matched].filter(([, m]) => m.absent).map(([id]) => id),
  ]);
  const ref = (s: RosterStudent) => ({ ...s });
  return {
    expected: roster.length,
    matched: roster
      .filter((s) => matched.has(s.studentId) && !absentIds.has(s.studentId))
      .map((s) => ({ ...ref(s), sheetIds: matched.get(s.studentId)!.sheetIds })),
    duplicates,
    unknown,
    missingPages: roster.flatMap((s) => {
      const m = matched.get(s.studentId);
      if (!m || absentIds.has(s.studentId)) return [];
      const missing = Array.from({ length: pageCount }, (_, p) => p).filter((p) => !m.pages.has(p));
      return missing.length > 0 ? [{ ...ref(s), missing }] : [];
    }),
    absent: roster.filter((s) => absentIds.has(s.studentId)).map(ref),
    noSheet: roster
      .filter((s) => !matched.has(s.studentId) && !absentIds.has(s.studentId))
      .map(ref),
    openExceptions: open.length,
  };
}

/** Exceptions of a subject with what the page needs to show them. */
export async function listExceptions(
  db: Db,
  subject: SubjectRow,
  filter: { state: 'open' | 'resolved' | 'all'; kind?: string; ids?: number[] },
): Promise<ScanException[]> {
  let query = db
    .selectFrom('scan_exceptions as e')
    .leftJoin('scan_sheets as s', 's.id', 'e.sheet_id')
    .leftJoin('users as u', 'u.id', 'e.resolved_by')
    .select([
      'e.id',
      'e.kind',
      'e.reason',
      'e.sheet_id',
      'e.student_id',
      'e.created_at',
      'e.resolved_at',
      'e.resolution',
      'u.nick_name',
      's.batch_id',
      's.image_key',
      's.exam_no_read',
      's.student_id as sheet_student_id',
    ])
    .where('e.exam_subject_id', '=', subject.id);
  if (filter.state === 'open') query = query.where('e.resolved_at', 'is', null);
  if (filter.state === 'resolved') query = query.where('e.resolved_at', 'is not', null);
  if (filter.kind) query = query.where('e.kind', '=', filter.kind);
  if (filter.ids) query = query.where('e.id', 'in', filter.ids);
  const rows = await query.orderBy('e.id').limit(2000).execute();
  const roster = await rosterFor(db, subject);
  const byId = new Map(roster.map((s) => [s.studentId, s]));
  const sheetIds = [...new Set(rows.flatMap((r) => (r.sheet_id === null ? [] : [r.sheet_id])))];
  const answers =
    sheetIds.length === 0
      ? []
      : await db
          .selectFrom('scan_answers as a')
          .innerJoin('exam_questions as q', 'q.id', 'a.question_id')
          .leftJoin('exam_questions as p', 'p.id', 'q.parent_id')
          .select([
            'a.sheet_id',
            'a.question_id',
            'a.answer',
            'a.status',
            'a.confidence',
            'a.flags',
            'q.number',
            'p.number as parent_number',
            'q.sort_order',
          ])
          .where('a.sheet_id', 'in', sheetIds.slice(0, 2000))
          .orderBy('q.sort_order')
          .execute();
  return rows.map((r) => {
    const studentId = r.sheet_student_id ?? r.student_id;
    return {
      id: r.id,
      kind: r.kind as ScanExceptionKind,
      reason: r.reason,
      sheetId: r.sheet_id,
      batchId: r.batch_id ?? null,
      hasImage: r.image_key !== null && r.image_key !== undefined,
      examNoRead: r.exam_no_read ?? null,
      student: studentId !== null ? (byId.get(studentId) ?? null) : null,
      answers: answers
        .filter((a) => a.sheet_id === r.sheet_id)
        .map((a) => ({
          questionId: a.question_id,
          number: (a.parent_number ?? '') + a.number,
          answer: a.answer,
          status: a.status,
          confidence: a.confidence,
          flags: JSON.parse(a.flags) as string[],
        })),
      createdAt: r.created_at,
      resolvedAt: r.resolved_at,
      resolvedBy: r.nick_name ?? null,
      resolution:
        r.resolution === null ? null : (JSON.parse(r.resolution) as Record<string, unknown>),
    };
  });
}

export interface FixInput {
  action: ScanFixAction;
  studentId?: number | undefined;
  answers?: { questionId: number; answer: string }[] | undefined;
  note?: string | undefined;
}

const ALLOWED: Record<ScanFixAction, readonly string[]> = {
  assign: ['exam_no_uncertain', 'unknown_exam_no', 'page_owner'],
  answer: ['bubble_review'],
  accept: ['bubble_review'],
  absent: ['exam_no_uncertain', 'unknown_exam_no', 'page_owner', 'bubble_review'],
  replace: ['duplicate'],
  discard: [...SCAN_KINDS()],
  rescan: [...SCAN_KINDS()],
};
function SCAN_KINDS() {
  return [
    'unreadable',
    'wrong_exam',
    'exam_no_uncertain',
    'unknown_exam_no',
    'duplicate',
    'bubble_review',
    'page_owner',
  ];
}

const ACTION_NAMES: Record<ScanFixAction, string> = {
  assign: '指定考生',
  answer: '更正填涂',
  accept: '确认识别结果',
  absent: '确认缺考',
  replace: '以本张替换原答题卡',
  discard: '作废本张',
  rescan: '作废本张，待重新扫描',
};

/** The sheets (ids) a student has of a page of a subject: neither discarded nor duplicates. */
const pageSheets = (trx: Db, subjectId: number, studentId: number | null, page: number | null) =>
  trx
    .selectFrom('scan_sheets')
    .select('id')
    .where('exam_subject_id', '=', subjectId)
    .where('student_id', '=', studentId)
    .where('template_page', '=', page)
    .where('discarded', '=', 0)
    .where('status', '!=', 'duplicate');

/**
 * Fixes one exception by hand and records the fix (who, when, what). The sheet's status
 * follows: `fixed` once no exception of it is open; its student is scored again.
 */
export async function resolveException(
  db: Db,
  clock: Clock,
  subject: SubjectRow,
  exceptionId: number,
  userId: number,
  input: FixInput,
): Promise<void> {
  const now = clock.now().getTime();
  const roster = await rosterFor(db, subject);
  await db.transaction().execute(async (trx) => {
    const exception = await trx
      .selectFrom('scan_exceptions')
      .selectAll()
      .where('id', '=', exceptionId)
      .where('exam_subject_id', '=', subject.id)
      .executeTakeFirst();
    if (!exception) throw notFound('异常不存在');
    if (exception.resolved_at !== null) throw conflict('该异常已处理，请刷新');
    if (!ALLOWED[input.action].includes(exception.kind))
      throw badRequest(`“${ACTION_NAMES[input.action]}”不适用于此类异常`);
    const sheet =
      exception.sheet_id === null
        ? null
        : await trx
            .selectFrom('scan_sheets')
            .selectAll()
            .where('id', '=', exception.sheet_id)
            .executeTakeFirstOrThrow();
    if (!sheet) throw badRequest('该异常没有对应的答题卡');
    const touched = new Set<number>();
    if (sheet.student_id !== null) touched.add(sheet.student_id);
    const resolution: Record<string, unknown> = {
      action: input.action,
      name: ACTION_NAMES[input.action],
    };
    if (input.note) resolution.note = input.note;
    const closeAllOfSheet = input.action === 'discard' || input.action === 'rescan';

    if (input.action === 'assign') {
      const student = roster.find((s) => s.studentId === input.studentId);
      if (!student) throw badRequest('请选择本考试科目的考生');
      const other = await pageSheets(trx, subject.id, student.studentId, sheet.template_page)
        .where('id', '!=', sheet.id)
        .executeTakeFirst();
      if (other)
        throw conflict(
          `考生 ${student.examNo}（${student.name}）的这一页已有答题卡，请先处理原答题卡`,
        );
      await trx
        .updateTable('scan_sheets')
        .set({ student_id: student.studentId, updated_at: now })
        .where('id', '=', sheet.id)
        .execute();
      await trx
        .updateTable('scan_exceptions')
        .set({ student_id: student.studentId })
        .where('sheet_id', '=', sheet.id)
        .execute();
      resolution.studentId = student.studentId;
      resolution.examNo = student.examNo;
      touched.add(student.studentId);
    } else if (input.action === 'answer' || input.action === 'accept') {
      const current = await trx
        .selectFrom('scan_answers')
        .selectAll()
        .where('sheet_id', '=', sheet.id)
        .execute();
      const given = new Map((input.answers ?? []).map((a) => [a.questionId, a.answer]));
      const kinds = await trx
        .selectFrom('exam_questions')
        .select(['id', 'kind', 'number'])
        .where('exam_subject_id', '=', subject.id)
        .execute();
      const changes: { questionId: number; from: string; to: string }[] = [];
      for (const a of current) {
        const raw = given.get(a.question_id);
        if (raw === undefined) {
          if (a.status === 'review' && input.action === 'answer')
            throw badRequest(
              `第 ${kinds.find((k) => k.id === a.question_id)?.number ?? a.question_id} 题还未确认`,
            );
          if (a.status !== 'review') continue;
        }
        const kind = (kinds.find((k) => k.id === a.question_id)?.kind ?? 'single') as
          'single' | 'multiple' | 'judge';
        const to =
          raw === undefined ? a.answer : raw.trim() === '' ? '' : normalizeChoice(kind, raw);
        if (to === null) throw badRequest(`答案“${raw}”不合法`);
        changes.push({ questionId: a.question_id, from: a.answer, to });
        await trx
          .updateTable('scan_answers')
          .set({ answer: to, status: 'fixed' })
          .where('sheet_id', '=', sheet.id)
          .where('question_id', '=', a.question_id)
          .execute();
      }
      for (const id of given.keys())
        if (!current.some((a) => a.question_id === id)) throw badRequest('题目不在这张答题卡上');
      resolution.answers = changes;
    } else if (input.action === 'absent') {
      if (sheet.student_id === null) throw badRequest('请先指定考生');
      await trx
        .updateTable('scan_sheets')
        .set({ absent: 1, updated_at: now })
        .where('id', '=', sheet.id)
        .execute();
    } else if (input.action === 'replace') {
      const old = await pageSheets(
        trx,
        subject.id,
        sheet.student_id,
        sheet.template_page,
      ).execute();
      if (old.length > 0) {
        await trx
          .updateTable('scan_sheets')
          .set({ discarded: 1, updated_at: now })
          .where(
            'id',
            'in',
            old.map((o) => o.id),
          )
          .execute();
        await trx
          .updateTable('scan_exceptions')
          .set({
            resolved_at: now,
            resolved_by: userId,
            resolution: JSON.stringify({
              action: 'discard',
              name: '被重复答题卡替换',
              by: exceptionId,
            }),
          })
          .where(
            'sheet_id',
            'in',
            old.map((o) => o.id),
          )
          .where('resolved_at', 'is', null)
          .execute();
      }
      resolution.replaced = old.map((o) => o.id);
      await trx
        .updateTable('scan_sheets')
        .set({ status: 'exception', updated_at: now })
        .where('id', '=', sheet.id)
        .execute();
    } else {
      await trx
        .updateTable('scan_sheets')
        .set({ discarded: 1, updated_at: now })
        .where('id', '=', sheet.id)
        .execute();
    }

    await trx
      .updateTable('scan_exceptions')
      .set({ resolved_at: now, resolved_by: userId, resolution: JSON.stringify(resolution) })
      .where(closeAllOfSheet ? 'sheet_id' : 'id', '=', closeAllOfSheet ? sheet.id : exception.id)
      .where('resolved_at', 'is', null)
      .execute();
    await refreshSheetStatus(trx, sheet.id, now);
    await scoreStudents(trx, subject.id, [...touched], now);
  });
  await invalidateExamReport(db, subject.exam_id);
}

/** exception while one is open; fixed once every one is closed; duplicate stays until replaced. */
async function refreshSheetStatus(trx: Db, sheetId: number, now: number): Promise<void> {
  const sheet = await trx
    .selectFrom('scan_sheets')
    .select(['status'])
    .where('id', '=', sheetId)
    .executeTakeFirstOrThrow();
  const counts = await trx
    .selectFrom('scan_exceptions')
    .select(['resolved_at'])
    .where('sheet_id', '=', sheetId)
    .execute();
  const open = counts.filter((c) => c.resolved_at === null).length;
  const status =
    sheet.status === 'duplicate' && open > 0
      ? 'duplicate'
      : open > 0
        ? 'exception'
        : counts.length > 0
          ? 'fixed'
          : 'recognized';
  await trx
    .updateTable('scan_sheets')
    .set({ status, updated_at: now })
    .where('id', '=', sheetId)
    .execute();
}

/** A student without a sheet was absent: recorded as a fixed `no_sheet` exception. */
export async function confirmAbsent(
  db: Db,
  clock: Clock,
  subject: SubjectRow,
  studentId: number,
  userId: number,
): Promise<void> {
  const roster = await rosterFor(db, subject);
  const student = roster.find((s) => s.studentId === studentId);
  if (!student) throw badRequest('该学生不是本考试科目的考生');
  const now = clock.now().getTime();
  await db.transaction().execute(async (trx) => {
    const sheet = await trx
      .selectFrom('scan_sheets')
      .select('id')
      .where('exam_subject_id', '=', subject.id)
      .where('student_id', '=', studentId)
      .where('discarded', '=', 0)
      .where('status', '!=', 'duplicate')
      .where('absent', '=', 0)
      .executeTakeFirst();
    if (sheet) throw conflict('该考生已有答题卡，不能确认缺考');
    await trx
      .insertInto('scan_exceptions')
      .values({
        exam_subject_id: subject.id,
        sheet_id: null,
        student_id: studentId,
        kind: 'no_sheet',
        reason: `考生 ${student.examNo}（${student.name}）没有答题卡`,
        created_at: now,
        resolved_by: userId,
        resolution: JSON.stringify({ action: 'absent', name: '确认缺考' }),
        resolved_at: now,
      })
      .execute();
    await markAbsent(trx, subject.id, studentId, now);
  });
  await invalidateExamReport(db, subject.exam_id);
}

/** Scores every scanned student of the subject again with the current key. */
export async function rescoreSubject(db: Db, clock: Clock, subject: SubjectRow): Promise<number> {
  const now = clock.now().getTime();
  const students = await db
    .selectFrom('scan_sheets')
    .select('student_id')
    .distinct()
    .where('exam_subject_id', '=', subject.id)
    .where('student_id', 'is not', null)
    .execute();
  const ids = students.map((s) => s.student_id!);
  await db.transaction().execute((trx) => scoreStudents(trx, subject.id, ids, now));
  await invalidateExamReport(db, subject.exam_id);
  return ids.length;
}
