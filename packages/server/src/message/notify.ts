import type { Clock } from '../core/clock';
import type { Db } from '../core/database';

/** The kinds of `MESSAGE_KINDS` (`@examkit/contracts`). */
export type MessageKindValue =
  | 'marking_assigned'
  | 'marking_finished'
  | 'report_published'
  | 'import_finished'
  | 'print_ready'
  | 'homework_assigned'
  | 'homework_due'
  | 'region_invited'
  | 'notice';

/** Who receives a message; the groups are joined and each person gets it once. */
export interface Audience {
  /** These users of the school. */
  userIds?: readonly number[];
  /** The teachers (任课教师 of any subject and 班主任) of these classes in the academic year. */
  classTeachers?: { academicYear: number; classIds: readonly number[] };
  /** The holders of these roles in the academic year. */
  roleHolders?: { academicYear: number; roleIds: readonly number[] };
  /** The people named on these marking blocks (markers, arbitrators, leaders). */
  blockIds?: readonly number[];
  /** The teachers of the classes taking this exam, in the exam's academic year. */
  examTeachers?: number;
  /** The people named on any marking block of this exam subject. */
  subjectMarkers?: number;
}

export interface Notification {
  schoolId: number;
  kind: MessageKindValue;
  title: string;
  content: string;
  /** A page of the product the message is about. */
  link?: string | null;
  /** The administrator writing a notice. */
  senderId?: number | null;
  /**
   * The same event sent twice (a block saved again, a report published again after a
   * withdrawal) reaches only those who have no message with this key yet.
   */
  dedupeKey?: string;
  to: Audience;
}

const CHUNK = 500;

/** The user ids of an audience, within the school. */
async function recipientsOf(db: Db, schoolId: number, to: Audience): Promise<number[]> {
  const ids = new Set<number>(to.userIds ?? []);
  const { roleHolders, blockIds } = to;
  let { classTeachers } = to;
  if (to.examTeachers !== undefined) {
    const exam = await db
      .selectFrom('exams')
      .select('academic_year')
      .where('id', '=', to.examTeachers)
      .where('school_id', '=', schoolId)
      .executeTakeFirst();
    const classes = await db
      .selectFrom('exam_classes')
      .select('class_id')
      .where('exam_id', '=', to.examTeachers)
      .execute();
    if (exam)
      classTeachers = {
        academicYear: exam.academic_year,
        classIds: [...(classTeachers?.classIds ?? []), ...classes.map((c) => c.class_id)],
      };
  }
  if (classTeachers && classTeachers.classIds.length > 0) {
    const classIds = [...classTeachers.classIds];
    // 任课教师 of any subject, and 班主任.
    for (const table of ['teaching_assignments', 'class_roles'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('user_id')
        .where('school_id', '=', schoolId)
        .where('academic_year', '=', classTeachers.academicYear)
        .where('class_id', 'in', classIds)
        .execute();
      for (const r of rows) ids.add(r.user_id);
    }
  }
  if (roleHolders && roleHolders.roleIds.length > 0) {
    const rows = await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('ur.user_id')
      .where('r.school_id', '=', schoolId)
      .where('ur.academic_year', '=', roleHolders.academicYear)
      .where('ur.role_id', 'in', [...roleHolders.roleIds])
      .execute();
    for (const r of rows) ids.add(r.user_id);
  }
  if ((blockIds && blockIds.length > 0) || to.subjectMarkers !== undefined) {
    let q = db
      .selectFrom('marking_block_users as bu')
      .innerJoin('marking_blocks as b', 'b.id', 'bu.block_id')
      .select('bu.user_id')
      .where('b.school_id', '=', schoolId)
      .where('b.joint_exam_id', 'is', null);
    if (blockIds && blockIds.length > 0) q = q.where('bu.block_id', 'in', [...blockIds]);
    if (to.subjectMarkers !== undefined) q = q.where('b.exam_subject_id', '=', to.subjectMarkers);
    const rows = await q.execute();
    for (const r of rows) ids.add(r.user_id);
  }
  if (ids.size === 0) return [];
  // Only active users of this school: ids given by a caller are checked too.
  const found: number[] = [];
  const all = [...ids];
  for (let i = 0; i < all.length; i += CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('status', '=', 1)
      .where('id', 'in', all.slice(i, i + CHUNK))
      .execute();
    found.push(...rows.map((r) => r.id));
  }
  return found.sort((a, b) => a - b);
}

/**
 * Sends a message: the one function the other domains call when something a person should
 * know about happened (docs/messages.md). Writes the message and one unread receipt per
 * recipient, in a transaction of its own; answers the new message's id (null when nobody was
 * left to tell).
 */
export async function notify(
  db: Db,
  clock: Clock,
  n: Notification,
): Promise<{ id: number | null; recipients: number }> {
  const at = clock.now().getTime();
  return db.transaction().execute((trx) => notifyIn(trx, at, n));
}

/**
 * `notify` inside the caller's transaction (`trx`), for a domain whose message belongs to a
 * change it is making: the message is written, or rolled back, with that change.
 */
export async function notifyIn(
  trx: Db,
  at: number,
  n: Notification,
): Promise<{ id: number | null; recipients: number }> {
  let userIds = await recipientsOf(trx, n.schoolId, n.to);
  if (n.dedupeKey !== undefined && userIds.length > 0) {
    const told = await trx
      .selectFrom('message_receipts as mr')
      .innerJoin('messages as m', 'm.id', 'mr.message_id')
      .select('mr.user_id')
      .where('m.school_id', '=', n.schoolId)
      .where('m.dedupe_key', '=', n.dedupeKey)
      .execute();
    const already = new Set(told.map((r) => r.user_id));
    userIds = userIds.filter((id) => !already.has(id));
  }
  if (userIds.length === 0) return { id: null, recipients: 0 };
  const { id } = await trx
    .insertInto('messages')
    .values({
      school_id: n.schoolId,
      kind: n.kind,
      title: n.title,
      content: n.content,
      link: n.link ?? null,
      sender_id: n.senderId ?? null,
      dedupe_key: n.dedupeKey ?? null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    await trx
      .insertInto('message_receipts')
      .values(
        userIds
          .slice(i, i + CHUNK)
          .map((user_id) => ({ message_id: id, user_id, school_id: n.schoolId, read_at: null })),
      )
      .execute();
  }
  return { id, recipients: userIds.length };
}
