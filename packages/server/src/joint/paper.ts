import { jointPaperRoutes, type ExamState } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { assertStateUnchanged, type ExamRow, type SubjectRow } from '../exam/access';
import { detailOf } from '../exam/exams';
import { loadQuestionRows, toQuestionTree } from '../exam/paper';
import { saveAnswers } from '../exam/paperWrites';
import {
  checkOverrides,
  checkSettings,
  examNumberLength,
  saveSheet,
  sheetDesignData,
  withExamNumberDefault,
} from '../exam/sheets';
import { rulesOf } from '../exam/states';
import { jointViewer, loadOrganised, type JointRow, type JointViewer } from './access';

const TAG = 'joint';

/** The states in which no school has scanned or entered scores yet. */
const BEFORE_SCANNING: ReadonlySet<ExamState> = new Set<ExamState>(['draft', 'sheet_ready']);

/** One school's copy of a joint subject. */
interface Copy {
  schoolName: string;
  exam: ExamRow;
  subject: SubjectRow;
}

/**
 * Every school's copy of the joint subject, in the joint exam's school order, and the organiser's
 * own: the lead school's exam, or the first school's for the bureau.
 */
export async function copiesOf(
  db: Db,
  viewer: JointViewer,
  joint: JointRow,
  subjectCode: string,
): Promise<{ copies: Copy[]; master: Copy }> {
  const rows = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .select(['js.exam_id', 's.name'])
    .where('js.joint_exam_id', '=', joint.id)
    .orderBy('js.sort_order')
    .execute();
  const examIds = rows.map((r) => r.exam_id);
  const [exams, subjects] = await Promise.all([
    db.selectFrom('exams').selectAll().where('id', 'in', examIds).execute(),
    db
      .selectFrom('exam_subjects')
      .selectAll()
      .where('exam_id', 'in', examIds)
      .where('subject_code', '=', subjectCode)
      .execute(),
  ]);
  const copies = rows.map((r) => {
    const exam = exams.find((e) => e.id === r.exam_id);
    const subject = subjects.find((s) => s.exam_id === r.exam_id);
    if (!exam || !subject) throw notFound('本次联考没有该科目');
    return { schoolName: r.name, exam, subject };
  });
  const master =
    (viewer.kind === 'school' && copies.find((c) => c.exam.school_id === viewer.schoolId)) ||
    copies[0];
  if (!master) throw notFound('本次联考没有该科目');
  return { copies, master };
}

/** Refuses a write once any school scanned (or entered scores), naming the school. */
function assertBeforeScanning(copies: readonly Copy[], what: string): void {
  for (const c of copies)
    if (!BEFORE_SCANNING.has(c.exam.state)) {
      const done = c.exam.state === 'finished' || c.exam.state === 'published';
      throw badRequest(
        `${c.schoolName}${done ? '已有成绩' : '已开始扫描'}，联考的${what}不能再修改`,
      );
    }
}

