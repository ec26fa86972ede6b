import { Type, type Static } from 'typebox';

/** A permission or menu item (spec 000 §3, 001 §3). */
export const PermItem = Type.Object({
  id: Type.Integer(),
  permName: Type.String(),
  permCode: Type.String(),
  moduleUrl: Type.String(),
  moduleOrder: Type.Integer(),
  /** Parent id; 0 for a top-level module. */
  pPermId: Type.Integer(),
  /** 1 = shown as a sub-menu item; 2 = a route or element key that is not a menu entry. */
  type: Type.Integer(),
  /** 0 = web. */
  platformType: Type.Integer(),
  /** 0 = shown. */
  isShow: Type.Integer(),
});
export type PermItem = Static<typeof PermItem>;

/** A permission item with its children, as the menu tree holds it. */
export interface PermNode extends PermItem {
  children: PermNode[];
}

export const Role = Type.Object({
  id: Type.Integer(),
  roleName: Type.String(),
});
export type Role = Static<typeof Role>;

/**
 * The stored user info after sign-in (spec 000 §3).
 *
 * `allRole[year]` lists the user's roles in that academic year and
 * `allPerm[year][roleId]` the permission codes of each of those roles.
 * `perms` holds the catalogue items of every code the user has in the
 * effective academic year, so the client can build the menu of any active role.
 */
export const UserInfo = Type.Object({
  userId: Type.Integer(),
  token: Type.String(),
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  nickName: Type.String(),
  tel: Type.String(),
  roles: Type.Array(Role),
  showRoles: Type.Array(Role),
  perms: Type.Array(PermItem),
  allPerm: Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))),
  allRole: Type.Record(Type.String(), Type.Array(Role)),
  /** Starting year of the effective academic year: 2026 means 2026-2027. */
  academicYear: Type.Integer(),
  academicYearType: Type.Integer(),
  isHistoryRole: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

export const SchoolOption = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
});
export type SchoolOption = Static<typeof SchoolOption>;

/** Data of a 6002 reply: the account exists in several schools. */
export const ChooseSchoolData = Type.Object({ schools: Type.Array(SchoolOption) });
export type ChooseSchoolData = Static<typeof ChooseSchoolData>;

/** Data of a 6003 reply: the messaging-app account is not bound yet. */
export const WxNotBoundData = Type.Object({ bindTicket: Type.String() });
export type WxNotBoundData = Static<typeof WxNotBoundData>;
