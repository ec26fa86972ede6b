import { Type } from 'typebox';
import { Nullable, Obj, OneOf, post } from './builders';
import { OPERATOR_ACTION_KEYS } from './operatorActions';

export { OPERATOR_ACTIONS, OPERATOR_ACTION_KEYS } from './operatorActions';

/** A region's level: a district (区) or a city (市). */
export const REGION_LEVELS = ['district', 'city'] as const;

const RegionLevel = OneOf(REGION_LEVELS);

const RegionId = Type.Integer({ minimum: 1, title: '区域' });
const SchoolId = Type.Integer({ minimum: 1, title: '学校' });
const BureauUserId = Type.Integer({ minimum: 1, title: '教育局账号' });
/** A body naming a region and a school. */
const RegionSchoolBody = Obj({ regionId: RegionId, schoolId: SchoolId });

/** A bureau account as the operator console lists it: never its password. */
export const OperatorBureauAccount = Obj({
  bureauUserId: Type.Integer(),
  loginName: Type.String(),
  nickName: Type.String(),
  /** False once the operator has disabled (停用) the account: it cannot sign in. */
  enabled: Type.Boolean(),
});

/** A region with its member schools and bureau accounts, as the operator console lists it. */
export const OperatorRegion = Obj({
  regionId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  level: RegionLevel,
  parentId: Nullable(Type.Integer()),
  schools: Type.Array(Obj({ schoolId: Type.Integer(), schoolName: Type.String() })),
  /** Schools invited and not yet accepted by their administrator: the bureau cannot enter them. */
  pendingSchools: Type.Array(
    Obj({ schoolId: Type.Integer(), schoolName: Type.String(), invitedAt: Type.Integer() }),
  ),
  bureauAccounts: Type.Array(OperatorBureauAccount),
});

/** A platform operator as the console's 平台运营账号 lists it: never its password. */
export const OperatorAccount = Obj({
  operatorId: Type.Integer(),
  loginName: Type.String(),
  nickName: Type.String(),
  /** False once another operator has disabled (停用) it: it cannot sign in. */
  enabled: Type.Boolean(),
  /** The signed-in operator itself (it cannot disable itself). */
  self: Type.Boolean(),
});

const OperatorId = Type.Integer({ minimum: 1, title: '运营账号' });

const LoginName = Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,64}$', title: '账号' });
const Password = Type.String({ minLength: 1, maxLength: 64, title: '密码' });

/**
 * The platform operator's console (docs/joint-exams.md#operator): an account of the platform in
 * no school and no region creates regions, adds and removes member schools, and creates bureau
 * accounts and resets their passwords. Signed in through `school_login_pd`, which answers 6004
 * with an operator token; every call here needs that token (header `token`) and refuses a school
 * or bureau session (403). It never reads a school's students or scores: schools by name only.
 */
