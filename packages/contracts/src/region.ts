import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from './builders';
import { SchoolOption } from './user';

const RegionId = Type.Integer({ minimum: 1, title: '区域' });

/**
 * Education-bureau calls (issue #17): a bureau account signed into one member school lists its
 * region's schools and asks for a one-time token to enter another one with
 * `region_to_school_login`. A school account gets null for the list (pages ask it to know whether
 * to show bureau controls) and is refused a token (403).
 * @see docs/joint-exams.md#bureau-sign-in
 */
export const regionRoutes = {
  schools: post(
    '/marking-region/region/school_list',
    "the signed-in bureau account's region and its member schools; null for a school account",
    Obj({}),
    Nullable(
      Obj({
        regionId: Type.Integer(),
        regionName: Type.String(),
        schools: Type.Array(SchoolOption),
      }),
    ),
  ),
  update: post(
    '/marking-region/region/update',
    'the bureau renames its region and keeps the member schools it lists (schools leave, none join: an operator adds them); answers the region',
    Obj({
      name: Type.String({ minLength: 1, maxLength: 50, title: '区域名称' }),
      schoolIds: Type.Array(Id, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        title: '成员学校',
      }),
    }),
    Obj({
      regionId: Type.Integer(),
      regionName: Type.String(),
      schools: Type.Array(SchoolOption),
    }),
  ),
  enterSchool: post(
    '/marking-region/region/enter_school',
    'a one-time token (60 s) for region_to_school_login into another school of the region',
    Obj({ schoolId: Id }),
    Obj({ token: Type.String(), expiresIn: Type.Integer() }),
  ),
};

const SchoolRegionStatus = Obj({
  region: Nullable(Obj({ regionId: Type.Integer(), regionName: Type.String() })),
  invitations: Type.Array(
    Obj({ regionId: Type.Integer(), regionName: Type.String(), invitedAt: Type.Integer() }),
  ),
});

/**
 * A school's side of its region (docs/joint-exams.md#consent): a platform operator invites the
 * school, and the bureau enters it only once the school's administrator (System-Parm) accepts.
 */
export const schoolRegionRoutes = {
  status: post(
    '/marking-region/school/region',
    'the school’s region and the invitations it has not answered; school administrators only',
    Obj({}),
    SchoolRegionStatus,
  ),
  respond: post(
    '/marking-region/school/invitation/respond',
    'the school’s administrator accepts (同意) or declines (拒绝) a region’s invitation; accepting lets the region’s bureau read the school',
    Obj({
      regionId: RegionId,
      accept: Type.Boolean({ title: '是否同意' }),
    }),
    SchoolRegionStatus,
  ),
  leave: post(
    '/marking-region/school/region/leave',
    'the school’s administrator takes the school out of its region (退出区域); the region’s bureau loses the school at once, joint exams already held keep their reports; again is a no-op',
    Obj({ regionId: RegionId }),
    SchoolRegionStatus,
  ),
};
