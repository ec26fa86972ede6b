import {
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkSubmissionRoutes as r,
  type Annotation,
  type RubricItem,
  type SubmissionDetail,
} from '@examkit/contracts';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { Type } from 'typebox';
import type { Db } from '../../core/database';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { recognizerFromEnv, type Recognize } from '../../scan/queue';
import { decodePaper } from '../paper';
import { homeworkSheetDocument } from '../sheet';
import { continuedCrops, pagesArrived, resolveScan, scanPage, scanPageView } from './scan';
import { rescoreRubric, writeScore } from './scoring';
import { loadSubmission, openForCorrection, studentsOf } from './students';
import { questionHead } from '../questionHead';

const TAG = 'homework';

export interface HomeworkSubmissionDeps extends DomainDeps {
  /** @default worker threads from `SCAN_WORKERS`, as the scan domain ({@link recognizerFromEnv}) */
  recognize?: Recognize;
}

async function rubricOf(db: Db, homeworkId: number): Promise<RubricItem[]> {
  const rows = await db
    .selectFrom('homework_rubric_items as i')
    .select((eb) => [
      'i.id',
      'i.question_no',
      'i.label',
      'i.points',
      eb
        .selectFrom('homework_answer_rubrics as ar')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('ar.rubric_item_id', '=', 'i.id')
        .as('usedBy'),
    ])
    .where('i.homework_id', '=', homeworkId)
    .orderBy('i.question_no')
    .orderBy('i.id')
    .execute();
  return rows.map((i) => ({
    id: i.id,
    questionNo: i.question_no,
    label: i.label,
    points: Number(i.points),
    usedBy: Number(i.usedBy ?? 0),
  }));
}

async function annotationsOf(db: Db, submissionId: number): Promise<Annotation[]> {
  const rows = await db
    .selectFrom('homework_annotations')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
  return rows.map((a) => ({
    id: a.id,
    questionNo: a.question_no,
    kind: a.kind as Annotation['kind'],
    x: Number(a.x),
    y: Number(a.y),
    size: Number(a.size),
    text: a.text,
  }));
}

