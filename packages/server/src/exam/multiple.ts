import { examBatchRoutes, type ExamSummary } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope } from '../core/scope';
import { assertExamManager, EXAM_SINGLE, requireAnyPermission } from './access';
import {
  checkSubjects,
  createDraftExam,
  requestedDraft,
  resolveParticipants,
  summariesOf,
} from './exams';

/**
 * 多科考试 (/exam/single/multiple): one draft exam per grade with the same subjects, all or none;
 * the idempotency key makes a retry answer the first call's exams (docs/exams.md#多科考试).
 */
export function registerMultipleExamRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  router.sessionRoute(examBatchRoutes.createMultiple, 'exam', async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const earlier = await batchExams(db, session.schoolId, body.idempotencyKey);
    if (earlier) return { exams: earlier, created: false };
    checkSubjects(body.subjects);
    const gradeIds = [...new Set(body.gradeIds)];
    const grades = await db
      .selectFrom('grades')
      .select(['id', 'name', 'academic_year'])
      .where('school_id', '=', session.schoolId)
      .where('id', 'in', gradeIds)
      .orderBy('grade_num')
      .orderBy('id')
      .execute();
    if (grades.length !== gradeIds.length) throw badRequest('年级不存在');
    const scope = await loadScope(db, session);
    for (const g of grades) assertExamManager(scope, g.id);
    const plans: {
      grade: (typeof grades)[number];
      classIds: number[];
      participants: Awaited<ReturnType<typeof resolveParticipants>>;
    }[] = [];
    for (const grade of grades) {
      const classIds = (
        await db.selectFrom('classes').select('id').where('grade_id', '=', grade.id).execute()
      ).map((c) => c.id);
      if (classIds.length === 0) throw badRequest(`${grade.name}还没有班级`);
      const participants = await resolveParticipants(db, session.schoolId, {
        gradeId: grade.id,
        classIds,
        studentIds: undefined,
      }).catch(() => {
        throw badRequest(`${grade.name}还没有学生`);
      });
      plans.push({ grade, classIds, participants });
    }
    const at = clock.now().getTime();
    try {
      const ids = await db.transaction().execute(async (trx) => {
        // The key first: a concurrent retry waits here and then fails on it, creating nothing.
        await trx
          .insertInto('exam_batches')
          .values({
            school_id: session.schoolId,
            idempotency_key: body.idempotencyKey,
            user_id: session.userId,
            exam_ids: '[]',
            created_at: at,
          })
          .execute();
        const created: number[] = [];
        for (const { grade, classIds, participants } of plans) {
          const examId = await createDraftExam(trx, {
            ...requestedDraft(session, grade, body, at),
            subjects: body.subjects,
            classIds,
            participants,
          });
          created.push(examId);
        }
        await trx
          .updateTable('exam_batches')
          .set({ exam_ids: JSON.stringify(created) })
          .where('school_id', '=', session.schoolId)
          .where('idempotency_key', '=', body.idempotencyKey)
          .execute();
        return created;
      });
      const rows = await db.selectFrom('exams').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        exams: await summariesOf(
          db,
          ids.flatMap((id) => byId.get(id) ?? []),
        ),
        created: true,
      };
    } catch (error) {
      const raced = await batchExams(db, session.schoolId, body.idempotencyKey);
      if (raced) return { exams: raced, created: false };
      throw error;
    }
  });
}

/** The exams a key created before (those not deleted since), or null for a new key. */
async function batchExams(db: Db, schoolId: number, key: string): Promise<ExamSummary[] | null> {
  const batch = await db
    .selectFrom('exam_batches')
    .select('exam_ids')
    .where('school_id', '=', schoolId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!batch) return null;
  const ids = JSON.parse(batch.exam_ids) as number[];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('exams')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return summariesOf(db, rows);
}
