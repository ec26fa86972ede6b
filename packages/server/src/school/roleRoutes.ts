import {
  administrationRoutes as r,
  permissionCatalogue,
  PERMISSION_KEYS,
} from '@examkit/contracts';
import { sql } from 'kysely';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { guardedRoutes } from '../core/guardedRoute';
import type { Router } from '../core/router';
import { assertSchoolWide } from '../core/scope';
import type { DomainDeps } from '../core/deps';
import { teacherOf } from './common';

const TAG = 'administration';

async function roleOf(db: Db, schoolId: number, id: number) {
  const row = await db
    .selectFrom('roles')
    .select(['id', 'role_name'])
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw notFound('角色不存在');
  return row;
}

async function assertFreeName(db: Db, schoolId: number, name: string, except?: number) {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', name);
  if (except !== undefined) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw badRequest('角色名称已存在');
}

/** Roles, their permission keys and data scope, and who holds them this academic year. */
export function registerRoleRoutes(router: Router, { db }: DomainDeps): void {
  const route = guardedRoutes(router, db, TAG);
  const role = { permission: 'System-Role' };
  route(r.roleList, role, async ({ session }) => {
    const rows = await db
      .selectFrom('roles as ro')
      .leftJoin('role_scopes as rs', 'rs.role_id', 'ro.id')
      .select((eb) => [
        'ro.id',
        'ro.role_name',
        'rs.school_wide',
        eb
          .selectFrom('user_roles as ur')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('ur.role_id', '=', 'ro.id')
          .where('ur.academic_year', '=', session.academicYear)
          .as('userCount'),
      ])
      .where('ro.school_id', '=', session.schoolId)
      .orderBy('ro.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      roleName: row.role_name,
      schoolWide: row.school_wide === 1,
      userCount: Number(row.userCount ?? 0),
    }));
  });

  route(r.roleInsert, role, async ({ body, session, scope }) => {
    if (body.schoolWide) assertSchoolWide(scope);
    const name = body.roleName.trim();
    if (!name) throw badRequest('角色名称不能为空');
    await assertFreeName(db, session.schoolId, name);
    return db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('roles')
        .values({ school_id: session.schoolId, role_name: name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_scopes')
        .values({ role_id: id, school_wide: body.schoolWide ? 1 : 0 })
        .execute();
      return { id };
    });
  });

  route(r.roleUpdate, role, async ({ body, session, scope }) => {
    const role = await roleOf(db, session.schoolId, body.id);
    if (body.schoolWide !== undefined) assertSchoolWide(scope);
    const name = body.roleName?.trim();
    if (name !== undefined) {
      if (!name) throw badRequest('角色名称不能为空');
      await assertFreeName(db, session.schoolId, name, role.id);
    }
    await db.transaction().execute(async (trx) => {
      if (name !== undefined)
        await trx.updateTable('roles').set({ role_name: name }).where('id', '=', role.id).execute();
      if (body.schoolWide !== undefined) {
        const wide = body.schoolWide ? 1 : 0;
        await trx
          .insertInto('role_scopes')
          .values({ role_id: role.id, school_wide: wide })
          .onConflict((oc) => oc.column('role_id').doUpdateSet({ school_wide: wide }))
          .execute();
      }
    });
    return null;
  });

  route(r.roleDelete, role, async ({ body, session }) => {
    const role = await roleOf(db, session.schoolId, body.id);
    const held = await db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role_id', '=', role.id)
      .limit(1)
      .executeTakeFirst();
    if (held) throw badRequest('角色已分配给教师，不能删除');
    await db.deleteFrom('roles').where('id', '=', role.id).execute();
    return null;
  });

  route(r.roleUpdatePerm, role, async ({ body, session }) => {
    const role = await roleOf(db, session.schoolId, body.id);
    const known = new Set(PERMISSION_KEYS);
    const unknown = body.permCodes.filter((c) => !known.has(c));
    if (unknown.length > 0) throw badRequest(`未知的权限：${unknown.slice(0, 5).join('、')}`);
    const codes = [...new Set(body.permCodes)];
    if (role.id === (await ownAdminRoleId(db, session.userId, session.academicYear, role.id))) {
      if (!codes.includes('System-Role')) throw badRequest('不能移除自己所用角色的角色管理权限');
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
      if (codes.length > 0)
        await trx
          .insertInto('role_permissions')
          .values(codes.map((perm_code) => ({ role_id: role.id, perm_code })))
          .execute();
    });
    return null;
  });

  route(r.roleGetPerms, role, async ({ body, session }) => {
    const role = await roleOf(db, session.schoolId, body.id);
    const rows = await db
      .selectFrom('role_permissions')
      .select('perm_code')
      .where('role_id', '=', role.id)
      .execute();
    const order = new Map(permissionCatalogue.map((p, i) => [p.permCode, i]));
    return rows
      .map((row) => row.perm_code)
      .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  });

  route(r.permList, role, async () => {
    return [...permissionCatalogue];
  });

  route(r.assignRoles, role, async ({ body, session, scope }) => {
    assertSchoolWide(scope);
    await teacherOf(db, session.schoolId, body.userId);
    const ids = [...new Set(body.roleIds)];
    for (const id of ids) await roleOf(db, session.schoolId, id);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('user_roles')
        .where('user_id', '=', body.userId)
        .where('academic_year', '=', session.academicYear)
        .execute();
      if (ids.length > 0)
        await trx
          .insertInto('user_roles')
          .values(
            ids.map((role_id) => ({
              user_id: body.userId,
              role_id,
              academic_year: session.academicYear,
            })),
          )
          .execute();
    });
    return null;
  });
}

/** The given role's id when the caller holds it this year (so they cannot lock themselves out). */
async function ownAdminRoleId(db: Db, userId: number, year: number, roleId: number) {
  const row = await db
    .selectFrom('user_roles')
    .select(sql<number>`role_id`.as('id'))
    .where('user_id', '=', userId)
    .where('academic_year', '=', year)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return row?.id;
}
