import { randomInt } from 'node:crypto';
import {
  CROSS_CODE_ALPHABET,
  CROSS_CODE_LENGTH,
  crossSchoolRoutes,
  type CrossInvite,
  type QuestionInput,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { ApiError, badRequest, notFound, tooManyRequests } from '../core/envelope';
import { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { accessOf, inScopeGrade } from '../core/scope';
import { sha256Hex } from '../core/secrets';
import type { SessionInfo } from '../core/session';
import { assertExamManager, loadExam } from '../exam/access';
import { loadQuestionRows, toQuestionTree } from '../exam/paper';
import { saveStructure } from '../exam/paperWrites';
import type { JointViewer } from '../joint/access';
import { addSchoolExam, jointSubjectRows, jointSummaries, schoolCode } from '../joint/exams';
import type { CrossSchoolInvitesTable } from './tables';

const TAG = 'cross-school';
const KEY = 'Exam-Cross-School';
/** How long an invite code stays valid. */
export const INVITE_TTL_MS = 24 * 60 * 60_000;
/** Failed joins per school in the window before the school must wait. */
export const JOIN_FAILURES = 10;
export const JOIN_WINDOW_MS = 15 * 60_000;
export const INVALID_CODE = '邀请码无效、已使用、已撤销或已过期';
const IN_JOINT = '该考试已是联考或跨校考试，不能再邀请学校';

type InviteRow = Selectable<CrossSchoolInvitesTable>;
type Invite = Static<typeof CrossInvite>;

/** The organiser key of cross-school exams: the joint exams a host school created by invite. */
const organiserKey = (hostSchoolId: number) => `cross:${hostSchoolId}`;

/** A fresh code of the readable alphabet (31^8 ≈ 8.5·10^11 codes). */
function newCode(): string {
  let code = '';
  for (let i = 0; i < CROSS_CODE_LENGTH; i++)
    code += CROSS_CODE_ALPHABET[randomInt(CROSS_CODE_ALPHABET.length)];
  return code;
}

/** The code as typed: spaces and dashes dropped, upper case. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const statusOf = (row: InviteRow, now: number): Invite['status'] =>
  row.used_at !== null
    ? 'used'
    : row.revoked_at !== null
      ? 'revoked'
      : Number(row.expires_at) <= now
        ? 'expired'
        : 'live';

/** A paper structure as the input that writes it again (to the guest's exam). */
function asInput(db: Db, examSubjectId: number): Promise<QuestionInput[]> {
  const clean = <T extends Record<string, unknown>>(q: T) => ({
    number: q.number as string,
    kind: q.kind as QuestionInput['kind'],
    fullMarks: q.fullMarks as number,
    ...(q.optionCount !== null && { optionCount: q.optionCount as number }),
    answer: q.answer as string | null,
    partialMarks: q.partialMarks as number | null,
    scoreStep: q.scoreStep as number,
    ...(q.blankCount !== null && { blankCount: q.blankCount as number }),
    knowledgePoints: q.knowledgePoints as string[],
    abilities: q.abilities as string[],
  });
  return loadQuestionRows(db, examSubjectId).then((rows) =>
    toQuestionTree(rows).map((q) => ({
      ...clean(q),
      ...(q.children.length > 0 && { children: q.children.map(clean) }),
    })),
  );
}

/** The cross-school calls (docs/cross-school-exams.md). */
export function registerCrossSchoolRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const joinFailures = new AttemptLimiter(clock, JOIN_FAILURES, JOIN_WINDOW_MS);

  const open = async (session: SessionInfo) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const viewer: JointViewer = { kind: 'school', schoolId: session.schoolId, regionId: null };
    return { access, scope: await access.scope(), viewer };
  };

  const invitesOf = async (schoolId: number, where: (row: InviteRow) => boolean) => {
    const rows = await db
      .selectFrom('cross_school_invites as i')
      .innerJoin('exams as e', 'e.id', 'i.exam_id')
      .leftJoin('schools as g', 'g.id', 'i.guest_school_id')
      .selectAll('i')
      .select(['e.name as exam_name', 'e.grade_id', 'g.name as guest_name'])
      .where('i.school_id', '=', schoolId)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .execute();
    const now = clock.now().getTime();
    return rows.filter(where).map((r): Invite => ({
      id: r.id,
      examId: r.exam_id,
      examName: r.exam_name,
      schoolLabels: r.school_labels === 'codes' ? 'codes' : 'names',
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
      status: statusOf(r, now),
      guestSchoolName: r.guest_name,
    }));
  };

  router.sessionRoute(crossSchoolRoutes.crossList, TAG, async ({ session }) => {
    const { scope, viewer } = await open(session);
    // The school's own exam of each cross-school exam decides whether the caller sees it.
    const own = await db
      .selectFrom('joint_exam_schools as js')
      .innerJoin('joint_exams as j', 'j.id', 'js.joint_exam_id')
      .innerJoin('exams as e', 'e.id', 'js.exam_id')
      .select(['j.id', 'e.grade_id'])
      .where('js.school_id', '=', session.schoolId)
      .where('j.region_id', 'is', null)
      .execute();
    const ids = own.filter((r) => inScopeGrade(scope, r.grade_id)).map((r) => r.id);
    const joints =
      ids.length === 0
        ? []
        : await db
            .selectFrom('joint_exams')
            .selectAll()
            .where('id', 'in', ids)
            .orderBy('exam_date', 'desc')
            .orderBy('id', 'desc')
            .execute();
    const gradeOfExam = new Map(
      (
        await db
          .selectFrom('cross_school_invites as i')
          .innerJoin('exams as e', 'e.id', 'i.exam_id')
          .select(['i.id', 'e.grade_id'])
          .where('i.school_id', '=', session.schoolId)
          .execute()
      ).map((r) => [r.id, r.grade_id]),
    );
    return {
      exams: await jointSummaries(db, viewer, joints),
      invites: await invitesOf(session.schoolId, (r) =>
        inScopeGrade(scope, gradeOfExam.get(r.id) ?? 0),
      ),
    };
  });

  router.sessionRoute(crossSchoolRoutes.crossInvite, TAG, async ({ body, session }) => {
    const { scope } = await open(session);
    const exam = await loadExam(db, session.schoolId, body.examId);
    assertExamManager(scope, exam.grade_id);
    const joined = await db
      .selectFrom('joint_exam_schools')
      .select('joint_exam_id')
      .where('exam_id', '=', exam.id)
      .executeTakeFirst();
    if (joined) throw new ApiError(409, IN_JOINT);
    const code = newCode();
    const now = clock.now().getTime();
    const id = await db.transaction().execute(async (trx) => {
      // One live code per exam: a new one (or a retried call) revokes the earlier.
      await trx
        .updateTable('cross_school_invites')
        .set({ revoked_at: now })
        .where('exam_id', '=', exam.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('cross_school_invites')
        .values({
          school_id: session.schoolId,
          exam_id: exam.id,
          code_hash: sha256Hex(code),
          school_labels: body.schoolLabels,
          created_by: session.userId,
          created_at: now,
          expires_at: now + INVITE_TTL_MS,
          used_at: null,
          guest_school_id: null,
          joint_exam_id: null,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const [invite] = await invitesOf(session.schoolId, (r) => r.id === id);
    return { invite: invite!, code };
  });

  router.sessionRoute(crossSchoolRoutes.crossRevoke, TAG, async ({ body, session }) => {
    const { scope } = await open(session);
    const row = await db
      .selectFrom('cross_school_invites as i')
      .innerJoin('exams as e', 'e.id', 'i.exam_id')
      .select(['i.id', 'e.grade_id'])
      .where('i.id', '=', body.inviteId)
      .where('i.school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!row) throw notFound('邀请码不存在');
    assertExamManager(scope, row.grade_id);
    const now = clock.now().getTime();
    const done = await db
      .updateTable('cross_school_invites')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw badRequest('只能撤销尚未使用的有效邀请码');
    const [invite] = await invitesOf(session.schoolId, (r) => r.id === row.id);
    return invite!;
  });

  router.sessionRoute(crossSchoolRoutes.crossJoin, TAG, async ({ body, session }) => {
    const limitKey = `cross-join:${session.schoolId}`;
    if (joinFailures.waitFor(limitKey) > 0) throw tooManyRequests('尝试次数过多，请稍后再试');
    const { scope, viewer } = await open(session);
    const fail = (error: ApiError) => {
      joinFailures.record(limitKey);
      return error;
    };
    const now = clock.now().getTime();
    const invite = await db
      .selectFrom('cross_school_invites')
      .selectAll()
      .where('code_hash', '=', sha256Hex(normaliseCode(body.code)))
      .executeTakeFirst();
    if (!invite || statusOf(invite, now) !== 'live') throw fail(badRequest(INVALID_CODE));
    if (invite.school_id === session.schoolId) throw badRequest('不能加入本校发出的邀请');
    const host = await db
      .selectFrom('exams as e')
      .innerJoin('grades as g', 'g.id', 'e.grade_id')
      .innerJoin('schools as s', 's.id', 'e.school_id')
      .select([
        'e.id',
        'e.name',
        'e.exam_type',
        'e.exam_date',
        'e.academic_year',
        'g.grade_num',
        's.name as school_name',
      ])
      .where('e.id', '=', invite.exam_id)
      .executeTakeFirstOrThrow();
    const guestName = (
      await db
        .selectFrom('schools')
        .select('name')
        .where('id', '=', session.schoolId)
        .executeTakeFirstOrThrow()
    ).name;
    const guestGrade = await db
      .selectFrom('grades')
      .select('id')
      .where('school_id', '=', session.schoolId)
      .where('academic_year', '=', host.academic_year)
      .where('grade_num', '=', host.grade_num)
      .executeTakeFirst();
    if (!guestGrade) throw badRequest(`${guestName}没有该年级`);
    assertExamManager(scope, guestGrade.id);
    const hostSubjects = await db
      .selectFrom('exam_subjects')
      .select(['id', 'subject_code', 'subject_name', 'full_marks', 'elective'])
      .where('exam_id', '=', host.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const subjects = hostSubjects.map((s) => ({
      subjectCode: s.subject_code,
      subjectName: s.subject_name,
      fullMarks: Number(s.full_marks),
      elective: s.elective === 1,
    }));
    const jointId = await db.transaction().execute(async (trx) => {
      // Uses the code up in one statement: two schools joining at once cannot both succeed.
      const used = await trx
        .updateTable('cross_school_invites')
        .set({ used_at: now, guest_school_id: session.schoolId })
        .where('id', '=', invite.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) === 0) throw badRequest(INVALID_CODE);
      const taken = await trx
        .selectFrom('joint_exam_schools')
        .select('joint_exam_id')
        .where('exam_id', '=', host.id)
        .executeTakeFirst();
      if (taken) throw new ApiError(409, IN_JOINT);
      const { id } = await trx
        .insertInto('joint_exams')
        .values({
          region_id: null,
          lead_school_id: invite.school_id,
          organiser_key: organiserKey(invite.school_id),
          idempotency_key: `invite:${invite.id}`,
          name: host.name,
          exam_type: host.exam_type,
          exam_date: host.exam_date,
          academic_year: host.academic_year,
          grade_num: host.grade_num,
          school_labels: invite.school_labels,
          created_by: session.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (subjects.length > 0)
        await trx
          .insertInto('joint_exam_subjects')
          .values(jointSubjectRows(id, subjects))
          .execute();
      await trx
        .insertInto('joint_exam_schools')
        .values({
          joint_exam_id: id,
          school_id: invite.school_id,
          exam_id: host.id,
          code: schoolCode(0),
          sort_order: 0,
        })
        .execute();
      const guestExamId = await addSchoolExam(
        trx,
        {
          jointExamId: id,
          academicYear: host.academic_year,
          gradeNum: host.grade_num,
          examType: host.exam_type,
          name: host.name,
          examDate: host.exam_date,
          createdBy: session.userId,
          subjects,
          at: now,
        },
        session.schoolId,
        guestName,
        1,
      );
      // One paper structure and answer key: the host's, written to the guest's exam.
      const guestSubjects = await trx
        .selectFrom('exam_subjects')
        .select(['id', 'subject_code'])
        .where('exam_id', '=', guestExamId)
        .execute();
      for (const s of hostSubjects) {
        const questions = await asInput(trx, s.id);
        const target = guestSubjects.find((g) => g.subject_code === s.subject_code);
        if (questions.length > 0 && target) await saveStructure(trx, target.id, questions, now);
      }
      await trx
        .updateTable('cross_school_invites')
        .set({ joint_exam_id: id })
        .where('id', '=', invite.id)
        .execute();
      return id;
    });
    const [joint] = await jointSummaries(db, viewer, [
      await db
        .selectFrom('joint_exams')
        .selectAll()
        .where('id', '=', jointId)
        .executeTakeFirstOrThrow(),
    ]);
    return joint!;
  });
}