/** Full numbers (题号 with its parent's, e.g. 5(1)) of a subject's questions by id. */
export async function fullNumbers(db: Db, examSubjectId: number): Promise<Map<number, string>> {
  const rows = await loadQuestionRows(db, examSubjectId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(
    rows.map((r) => [
      r.id,
      (r.parent_id !== null ? (byId.get(r.parent_id)?.number ?? '') : '') + r.number,
    ]),
  );
}

/** The longest exam number (考号) among every school's students: one sheet holds them all. */
async function longestExamNumber(db: Db, copies: readonly Copy[]): Promise<number> {
  let longest = 0;
  for (const c of copies) longest = Math.max(longest, await examNumberLength(db, c.subject.id));
  return longest;
}

/**
 * The answer key and the answer sheet of a joint exam, set once by the organiser for every school
 * (`jointPaperRoutes`, docs/joint-exams.md#paper). Every school's exam holds its own copy, so its
 * scanning, recognition and marking stay the single-exam ones.
 */
export function registerJointPaperRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  const organised = async (session: Parameters<typeof jointViewer>[1], id: number) => {
    const viewer = await jointViewer(db, session);
    return { viewer, joint: await loadOrganised(db, viewer, id) };
  };

  /** The organiser's copy as `questionsGet` answers it; editable only while every school may. */
  const paperData = async (joint: JointRow, copies: readonly Copy[], master: Copy) => {
    const detail = await detailOf(db, master.exam);
    const subject = detail.subjects.find((s) => s.id === master.subject.id);
    if (!subject) throw notFound('本次联考没有该科目');
    const before = copies.every((c) => BEFORE_SCANNING.has(c.exam.state));
    return {
      examId: master.exam.id,
      examName: joint.name,
      state: master.exam.state,
      subject,
      paperEditable: copies.every((c) => rulesOf(c.exam.state).paper),
      answerKeyEditable: before && copies.every((c) => rulesOf(c.exam.state).answerKey),
      questions: toQuestionTree(await loadQuestionRows(db, master.subject.id)),
    };
  };

  router.sessionRoute(jointPaperRoutes.jointPaperGet, TAG, async ({ body, session }) => {
    const { viewer, joint } = await organised(session, body.jointExamId);
    const { copies, master } = await copiesOf(db, viewer, joint, body.subjectCode);
    return paperData(joint, copies, master);
  });

  router.sessionRoute(jointPaperRoutes.jointAnswerSave, TAG, async ({ body, session }) => {
    const { viewer, joint } = await organised(session, body.jointExamId);
    const { copies, master } = await copiesOf(db, viewer, joint, body.subjectCode);
    assertBeforeScanning(copies, '答案');
    const numberOf = await fullNumbers(db, master.subject.id);
    const at = clock.now().getTime();
    await db.transaction().execute(async (trx) => {
      for (const c of copies) {
        await assertStateUnchanged(trx, c.exam);
        // The organiser's question ids, matched by full number in each school's copy.
        const idOf = new Map([...(await fullNumbers(trx, c.subject.id))].map(([id, n]) => [n, id]));
        const answers = body.answers.map((a) => {
          const number = numberOf.get(a.questionId);
          if (number === undefined) throw badRequest('题目不属于该考试科目');
          const questionId = idOf.get(number);
          if (questionId === undefined)
            throw badRequest(`${c.schoolName}的试卷结构与联考不一致，请重新保存试卷结构`);
          return { ...a, questionId };
        });
        await saveAnswers(trx, c.subject.id, answers, at);
      }
    });
    return paperData(joint, copies, master);
  });

  router.sessionRoute(jointPaperRoutes.jointSheetGet, TAG, async ({ body, session }) => {
    const { viewer, joint } = await organised(session, body.jointExamId);
    const { copies, master } = await copiesOf(db, viewer, joint, body.subjectCode);
    const editable = copies.every(
      (c) => BEFORE_SCANNING.has(c.exam.state) && rulesOf(c.exam.state).sheet,
    );
    const data = await sheetDesignData(db, master.subject, editable);
    // One layout for every school: 考号位数 defaults to the longest exam number among them all.
    const longest = await longestExamNumber(db, copies);
    const settings = withExamNumberDefault(
      { settings: data.design.settings, overrides: {} },
      longest,
    ).settings as Record<string, unknown>;
    return { ...data, examNumberLength: longest, design: { ...data.design, settings } };
  });

  router.sessionRoute(jointPaperRoutes.jointSheetSave, TAG, async ({ body, session }) => {
    const { viewer, joint } = await organised(session, body.jointExamId);
    const { copies } = await copiesOf(db, viewer, joint, body.subjectCode);
    assertBeforeScanning(copies, '答题卡');
    const design = withExamNumberDefault(
      { settings: checkSettings(body.settings), overrides: checkOverrides(body.overrides ?? {}) },
      await longestExamNumber(db, copies),
    );
    const savedAt = clock.now().getTime();
    const pageCount = await db.transaction().execute(async (trx) => {
      let pages = 0;
      for (const c of copies) {
        await assertStateUnchanged(trx, c.exam);
        // Each school's sheet carries its own exam subject in its code (scanning files it there).
        pages = (await saveSheet(trx, c.subject, design, savedAt)).pageCount;
      }
      return pages;
    });
    return { savedAt, pageCount, schools: copies.length };
  });
}
