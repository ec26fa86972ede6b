import { Type } from 'typebox';
import { PermItem } from '../user';
import { Id, Obj, post } from '../builders';
import { ById, Empty, Name, NewId, Null, U } from './common';

/** A role of the school. */
export const RoleItem = Obj({
  id: Type.Integer(),
  roleName: Type.String(),
  /** Data scope: the whole school, or only the holder's own grades, classes and teaching classes. */
  schoolWide: Type.Boolean(),
  userCount: Type.Integer(),
});

/** Roles, their permission keys, and a teacher's roles. */
export const roleRoutes = {
  roleList: post(`${U}/school/role/list`, 'roles of the school', Empty, Type.Array(RoleItem)),
  roleInsert: post(
    `${U}/school/role/insert`,
    'add a role (with no permissions)',
    Obj({ roleName: Name, schoolWide: Type.Optional(Type.Boolean()) }),
    NewId,
  ),
  roleUpdate: post(
    `${U}/school/role/update`,
    'rename a role or change its data scope',
    Obj({ id: Id, roleName: Type.Optional(Name), schoolWide: Type.Optional(Type.Boolean()) }),
    Null,
  ),
  roleDelete: post(`${U}/school/role/delete`, 'delete a role nobody holds', ById, Null),
  roleUpdatePerm: post(
    `${U}/school/role/update_perm`,
    "replace a role's permission keys",
    Obj({ id: Id, permCodes: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }) }),
    Null,
  ),
  roleGetPerms: post(
    `${U}/school/role/get_perms`,
    "a role's permission keys",
    ById,
    Type.Array(Type.String()),
  ),
  permList: post(`${U}/school/prem/list`, 'the permission catalogue', Empty, Type.Array(PermItem)),
  assignRoles: post(
    `${U}/school/role/assign`,
    "set a teacher's roles for this academic year",
    Obj({ userId: Id, roleIds: Type.Array(Id, { maxItems: 20 }) }),
    Null,
  ),
};
