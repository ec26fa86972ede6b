import {
  COMPOSITION_DIMENSIONS,
  COMPOSITION_DIMENSION_LABELS,
  homeworkCompositionRoutes as r,
  type CompositionDetail,
  type CompositionReview,
  type CompositionRubric,
  type CompositionStudentRow,
  type HomeworkState,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { createChatProvider, type AiProviderConfig, type ChatProvider } from '../../ai/provider';
import { DEFAULT_QUESTIONS_PER_MINUTE } from '../../ai/service';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import { AttemptLimiter } from '../../core/rateLimit';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { contains } from '../../school/common';
import { pageOf } from '../../examtool/paging';
import { loadHomework, requireSchoolBase, type HomeworkRow } from '../access';
import {
  creatable,
  onceByKey,
  homeworkByKey,
  insertPaperlessHomework,
  visibleHomeworks,
} from '../create';
import { summariesOf } from '../views';
import { loadSubmission } from '../submissions/students';
import { writeScore } from '../submissions/scoring';
import type { HomeworkCompositionReviewsTable, HomeworkCompositionsTable } from './tables';
import { suggestEssay, suggestionRefusal } from './aiSuggest';
import { compositionBasicOf, compositionHandIns, exemplaryOf, rubricOf, sumOf } from './report';

const TAG = 'homework';
/** The one question of a composition. */
const ESSAY_NO = 1;

type CompositionRow = Selectable<HomeworkCompositionsTable>;
type ReviewRow = Selectable<HomeworkCompositionReviewsTable>;

/** The rubric's full marks, refused when it gives nothing or more than a question may hold. */
function fullMarksOf(rubric: CompositionRubric): number {
  const full = sumOf(rubric);
  if (full <= 0) throw badRequest('评分标准的总分必须大于 0');
  if (full > 200) throw badRequest('评分标准的总分不能超过 200 分');
  return full;
}

/** The columns of a composition that its creation and its edit write from the request alike. */
function compositionColumns(
  prompt: string,
  body: { genre: string; minWords: number; rubric: CompositionRubric },
) {
  return {
    prompt,
    genre: body.genre,
    min_words: body.minWords,
    content_points: body.rubric.content,
    structure_points: body.rubric.structure,
    language_points: body.rubric.language,
    writing_points: body.rubric.writing,
  };
}

const reviewView = (row: ReviewRow, reviewer: string | null): CompositionReview => {
  const scores = {
    content: Number(row.content),
    structure: Number(row.structure),
    language: Number(row.language),
    writing: Number(row.writing),
  };
  return {
    submissionId: row.submission_id,
    scores,
    total: sumOf(scores),
    comment: row.comment,
    exemplary: row.exemplary === 1,
    reviewedBy: reviewer,
    reviewedAt: Number(row.reviewed_at),
  };
};

export interface CompositionDeps extends DomainDeps {
  /** The school's AI model for AI批改建议; null when none is configured. */
  ai: AiProviderConfig | ChatProvider | null;
  /** AI批改建议 a user may ask a minute, like the assistant's questions. @default 10 */
  aiRequestsPerMinute?: number;
}

/**
 * Registers 作文: list, create, edit, the rubric correction with 评语 and 范文, AI批改建议, the
 * reports.
 */
export function registerHomeworkCompositionRoutes(router: Router, deps: CompositionDeps): void {
  const { db, clock, files } = deps;
  const now = () => clock.now().getTime();
  const provider = !deps.ai ? null : 'chat' in deps.ai ? deps.ai : createChatProvider(deps.ai);
  const limiter = new AttemptLimiter(
    clock,
    deps.aiRequestsPerMinute ?? DEFAULT_QUESTIONS_PER_MINUTE,
    60_000,
  );

  /** A composition the caller sees; any other homework, or none, answers 作文不存在. */
  const open = async (access: Access, id: number) => {
    await requireSchoolBase(access);
    const homework = await loadHomework(db, access, id).catch(() => {
      throw notFound('作文不存在');
    });
    const composition = await db
      .selectFrom('homework_compositions')
      .selectAll()
      .where('homework_id', '=', homework.id)
      .executeTakeFirst();
    if (homework.paper_kind !== 'composition' || !composition) throw notFound('作文不存在');
    return { homework, composition };
  };

  const handInsOf = (access: Access, homework: HomeworkRow) =>
    compositionHandIns(db, access, homework);

  const detailOf = async (
    access: Access,
    homework: HomeworkRow,
    composition: CompositionRow,
  ): Promise<Omit<CompositionDetail, 'aiSuggestion'>> => {
    const [summary] = await summariesOf(db, [homework]);
    const rows = await handInsOf(access, homework);
    return {
      id: homework.id,
      name: homework.name,
      gradeId: homework.grade_id,
      gradeName: summary?.gradeName ?? '',
      subjectId: homework.subject_id,
      subjectName: summary?.subjectName ?? '',
      state: homework.state as HomeworkState,
      genre: composition.genre,
      minWords: composition.min_words,
      fullMarks: sumOf(rubricOf(composition)),
      submitted: rows.filter((x) => x.sub).length,
      corrected: rows.filter((x) => x.sub?.status === 'finished' || x.sub?.status === 'modified')
        .length,
      exemplary: rows.filter((x) => x.review?.exemplary === 1).length,
      createdAt: Number(homework.created_at),
      prompt: composition.prompt,
      rubric: rubricOf(composition),
      estimatedMinutes: homework.estimated_minutes,
    };
  };

  router.sessionRoute(r.compositionPage, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    let q = (await visibleHomeworks(db, access)).where('paper_kind', '=', 'composition');
    const keyword = body.keyWord?.trim();
    if (keyword) q = q.where(contains('name', keyword));
    q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return pageOf(db, q, body, async (rows) => {
      const list = [];
      for (const row of rows) {
        const composition = await db
          .selectFrom('homework_compositions')
          .selectAll()
          .where('homework_id', '=', row.id)
          .executeTakeFirstOrThrow();
        const {
          prompt: _p,
          rubric: _r,
          estimatedMinutes: _e,
          ...summary
        } = await detailOf(access, row, composition);
        list.push(summary);
      }
      return list;
    });
  });

  router.sessionRoute(r.compositionCreate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const findEarlier = () => homeworkByKey(db, session, body.idempotencyKey);
    return onceByKey(findEarlier, async () => {
      const { name, pair } = await creatable(db, access, body);
      const prompt = body.prompt.trim();
      if (prompt === '') throw badRequest('作文要求不能为空');
      const full = fullMarksOf(body.rubric);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const id = await insertPaperlessHomework(trx, session, {
          name,
          pair,
          key: body.idempotencyKey,
          at,
          kind: 'composition',
          estimatedMinutes: body.estimatedMinutes,
          questions: (homeworkId) => [
            {
              homework_id: homeworkId,
              no: ESSAY_NO,
              label: '作文',
              type: 'subjective',
              answer: null,
              full_marks: full,
              bank_question_id: null,
            },
          ],
        });
        await trx
          .insertInto('homework_compositions')
          .values({
            homework_id: id,
            school_id: session.schoolId,
            ...compositionColumns(prompt, body),
          })
          .execute();
        return id;
      });
    });
  });

  router.sessionRoute(r.compositionDetail, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { homework, composition } = await open(access, body.id);
    return {
      ...(await detailOf(access, homework, composition)),
      aiSuggestion: await suggestionRefusal(db, provider, session.schoolId, now()),
    };
  });

  router.sessionRoute(r.compositionEdit, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { homework, composition } = await open(access, body.id);
    const name = body.name.trim();
    if (name === '') throw badRequest('作文名称不能为空');
    const prompt = body.prompt.trim();
    if (prompt === '') throw badRequest('作文要求不能为空');
    const before = rubricOf(composition);
    const rubricChanged = COMPOSITION_DIMENSIONS.some((d) => before[d] !== body.rubric[d]);
    if (rubricChanged && homework.state === 'assigned')
      throw badRequest('作文已布置，评分标准不能再修改');
    const full = fullMarksOf(body.rubric);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('homeworks')
        .set({ name, updated_at: at })
        .where('id', '=', homework.id)
        .execute();
      await trx
        .updateTable('homework_compositions')
        .set(compositionColumns(prompt, body))
        .where('homework_id', '=', homework.id)
        .execute();
      if (rubricChanged)
        await trx
          .updateTable('homework_questions')
          .set({ full_marks: full })
          .where('homework_id', '=', homework.id)
          .where('no', '=', ESSAY_NO)
          .execute();
    });
    const fresh = await open(access, homework.id);
    return {
      ...(await detailOf(access, fresh.homework, fresh.composition)),
      aiSuggestion: await suggestionRefusal(db, provider, session.schoolId, now()),
    };
  });

  /** A hand-in of a composition the caller corrects, with its composition. */
  const essayOf = async (access: Access, submissionId: number) => {
    const { sub, homework } = await loadSubmission(db, access, submissionId);
    const composition = await db
      .selectFrom('homework_compositions')
      .selectAll()
      .where('homework_id', '=', homework.id)
      .executeTakeFirst();
    if (!composition) throw badRequest('这份作业不是作文，请在作业批改中批改');
    return { sub, homework, composition };
  };

  const reviewOf = async (submissionId: number) => {
    const row = await db
      .selectFrom('homework_composition_reviews as v')
      .leftJoin('users as u', 'u.id', 'v.reviewed_by')
      .selectAll('v')
      .select('u.nick_name')
      .where('v.submission_id', '=', submissionId)
      .executeTakeFirst();
    return row ? reviewView(row, row.nick_name ?? null) : null;
  };

  router.sessionRoute(r.compositionReview, TAG, async ({ body, session }) => {
    const { sub } = await essayOf(accessOf(db, session), body.submissionId);
    return reviewOf(sub.id);
  });

  router.sessionRoute(r.compositionCorrect, TAG, async ({ body, session }) => {
    const { sub, homework, composition } = await essayOf(accessOf(db, session), body.submissionId);
    const rubric = rubricOf(composition);
    for (const d of COMPOSITION_DIMENSIONS)
      if (body.scores[d] > rubric[d])
        throw badRequest(`${COMPOSITION_DIMENSION_LABELS[d]}得分不能超过该项满分 ${rubric[d]} 分`);
    const total = sumOf(body.scores);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await writeScore(
        trx,
        sub.id,
        { no: ESSAY_NO, full_marks: sumOf(rubric) },
        total,
        session.userId,
        at,
      );
      await trx
        .deleteFrom('homework_composition_reviews')
        .where('submission_id', '=', sub.id)
        .execute();
      await trx
        .insertInto('homework_composition_reviews')
        .values({
          submission_id: sub.id,
          homework_id: homework.id,
          ...body.scores,
          comment: body.comment.trim(),
          exemplary: body.exemplary ? 1 : 0,
          reviewed_by: session.userId,
          reviewed_at: at,
        })
        .execute();
    });
    return (await reviewOf(sub.id))!;
  });

  router.sessionRoute(r.compositionSuggest, TAG, async ({ body, session }) => {
    const { sub, composition } = await essayOf(accessOf(db, session), body.submissionId);
    return suggestEssay(
      { db, files, provider, limiter, now },
      {
        schoolId: session.schoolId,
        userId: session.userId,
        sub,
        composition,
        rubric: rubricOf(composition),
        questionNo: ESSAY_NO,
      },
    );
  });

  router.sessionRoute(r.exemplary, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { homework } = await open(access, body.id);
    return exemplaryOf(await handInsOf(access, homework));
  });

  router.sessionRoute(r.reportBasic, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { homework, composition } = await open(access, body.id);
    return (await compositionBasicOf(db, access, homework, composition)).basic;
  });

  router.sessionRoute(r.reportStudent, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { homework } = await open(access, body.id);
    const rows = await handInsOf(access, homework);
    return rows.map(({ student, sub, review }): CompositionStudentRow => ({
      studentId: student.studentId,
      studentNo: student.studentNo,
      name: student.name,
      className: student.className,
      status: (sub?.status ?? 'not_submitted') as CompositionStudentRow['status'],
      submissionId: sub?.id ?? null,
      score: sub?.score === null || !sub ? null : Number(sub.score),
      scores: review
        ? {
            content: Number(review.content),
            structure: Number(review.structure),
            language: Number(review.language),
            writing: Number(review.writing),
          }
        : null,
      comment: review?.comment ?? '',
      exemplary: review?.exemplary === 1,
    }));
  });
}