export const operatorRoutes = {
  overview: post(
    '/marking-platform/operator/overview',
    'the operator: every region with its schools and bureau accounts, and every school by name',
    Obj({}),
    Obj({
      nickName: Type.String(),
      regions: Type.Array(OperatorRegion),
      schools: Type.Array(
        Obj({
          schoolId: Type.Integer(),
          schoolName: Type.String(),
          regionId: Nullable(Type.Integer()),
          /** The region whose invitation the school has not answered yet. */
          invitedRegionId: Nullable(Type.Integer()),
        }),
      ),
    }),
  ),
  createRegion: post(
    '/marking-platform/operator/region/create',
    'the operator creates a region; the same code, name and level again answers the first call’s region',
    Obj({
      code: Type.String({ pattern: '^[A-Za-z0-9_-]{2,32}$', title: '区域代码' }),
      name: Type.String({ minLength: 1, maxLength: 50, title: '区域名称' }),
      level: Type.Union([Type.Literal('district'), Type.Literal('city')], { title: '区域级别' }),
      parentId: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { title: '所属城市' }),
      ),
    }),
    OperatorRegion,
  ),
  addSchool: post(
    '/marking-platform/operator/region/add_school',
    'the operator invites a school into a region (a school belongs to at most one); it joins once its administrator accepts',
    RegionSchoolBody,
    OperatorRegion,
  ),
  removeSchool: post(
    '/marking-platform/operator/region/remove_school',
    'the operator removes a school from its region, or withdraws its pending invitation; the region’s bureau sessions in it end',
    RegionSchoolBody,
    OperatorRegion,
  ),
  createBureau: post(
    '/marking-platform/operator/bureau/create',
    'the operator creates a bureau account of a region (argon2id); a retry with the same account, name and password answers the first call’s account',
    Obj({
      regionId: RegionId,
      loginName: LoginName,
      nickName: Type.String({ minLength: 1, maxLength: 30, title: '姓名' }),
      password: Password,
    }),
    OperatorRegion,
  ),
  resetBureauPassword: post(
    '/marking-platform/operator/bureau/reset_password',
    'the operator sets a bureau account’s password; every session of the account ends',
    Obj({ bureauUserId: BureauUserId, password: Password }),
    OperatorRegion,
  ),
  setBureauStatus: post(
    '/marking-platform/operator/bureau/set_status',
    'the operator disables (停用) or enables (启用) a bureau account; disabling ends every session of the account at once',
    Obj({
      bureauUserId: BureauUserId,
      enabled: Type.Boolean({ title: '启用' }),
    }),
    OperatorRegion,
  ),
  operatorList: post(
    '/marking-platform/operator/operator/list',
    'every platform operator (账号, 姓名, 状态), in the order they were made',
    Obj({}),
    Type.Array(OperatorAccount),
  ),
  createOperator: post(
    '/marking-platform/operator/operator/create',
    'an operator creates another platform operator (argon2id; a login name unique across every account kind); a retry with the same account, name and password answers the list',
    Obj({
      loginName: LoginName,
      nickName: Type.String({ minLength: 1, maxLength: 30, title: '姓名' }),
      password: Password,
    }),
    Type.Array(OperatorAccount),
  ),
  resetOperatorPassword: post(
    '/marking-platform/operator/operator/reset_password',
    'an operator sets an operator’s password; every other session of that operator ends',
    Obj({ operatorId: OperatorId, password: Password }),
    Type.Array(OperatorAccount),
  ),
  setOperatorStatus: post(
    '/marking-platform/operator/operator/set_status',
    'an operator disables (停用) or enables (启用) another operator; disabling ends its sessions at once; never itself, never the last enabled one',
    Obj({ operatorId: OperatorId, enabled: Type.Boolean({ title: '启用' }) }),
    Type.Array(OperatorAccount),
  ),
  auditLog: post(
    '/marking-platform/operator/audit/list',
    'the operators’ and schools’ actions, newest first, a page at a time, filtered by operator, action, school and period: who, what, when, which region, school or account (never a password, token or phone number)',
    Obj({
      pageNum: Type.Integer({ minimum: 1, title: '页码' }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
      /** Lines of this operator only (school administrators' lines have none). */
      operatorId: Type.Optional(Type.Integer({ minimum: 1, title: '操作人' })),
      action: Type.Optional(
        Type.Union(
          OPERATOR_ACTION_KEYS.map((k) => Type.Literal(k)),
          { title: '操作' },
        ),
      ),
      schoolId: Type.Optional(SchoolId),
      /** The period, in ms since the epoch: from (inclusive) and to (exclusive). */
      from: Type.Optional(Type.Integer({ minimum: 0, title: '开始日期' })),
      to: Type.Optional(Type.Integer({ minimum: 0, title: '结束日期' })),
    }),
    Obj({
      /** Every operator, for the 操作人 filter. */
      operators: Type.Array(Obj({ operatorId: Type.Integer(), name: Type.String() })),
      /** Every action with its Chinese name, for the 操作 filter. */
      actions: Type.Array(Obj({ action: Type.String(), name: Type.String() })),
      total: Type.Integer(),
      rows: Type.Array(
        Obj({
          id: Type.Integer(),
          at: Type.Integer(),
          operatorName: Type.String(),
          action: Type.String(),
          actionName: Type.String(),
          regionName: Nullable(Type.String()),
          schoolName: Nullable(Type.String()),
          bureauLogin: Nullable(Type.String()),
          detail: Type.String(),
        }),
      ),
    }),
  ),
  logout: post(
    '/marking-platform/operator/logout',
    'ends the operator’s session',
    Obj({}),
    Type.Null(),
  ),
};
