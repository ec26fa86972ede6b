import { bankQuestionInputOf, regionCloudRoutes as r } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { bureauOfSession } from '../region/bureau';
import { regionOfSchool } from './cloudScope';
import { inputOf, insertPaper, paperDetail } from './papers';
import { insertQuestion, loadQuestions } from './questions';

const TAG = 'resource';

export const NOT_PUBLISHER_MESSAGE = '只有教育局账号可以发布到区域云题库';

/** Who publishes: a bureau seat of a member school, with the region it publishes into. */
interface Publisher {
  schoolId: number;
  userId: number;
  regionId: number;
}

/**
 * The bureau seat of the session, in a school of its own region, or null: only such a seat
 * publishes (a school's staff never write a cloud bank).
 */
export async function publisherOf(db: Db, session: SessionInfo): Promise<Publisher | null> {
  const bureau = await bureauOfSession(db, session);
  if (!bureau) return null;
  const regionId = await regionOfSchool(db, session.schoolId);
  if (regionId !== bureau.region_id) return null;
  return { schoolId: session.schoolId, userId: session.userId, regionId };
}

const questionKey = (regionId: number, id: number) => `region:${regionId}:question:${id}`;
const paperKey = (regionId: number, id: number) => `region:${regionId}:paper:${id}`;

/**
 * Copies one of the school's questions into the region's cloud bank (in the caller's
 * transaction). The copy keeps the shared tree's knowledge points (the school's own nodes stay
 * with the school); publishing the same question again answers the first copy.
 */
export async function publishQuestion(
  trx: Db,
  clock: Clock,
  who: Publisher,
  questionId: number,
): Promise<{ questionId: number; created: boolean }> {
  const key = questionKey(who.regionId, questionId);
  const earlier = await trx
    .selectFrom('questions')
    .select('id')
    .where('region_id', '=', who.regionId)
    .where('request_key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (earlier) return { questionId: earlier.id, created: false };
  const live = await trx
    .selectFrom('questions')
    .select('id')
    .where('id', '=', questionId)
    .where('school_id', '=', who.schoolId)
    .where('parent_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const [item] = live ? await loadQuestions(trx, who.schoolId, [questionId]) : [];
  if (!item) throw notFound('试题不存在');
  const input = bankQuestionInputOf(item);
  const shared = input.pointIds.length
    ? await trx
        .selectFrom('knowledge_points')
        .select('id')
        .where('id', 'in', input.pointIds)
        .where('school_id', 'is', null)
        .execute()
    : [];
  const sharedIds = new Set(shared.map((p) => p.id));
  const id = await insertQuestion(
    trx,
    clock,
    { schoolId: null, regionId: who.regionId, userId: who.userId, requestKey: key },
    { ...input, pointIds: input.pointIds.filter((p) => sharedIds.has(p)) },
  );
  return { questionId: id, created: true };
}

/**
 * Copies one of the school's papers into the region's cloud bank in one transaction: its own
 * questions are published first (a question already in a cloud bank the region reads is kept),
 * then the paper with the same sections and scores. Publishing it again answers the first copy.
 */
export async function publishPaper(
  db: Db,
  clock: Clock,
  who: Publisher,
  paperId: number,
): Promise<{ paperId: number; created: boolean }> {
  const paper = await paperDetail(db, who.schoolId, paperId);
  if (paper.bank !== 'school') throw badRequest('只能发布本校的试卷');
  const key = paperKey(who.regionId, paperId);
  return db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('papers')
      .select('id')
      .where('region_id', '=', who.regionId)
      .where('request_key', '=', key)
      .executeTakeFirst();
    if (earlier) return { paperId: earlier.id, created: false };
    const input = inputOf(paper);
    const copies = new Map<number, number>();
    for (const section of paper.sections)
      for (const { question } of section.questions)
        if (question.bank === 'school')
          copies.set(question.id, (await publishQuestion(trx, clock, who, question.id)).questionId);
    const id = await insertPaper(
      trx,
      { schoolId: null, regionId: who.regionId, userId: who.userId },
      {
        ...input,
        sections: input.sections.map((s) => ({
          ...s,
          questions: s.questions.map((q) => ({
            ...q,
            questionId: copies.get(q.questionId) ?? q.questionId,
          })),
        })),
      },
      clock.now().getTime(),
      key,
    );
    return { paperId: id, created: true };
  });
}

/** /marking-resources/region-cloud: the bureau seat's publishing (docs/resources.md). */
export function registerRegionCloudRoutes(
  router: Router,
  { db, clock }: Pick<DomainDeps, 'db' | 'clock'>,
): void {
  const requirePublisher = async (session: SessionInfo) => {
    await accessOf(db, session).require('Paper-School');
    const who = await publisherOf(db, session);
    if (!who) throw forbidden(NOT_PUBLISHER_MESSAGE);
    return who;
  };

  router.sessionRoute(r.status, TAG, async ({ session }) => {
    const who = await publisherOf(db, session);
    if (!who) return { canPublish: false, regionName: null };
    const region = await db
      .selectFrom('regions')
      .select('name')
      .where('id', '=', who.regionId)
      .executeTakeFirstOrThrow();
    return { canPublish: true, regionName: region.name };
  });

  router.sessionRoute(r.publishQuestion, TAG, async ({ body, session }) => {
    const who = await requirePublisher(session);
    return db.transaction().execute((trx) => publishQuestion(trx, clock, who, body.questionId));
  });

  router.sessionRoute(r.publishPaper, TAG, async ({ body, session }) => {
    const who = await requirePublisher(session);
    return publishPaper(db, clock, who, body.id);
  });
}
