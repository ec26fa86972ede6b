import {
  homeworkGroupRoutes as r,
  type HomeworkGroup,
  type HomeworkGroupReport,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { gradeSubjectFieldsOf } from '../gradeSubjectFields';
import { reachable, reachesRow, visibleHomeworks } from '../create';
import { studentsOf } from '../submissions/students';
import type { HomeworkGroupsTable } from './tables';
import { round1 } from '../rounding';

const TAG = 'homework';
const KEY = 'Homework-Group';
const isDone = (status: string) => status === 'finished' || status === 'modified';

type GroupRow = Selectable<HomeworkGroupsTable>;

/**
 * Registers 作业分组: groups of homework per grade × subject, seen by every teacher of that
 * grade × subject (and school-wide roles); changed and deleted by their maker or a school-wide role.
 */
export function registerHomeworkGroupRoutes(router: Router, { db, clock }: DomainDeps): void {
  /** The grade × subject pairs the caller reaches, as `grade:subject` keys. */
  const pairsOf = async (access: Access) =>
    new Set(
      (await reachable(db, await access.scope())).map((p) => `${p.grade.id}:${p.subject.id}`),
    );

  const viewsOf = async (access: Access, rows: GroupRow[]): Promise<HomeworkGroup[]> => {
    if (rows.length === 0) return [];
    const scope = await access.scope();
    const ids = rows.map((g) => g.id);
    const [items, gradeSubject, users] = await Promise.all([
      db
        .selectFrom('homework_group_items')
        .selectAll()
        .where('group_id', 'in', ids)
        .orderBy('position')
        .execute(),
      gradeSubjectFieldsOf(db, rows),
      db
        .selectFrom('users')
        .select(['id', 'nick_name'])
        .where(
          'id',
          'in',
          rows.map((g) => g.created_by),
        )
        .execute(),
    ]);
    return rows.map((g) => ({
      id: g.id,
      name: g.name,
      ...gradeSubject(g),
      homeworkIds: items.filter((i) => i.group_id === g.id).map((i) => i.homework_id),
      creatorName: users.find((u) => u.id === g.created_by)?.nick_name ?? '',
      mine: g.created_by === access.session.userId || scope.schoolWide,
      updatedAt: Number(g.updated_at),
    }));
  };

  /** A group of the session's school and year in the caller's reach; otherwise as missing. */
  const load = async (access: Access, id: number): Promise<GroupRow> => {
    await access.require(KEY);
    const row = await db
      .selectFrom('homework_groups')
      .selectAll()
      .where('id', '=', id)
      .where('school_id', '=', access.session.schoolId)
      .where('academic_year', '=', access.session.academicYear)
      .executeTakeFirst();
    if (!row || !(await reachesRow(db, access, row))) throw notFound('作业分组不存在');
    return row;
  };

  router.sessionRoute(r.groupList, TAG, async ({ session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const scope = await access.scope();
    const pairs = [...(await pairsOf(access))].map((k) => k.split(':').map(Number));
    let q = db
      .selectFrom('homework_groups')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('academic_year', '=', session.academicYear);
    if (!scope.schoolWide)
      q = q.where((eb) =>
        eb.or([
          eb('created_by', '=', session.userId),
          ...pairs.map(([g, s]) => eb.and([eb('grade_id', '=', g!), eb('subject_id', '=', s!)])),
        ]),
      );
    return viewsOf(access, await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute());
  });

  router.sessionRoute(r.groupSave, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const name = body.name.trim();
    if (name === '') throw badRequest('请填写分组名称');
    if (!(await pairsOf(access)).has(`${body.gradeId}:${body.subjectId}`))
      throw badRequest('年级或科目不存在，或不在您的任教范围');
    // Every homework must be one the caller sees, of this grade × subject.
    const found = await (
      await visibleHomeworks(db, access)
    )
      .where('id', 'in', body.homeworkIds)
      .where('grade_id', '=', body.gradeId)
      .where('subject_id', '=', body.subjectId)
      .execute();
    if (found.length !== body.homeworkIds.length)
      throw notFound('作业不存在，或不属于所选年级科目');
    const at = clock.now().getTime();
    let existing = body.id === null ? null : await load(access, body.id);
    if (existing === null) {
      // A retried create (same maker, same name) answers the group it made.
      const same = await db
        .selectFrom('homework_groups')
        .selectAll()
        .where('school_id', '=', session.schoolId)
        .where('academic_year', '=', session.academicYear)
        .where('grade_id', '=', body.gradeId)
        .where('subject_id', '=', body.subjectId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (same && same.created_by !== session.userId) throw badRequest('同名的作业分组已存在');
      existing = same ?? null;
    } else if (!(await viewsOf(access, [existing]))[0]!.mine) {
      throw badRequest('只有创建人可以修改这个分组');
    }
    const groupId = await db.transaction().execute(async (trx) => {
      let id: number;
      if (existing) {
        id = existing.id;
        const clash = await trx
          .selectFrom('homework_groups')
          .select('id')
          .where('school_id', '=', session.schoolId)
          .where('academic_year', '=', session.academicYear)
          .where('grade_id', '=', body.gradeId)
          .where('subject_id', '=', body.subjectId)
          .where('name', '=', name)
          .where('id', '!=', id)
          .executeTakeFirst();
        if (clash) throw badRequest('同名的作业分组已存在');
        await trx
          .updateTable('homework_groups')
          .set({ name, grade_id: body.gradeId, subject_id: body.subjectId, updated_at: at })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('homework_group_items').where('group_id', '=', id).execute();
      } else {
        id = (
          await trx
            .insertInto('homework_groups')
            .values({
              school_id: session.schoolId,
              academic_year: session.academicYear,
              grade_id: body.gradeId,
              subject_id: body.subjectId,
              name,
              created_by: session.userId,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      await trx
        .insertInto('homework_group_items')
        .values(
          body.homeworkIds.map((homework_id, i) => ({ group_id: id, homework_id, position: i })),
        )
        .execute();
      return id;
    });
    const row = await load(access, groupId);
    return (await viewsOf(access, [row]))[0]!;
  });

  router.sessionRoute(r.groupRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    if (!(await viewsOf(access, [row]))[0]!.mine) throw badRequest('只有创建人可以删除这个分组');
    await db.deleteFrom('homework_groups').where('id', '=', row.id).execute();
    return null;
  });

  router.sessionRoute(r.groupReport, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await load(access, body.id);
    const [group] = await viewsOf(access, [row]);
    // The group's homework the caller still sees, in the group's order.
    const visible = await (
      await visibleHomeworks(db, access)
    )
      .where('id', 'in', [0, ...group!.homeworkIds])
      .execute();
    const ordered = group!.homeworkIds
      .map((id) => visible.find((h) => h.id === id))
      .filter((h) => h !== undefined);
    const homeworks: HomeworkGroupReport['homeworks'] = [];
    const students = new Map<number, HomeworkGroupReport['students'][number]>();
    for (const h of ordered) {
      const questions = await db
        .selectFrom('homework_questions')
        .select('full_marks')
        .where('homework_id', '=', h.id)
        .execute();
      const fullMarks = questions.reduce((s, q) => s + Number(q.full_marks), 0);
      const assigned = h.state === 'assigned';
      const mine = assigned ? await studentsOf(db, access, h) : [];
      const subs = mine.length
        ? await db
            .selectFrom('homework_submissions')
            .select(['student_id', 'status', 'score'])
            .where('homework_id', '=', h.id)
            .where(
              'student_id',
              'in',
              mine.map((s) => s.studentId),
            )
            .execute()
        : [];
      const done = subs.filter((s) => isDone(s.status));
      homeworks.push({
        id: h.id,
        name: h.name,
        assigned,
        fullMarks,
        expected: mine.length,
        submitted: subs.length,
        average: done.length
          ? round1(done.reduce((s, x) => s + Number(x.score ?? 0), 0) / done.length)
          : null,
      });
      for (const s of mine) {
        const entry = students.get(s.studentId) ?? {
          studentNo: s.studentNo,
          name: s.name,
          className: s.className,
          expected: 0,
          submitted: 0,
          score: 0,
          fullMarks: 0,
          rate: null,
        };
        entry.expected += 1;
        const sub = subs.find((x) => x.student_id === s.studentId);
        if (sub) {
          entry.submitted += 1;
          entry.score = round1(entry.score + Number(sub.score ?? 0));
          entry.fullMarks += fullMarks;
          entry.rate = entry.fullMarks > 0 ? round1((entry.score / entry.fullMarks) * 100) : null;
        }
        students.set(s.studentId, entry);
      }
    }
    return {
      group: group!,
      homeworks,
      students: [...students.values()].sort((a, b) => a.studentNo.localeCompare(b.studentNo)),
    };
  });
}