/** Registers hand-ins: `{id}/scan` (upload, list, resolve) and the correction screen's calls. */
export function registerHomeworkSubmissionRoutes(
  router: Router,
  deps: HomeworkSubmissionDeps,
): void {
  const { db, clock, files } = deps;
  const now = () => clock.now().getTime();
  let recognize = deps.recognize;

  const detail = async (access: Access, submissionId: number): Promise<SubmissionDetail> => {
    const { sub, students } = await loadSubmission(db, access, submissionId);
    const [answers, applied, annotations, corrector, continued] = await Promise.all([
      db
        .selectFrom('homework_answers')
        .selectAll()
        .where('submission_id', '=', sub.id)
        .orderBy('question_no')
        .execute(),
      db
        .selectFrom('homework_answer_rubrics')
        .selectAll()
        .where('submission_id', '=', sub.id)
        .execute(),
      annotationsOf(db, sub.id),
      sub.corrected_by === null
        ? undefined
        : db
            .selectFrom('users')
            .select('nick_name')
            .where('id', '=', sub.corrected_by)
            .executeTakeFirst(),
      sub.source === 'scan' ? continuedCrops(db, sub.id) : new Map<number, string[]>(),
    ]);
    const student = students.find((s) => s.studentId === sub.student_id)!;
    return {
      id: sub.id,
      homeworkId: sub.homework_id,
      studentId: sub.student_id,
      studentName: student.name,
      className: student.className,
      status: sub.status as SubmissionDetail['status'],
      source: sub.source as SubmissionDetail['source'],
      score: sub.score === null ? null : Number(sub.score),
      hasImage: sub.image_key !== null,
      correctedBy: corrector?.nick_name ?? null,
      correctedAt: sub.corrected_at === null ? null : Number(sub.corrected_at),
      answers: answers.map((a) => ({
        questionNo: a.question_no,
        answer: a.answer,
        score: a.score === null ? null : Number(a.score),
        judgement: a.judgement as 'right' | 'wrong' | null,
        adjustment: a.adjustment === null ? null : Number(a.adjustment),
        review: a.review === 1,
        rubricItemIds: applied
          .filter((x) => x.question_no === a.question_no)
          .map((x) => x.rubric_item_id),
        hasImage: a.crop_key !== null,
        continuedParts: a.crop_key === null ? 0 : (continued.get(a.question_no)?.length ?? 0),
        correctedAt: a.corrected_at === null ? null : Number(a.corrected_at),
      })),
      annotations,
    };
  };

  /** The question of a homework, refused when it does not exist. */
  const questionOf = async (homeworkId: number, no: number) => {
    const q = await db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', homeworkId)
      .where('no', '=', no)
      .executeTakeFirst();
    if (!q) throw notFound('题目不存在');
    return q;
  };

  router.sessionRoute(r.scanUpload, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const students = await studentsOf(db, access, homework);
    if (students.length === 0) throw badRequest('您任教的班级没有布置这份作业，不能上传');
    const bytes = decodePaper(body.contentBase64);
    recognize ??= recognizerFromEnv();
    const id = await scanPage(
      { db, files, recognize, now: now(), userId: session.userId },
      homework,
      students,
      { fileName: body.fileName, bytes },
    );
    const row = await db
      .selectFrom('homework_scan_pages as p')
      .leftJoin('homework_submissions as s', 's.id', 'p.submission_id')
      .leftJoin('students as st', 'st.id', 's.student_id')
      .selectAll('p')
      .select('st.name as studentName')
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
    return scanPageView(row, row.studentName ?? null);
  });

  router.sessionRoute(r.scanList, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const students = await studentsOf(db, access, homework);
    const mine = new Set(students.map((s) => s.studentId));
    const [pages, submitted] = await Promise.all([
      db
        .selectFrom('homework_scan_pages as p')
        .leftJoin('homework_submissions as s', 's.id', 'p.submission_id')
        .leftJoin('students as st', 'st.id', 's.student_id')
        .selectAll('p')
        .select(['st.name as studentName', 's.student_id as studentId'])
        .where('p.homework_id', '=', homework.id)
        .orderBy('p.id', 'desc')
        .limit(1000)
        .execute(),
      db
        .selectFrom('homework_submissions')
        .select(['id', 'student_id', 'source'])
        .where('homework_id', '=', homework.id)
        .execute(),
    ]);
    // A scanned hand-in is complete when every page of the sheet arrived.
    const pageCount = toRecognitionTemplate(await homeworkSheetDocument(db, homework)).pageCount;
    const arrived = await pagesArrived(db, homework.id);
    const byId = new Map(students.map((s) => [s.studentId, s]));
    const incomplete = submitted.flatMap((s) => {
      const student = byId.get(s.student_id);
      if (!student || s.source !== 'scan') return [];
      const have = arrived.get(s.id) ?? new Set<number>();
      const missingPages = Array.from({ length: pageCount }, (_, i) => i)
        .filter((i) => !have.has(i))
        .map((i) => i + 1);
      return missingPages.length === 0 || have.size === 0
        ? []
        : [{ studentName: student.name, studentNo: student.studentNo, missingPages }];
    });
    // Matched pages of other teachers' classes are theirs; exceptions are everyone's to settle.
    const visible = pages.filter(
      (p) => p.status === 'exception' || (p.studentId !== null && mine.has(p.studentId)),
    );
    return {
      expected: students.length,
      submitted: submitted.filter((s) => mine.has(s.student_id)).length - incomplete.length,
      openExceptions: visible.filter((p) => p.status === 'exception').length,
      pageCount,
      incomplete,
      pages: visible.map((p) => scanPageView(p, p.studentName ?? null)),
    };
  });

  router.sessionRoute(r.scanResolve, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const page = await db
      .selectFrom('homework_scan_pages as p')
      .innerJoin('homeworks as h', 'h.id', 'p.homework_id')
      .selectAll('p')
      .where('p.id', '=', body.pageId)
      .where('h.school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!page) throw notFound('扫描页不存在');
    const homework = await openForCorrection(db, access, page.homework_id);
    if (page.status !== 'exception') throw badRequest('该扫描页已处理，请刷新');
    const student = (await studentsOf(db, access, homework)).find(
      (s) => s.studentId === body.studentId,
    );
    if (!student) throw notFound('学生不存在');
    await db.transaction().execute((trx) => resolveScan(trx, homework, student, page, now()));
    return scanPageView(
      { ...page, status: 'resolved', submission_id: null, created_at: page.created_at },
      student.name,
    );
  });

  router.sessionRoute(r.correctOverview, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const [students, questions, subs, rubric] = await Promise.all([
      studentsOf(db, access, homework),
      db
        .selectFrom('homework_questions')
        .selectAll()
        .where('homework_id', '=', homework.id)
        .orderBy('no')
        .execute(),
      db
        .selectFrom('homework_submissions as s')
        .select((eb) => [
          's.id',
          's.student_id',
          's.status',
          's.score',
          's.source',
          eb
            .selectFrom('homework_answers as a')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('a.submission_id', '=', 's.id')
            .where('a.score', 'is not', null)
            .as('scored'),
        ])
        .where('s.homework_id', '=', homework.id)
        .execute(),
      rubricOf(db, homework.id),
    ]);
    return {
      id: homework.id,
      name: homework.name,
      questions: questions.map(questionHead),
      students: students.map((s) => {
        const sub = subs.find((x) => x.student_id === s.studentId);
        return {
          studentId: s.studentId,
          studentNo: s.studentNo,
          name: s.name,
          className: s.className,
          status: (sub?.status ?? 'not_submitted') as 'not_submitted',
          submissionId: sub?.id ?? null,
          score: sub?.score === null || !sub ? null : Number(sub.score),
          scored: Number(sub?.scored ?? 0),
          source: (sub?.source ?? null) as 'scan' | null,
        };
      }),
      rubric,
    };
  });

  router.sessionRoute(r.submission, TAG, async ({ body, session }) =>
    detail(accessOf(db, session), body.submissionId),
  );

  router.sessionRoute(r.score, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { sub } = await loadSubmission(db, access, body.submissionId);
    const q = await questionOf(sub.homework_id, body.questionNo);
    if (body.score > Number(q.full_marks))
      throw badRequest(`得分不能超过满分 ${Number(q.full_marks)} 分`);
    await db
      .transaction()
      .execute((trx) => writeScore(trx, sub.id, q, body.score, session.userId, now()));
    return detail(access, sub.id);
  });

  router.sessionRoute(r.applyRubric, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { sub } = await loadSubmission(db, access, body.submissionId);
    const q = await questionOf(sub.homework_id, body.questionNo);
    const items = (await rubricOf(db, sub.homework_id)).filter((i) => i.questionNo === q.no);
    if (body.rubricItemIds.some((id) => !items.some((i) => i.id === id)))
      throw badRequest('评分项不属于这道题，请刷新');
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('homework_answer_rubrics')
        .where('submission_id', '=', sub.id)
        .where('question_no', '=', q.no)
        .execute();
      if (body.rubricItemIds.length > 0)
        await trx
          .insertInto('homework_answer_rubrics')
          .values(
            body.rubricItemIds.map((id) => ({
              submission_id: sub.id,
              question_no: q.no,
              rubric_item_id: id,
            })),
          )
          .execute();
      await trx
        .updateTable('homework_answers')
        .set({
          adjustment: body.adjustment ?? (body.rubricItemIds.length > 0 ? 0 : null),
          review: 0,
          corrected_by: session.userId,
        })
        .where('submission_id', '=', sub.id)
        .where('question_no', '=', q.no)
        .execute();
      await rescoreRubric(
        trx,
        [{ submissionId: sub.id, questionNo: q.no }],
        q.full_marks,
        at,
        session.userId,
      );
    });
    return detail(access, sub.id);
  });

  /** Re-scores every answer an item was applied to (inside the transaction that changed it). */
  const rescoreItem = async (trx: Db, homeworkId: number, itemId: number, questionNo: number) => {
    const q = await trx
      .selectFrom('homework_questions')
      .select('full_marks')
      .where('homework_id', '=', homeworkId)
      .where('no', '=', questionNo)
      .executeTakeFirstOrThrow();
    const applied = await trx
      .selectFrom('homework_answer_rubrics')
      .select(['submission_id as submissionId', 'question_no as questionNo'])
      .where('rubric_item_id', '=', itemId)
      .execute();
    return { applied, fullMarks: q.full_marks };
  };

  router.sessionRoute(r.saveRubricItem, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const homework = await openForCorrection(db, access, body.id);
    const q = await questionOf(homework.id, body.questionNo);
    if (q.type !== 'subjective') throw badRequest('客观题按答案自动计分，不能设置评分项');
    const label = body.label.trim();
    if (label === '') throw badRequest('评分项名称不能为空');
    const at = now();
    const rescored = await db.transaction().execute(async (trx) => {
      if (body.itemId === undefined) {
        await trx
          .insertInto('homework_rubric_items')
          .values({
            homework_id: homework.id,
            question_no: q.no,
            label,
            points: body.points,
            created_by: session.userId,
            updated_at: at,
          })
          .execute();
        return 0;
      }
      const updated = await trx
        .updateTable('homework_rubric_items')
        .set({ label, points: body.points, updated_at: at })
        .where('id', '=', body.itemId)
        .where('homework_id', '=', homework.id)
        .where('question_no', '=', q.no)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound('评分项不存在');
      const { applied, fullMarks } = await rescoreItem(trx, homework.id, body.itemId, q.no);
      return rescoreRubric(trx, applied, fullMarks, at);
    });
    return { items: await rubricOf(db, homework.id), rescored };
  });

  router.sessionRoute(r.removeRubricItem, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const item = await db
      .selectFrom('homework_rubric_items as i')
      .innerJoin('homeworks as h', 'h.id', 'i.homework_id')
      .select(['i.id', 'i.homework_id', 'i.question_no'])
      .where('i.id', '=', body.itemId)
      .where('h.school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!item) throw notFound('评分项不存在');
    const homework = await openForCorrection(db, access, item.homework_id);
    const rescored = await db.transaction().execute(async (trx) => {
      const { applied, fullMarks } = await rescoreItem(trx, homework.id, item.id, item.question_no);
      await trx
        .deleteFrom('homework_answer_rubrics')
        .where('rubric_item_id', '=', item.id)
        .execute();
      await trx.deleteFrom('homework_rubric_items').where('id', '=', item.id).execute();
      return rescoreRubric(trx, applied, fullMarks, now());
    });
    return { items: await rubricOf(db, homework.id), rescored };
  });

  router.sessionRoute(r.annotate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { sub } = await loadSubmission(db, access, body.submissionId);
    await questionOf(sub.homework_id, body.questionNo);
    const text = body.text?.trim() || null;
    if (body.kind === 'text' && text === null) throw badRequest('文字批注不能为空');
    await db
      .insertInto('homework_annotations')
      .values({
        submission_id: sub.id,
        question_no: body.questionNo,
        kind: body.kind,
        x: body.x,
        y: body.y,
        size: body.size,
        text: body.kind === 'text' ? text : null,
        created_by: session.userId,
        created_at: now(),
      })
      .execute();
    return annotationsOf(db, sub.id);
  });

  router.sessionRoute(r.removeAnnotation, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await db
      .selectFrom('homework_annotations as a')
      .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
      .select(['a.id', 'a.submission_id'])
      .where('a.id', '=', body.annotationId)
      .where('s.school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!row) throw notFound('批注不存在');
    await loadSubmission(db, access, row.submission_id);
    await db.deleteFrom('homework_annotations').where('id', '=', row.id).execute();
    return annotationsOf(db, row.submission_id);
  });

  router.sessionDownload(
    {
      url: HOMEWORK_SUBMISSION_IMAGE_URL,
      summary:
        "a hand-in's scanned page (PNG), or one question's crop with questionNo (part n: its n-th continued part)",
      query: Type.Object(
        {
          submissionId: Type.Integer({ minimum: 1 }),
          questionNo: Type.Optional(Type.Integer({ minimum: 1 })),
          part: Type.Optional(Type.Integer({ minimum: 1 })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const { sub, students } = await loadSubmission(db, accessOf(db, session), query.submissionId);
      let key = sub.image_key;
      if (query.questionNo !== undefined && query.part !== undefined)
        key =
          sub.source === 'scan'
            ? ((await continuedCrops(db, sub.id)).get(query.questionNo)?.[query.part - 1] ?? null)
            : null;
      else if (query.questionNo !== undefined)
        key =
          (
            await db
              .selectFrom('homework_answers')
              .select('crop_key')
              .where('submission_id', '=', sub.id)
              .where('question_no', '=', query.questionNo)
              .executeTakeFirst()
          )?.crop_key ?? null;
      const body = key ? await files.get(key) : null;
      if (!body) throw notFound('该提交没有图像');
      const name = students.find((s) => s.studentId === sub.student_id)?.name ?? '学生';
      return {
        // A photo handed in on screen may be a JPG; scans and crops are PNG.
        ...(body[0] === 0xff && body[1] === 0xd8
          ? {
              fileName: `${name}${query.questionNo === undefined ? '' : `-第${query.questionNo}题`}.jpg`,
              contentType: 'image/jpeg',
            }
          : {
              fileName: `${name}${query.questionNo === undefined ? '' : `-第${query.questionNo}题`}${query.part ? `-续${query.part}` : ''}.png`,
              contentType: 'image/png',
            }),
        body,
      };
    },
  );
}
