import { academicYearOf, jointExamRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { checkSubjects } from '../exam/exams';
import { validateStructure } from '../exam/paper';
import { saveStructure } from '../exam/paperWrites';
import { refusal, rulesOf } from '../exam/states';
import {
  assertOrganiserRole,
  jointViewer,
  loadJoint,
  loadOrganised,
  type JointViewer,
} from './access';
import { createJoint, jointSummaries } from './exams';

const TAG = 'joint';

/** The joint exam calls of `jointExamRoutes` but the reports (docs/joint-exams.md). */
export function registerJointRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  const summary = async (viewer: JointViewer, id: number) => {
    const joint = await loadJoint(db, viewer, id);
    const [data] = await jointSummaries(db, viewer, [joint]);
    return data!;
  };

  router.sessionRoute(jointExamRoutes.jointList, TAG, async ({ session }) => {
    const viewer = await jointViewer(db, session);
    let query = db.selectFrom('joint_exams as j').selectAll('j');
    query =
      viewer.kind === 'bureau'
        ? // The region's joint exams, and cross-school exams between two of its schools.
          query.where((eb) =>
            eb.or([
              eb('j.region_id', '=', viewer.regionId),
              eb.and([
                eb('j.region_id', 'is', null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('joint_exam_schools as js')
                      .select('js.school_id')
                      .whereRef('js.joint_exam_id', '=', 'j.id')
                      .where('js.school_id', 'not in', (sub) =>
                        sub
                          .selectFrom('region_schools')
                          .select('school_id')
                          .where('region_id', '=', viewer.regionId),
                      ),
                  ),
                ),
              ]),
            ]),
          )
        : query.where('j.id', 'in', (eb) =>
            eb
              .selectFrom('joint_exam_schools')
              .select('joint_exam_id')
              .where('school_id', '=', viewer.schoolId),
          );
    const joints = await query.orderBy('j.exam_date', 'desc').orderBy('j.id', 'desc').execute();
    return jointSummaries(db, viewer, joints);
  });

  router.sessionRoute(jointExamRoutes.jointCreate, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    await assertOrganiserRole(db, session, viewer);
    const regionId = viewer.kind === 'bureau' ? viewer.regionId : viewer.regionId!;
    const organiserKey =
      viewer.kind === 'bureau' ? `region:${regionId}` : `school:${viewer.schoolId}`;
    const earlier = await db
      .selectFrom('joint_exams')
      .select('id')
      .where('organiser_key', '=', organiserKey)
      .where('idempotency_key', '=', body.idempotencyKey)
      .executeTakeFirst();
    if (earlier) return summary(viewer, earlier.id);
    checkSubjects(body.subjects);
    const schoolIds = [...new Set(body.schoolIds)];
    if (schoolIds.length < 2) throw badRequest('联考至少需要两所学校');
    if (viewer.kind === 'school' && !schoolIds.includes(viewer.schoolId))
      throw badRequest('组织联考的学校须参加本次联考');
    await assertRegionMembers(db, regionId, schoolIds);
    const id = await db
      .transaction()
      .execute((trx) =>
        createJoint(trx, clock, {
          regionId,
          leadSchoolId: viewer.kind === 'school' ? viewer.schoolId : null,
          organiserKey,
          idempotencyKey: body.idempotencyKey,
          name: body.name,
          examType: body.examType,
          examDate: body.examDate,
          academicYear: academicYearOf(clock.now()),
          gradeNum: body.gradeNum,
          schoolIds,
          subjects: body.subjects,
          schoolLabels: body.schoolLabels,
          createdBy: session.userId,
        }),
      )
      .catch(async (error: unknown) => {
        // A concurrent retry with the same key lost the race: answer the first call's exam.
        const first = await db
          .selectFrom('joint_exams')
          .select('id')
          .where('organiser_key', '=', organiserKey)
          .where('idempotency_key', '=', body.idempotencyKey)
          .executeTakeFirst();
        if (first) return first.id;
        throw error;
      });
    return summary(viewer, id);
  });

  router.sessionRoute(jointExamRoutes.jointDetail, TAG, async ({ body, session }) =>
    summary(await jointViewer(db, session), body.jointExamId),
  );

  router.sessionRoute(jointExamRoutes.jointUpdate, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadOrganised(db, viewer, body.jointExamId);
    const at = clock.now().getTime();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('joint_exams')
        .set({
          ...(body.name !== undefined && { name: body.name.trim() }),
          ...(body.examDate !== undefined && { exam_date: body.examDate }),
          ...(body.schoolLabels !== undefined && { school_labels: body.schoolLabels }),
          updated_at: at,
        })
        .where('id', '=', joint.id)
        .execute();
      if (body.name !== undefined || body.examDate !== undefined)
        await trx
          .updateTable('exams')
          .set({
            ...(body.name !== undefined && { name: body.name.trim() }),
            ...(body.examDate !== undefined && { exam_date: body.examDate }),
            updated_at: at,
          })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('joint_exam_schools')
              .select('exam_id')
              .where('joint_exam_id', '=', joint.id),
          )
          .execute();
    });
    return summary(viewer, joint.id);
  });

  router.sessionRoute(jointExamRoutes.jointQuestionsSave, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadOrganised(db, viewer, body.jointExamId);
    validateStructure(body.questions);
    const at = clock.now().getTime();
    const count = await db.transaction().execute(async (trx) => {
      const targets = await trx
        .selectFrom('joint_exam_schools as js')
        .innerJoin('exams as e', 'e.id', 'js.exam_id')
        .innerJoin('schools as s', 's.id', 'js.school_id')
        .leftJoin('exam_subjects as es', (join) =>
          join.onRef('es.exam_id', '=', 'e.id').on('es.subject_code', '=', body.subjectCode),
        )
        .select(['e.state', 's.name as schoolName', 'es.id as subjectId'])
        .where('js.joint_exam_id', '=', joint.id)
        .orderBy('js.sort_order')
        .execute();
      for (const t of targets) {
        if (t.subjectId === null) throw badRequest('本次联考没有该科目');
        if (!rulesOf(t.state).paper)
          throw badRequest(`${t.schoolName}：${refusal(t.state, 'paper')}`);
      }
      for (const t of targets) await saveStructure(trx, t.subjectId!, body.questions, at);
      return targets.length;
    });
    return { schools: count };
  });
}

/** Refuses a school outside the organiser's region (named by id only: the organiser chose it). */
async function assertRegionMembers(db: Db, regionId: number, schoolIds: readonly number[]) {
  const members = await db
    .selectFrom('region_schools')
    .select('school_id')
    .where('region_id', '=', regionId)
    .where('school_id', 'in', [...schoolIds])
    .execute();
  if (members.length !== schoolIds.length) throw forbidden('所选学校不在本区域');
}
