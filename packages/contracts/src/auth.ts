import { Type } from 'typebox';
import { post } from './builders';
import { route } from './route';
import { Role, SchoolOption, UserInfo } from './user';

const LoginName = Type.String({ minLength: 1, maxLength: 64 });
const Password = Type.String({ minLength: 1, maxLength: 128 });
const Tel = Type.String({ pattern: '^1[0-9]{10}$', description: 'mainland mobile number' });
const SchoolIdField = Type.Optional(Type.Integer({ minimum: 1 }));
const strict = { additionalProperties: false } as const;

/** Sign-in and session calls of spec 000 §7. */
export const authRoutes = {
  loginPassword: route({
    method: 'POST',
    url: '/marking-login/login/school_login_pd',
    encoding: 'form',
    auth: false,
    summary: 'password sign-in',
    body: Type.Object(
      {
        loginName: LoginName,
        password: Password,
        /** Chosen after a 6002 reply. */
        schoolId: SchoolIdField,
        loginType: Type.Optional(Type.String({ maxLength: 16 })),
      },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  loginCode: route({
    method: 'POST',
    url: '/marking-login/login/school_login_code',
    encoding: 'form',
    auth: false,
    summary: 'sign in with a phone code',
    body: Type.Object(
      { tel: Tel, code: Type.String({ pattern: '^[0-9]{6}$' }), schoolId: SchoolIdField },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  loginToken: route({
    method: 'POST',
    url: '/marking-login/login/school_login_token',
    encoding: 'json',
    auth: false,
    summary: 'sign in with a one-time hand-over token',
    body: undefined,
    query: Type.Object({ token: Type.String({ minLength: 16, maxLength: 128 }) }, strict),
    data: UserInfo,
  }),
  loginWxWeb: route({
    method: 'POST',
    url: '/marking-login/login/school_login_wx_web',
    encoding: 'form',
    auth: false,
    summary: 'messaging-app sign-in',
    body: Type.Object({ wxCode: Type.String({ minLength: 1, maxLength: 256 }) }, strict),
    query: undefined,
    data: UserInfo,
  }),
  bindWx: route({
    method: 'POST',
    url: '/marking-login/login/school_login_wx_bind',
    encoding: 'json',
    auth: false,
    summary: 'bind a messaging-app account to a school account, then sign in',
    body: Type.Object(
      {
        bindTicket: Type.String({ minLength: 16, maxLength: 128 }),
        loginName: LoginName,
        password: Password,
        schoolId: SchoolIdField,
      },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  regionToSchool: route({
    method: 'POST',
    url: '/marking-login/login/region_to_school_login',
    encoding: 'json',
    auth: false,
    summary: 'education-bureau hand-over into one school',
    body: Type.Object(
      {
        token: Type.String({ minLength: 16, maxLength: 128 }),
        schoolId: Type.Integer({ minimum: 1 }),
      },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  loginClient: route({
    method: 'POST',
    url: '/marking-login/login/school_login_client',
    encoding: 'json',
    auth: false,
    summary: 'desktop or scanner client sign-in',
    body: Type.Object(
      {
        loginName: LoginName,
        password: Password,
        clientId: Type.String({ minLength: 1, maxLength: 64 }),
        schoolId: SchoolIdField,
      },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  loginYuexun: route({
    method: 'POST',
    url: '/marking-user-extand/yuexun/login',
    encoding: 'form',
    auth: false,
    summary: 'partner sign-in with a one-time code',
    body: Type.Object({ code: Type.String({ minLength: 16, maxLength: 128 }) }, strict),
    query: undefined,
    data: UserInfo,
  }),
  loginDengyue: route({
    method: 'POST',
    url: '/marking-user-extand/dengyue/login/v2',
    encoding: 'form',
    auth: false,
    summary:
      'partner sign-in with a signed request (HMAC-SHA256 of appId, loginName, schoolId, timestamp)',
    body: Type.Object(
      {
        appId: Type.String({ minLength: 1, maxLength: 64 }),
        loginName: LoginName,
        schoolId: Type.Integer({ minimum: 1 }),
        timestamp: Type.Integer({ minimum: 0, description: 'Unix time in seconds' }),
        sign: Type.String({ pattern: '^[0-9a-f]{64}$' }),
      },
      strict,
    ),
    query: undefined,
    data: UserInfo,
  }),
  handover: route({
    method: 'POST',
    url: '/marking-login/login/handover',
    encoding: 'json',
    auth: false,
    summary:
      'server-to-server: an integrator exchanges its client secret for a one-time sign-in token (valid 60 s) for one account',
    body: Type.Object(
      {
        clientId: Type.String({ minLength: 1, maxLength: 64 }),
        clientSecret: Type.String({ minLength: 1, maxLength: 256 }),
        loginName: LoginName,
        schoolId: Type.Integer({ minimum: 1 }),
      },
      strict,
    ),
    query: undefined,
    data: Type.Object({ token: Type.String(), expiresIn: Type.Integer() }),
  }),
  logout: route({
    method: 'POST',
    url: '/marking-login/login/wz_login_out',
    encoding: 'json',
    auth: true,
    summary: 'logout: revokes the session on the server',
    body: Type.Object({}, strict),
    query: undefined,
    /** May be a string beginning with "redirect:". */
    data: Type.Union([Type.Null(), Type.String()]),
  }),
  sendSmsCode: route({
    method: 'POST',
    url: '/marking-login/login/send_sms_code',
    encoding: 'form',
    auth: false,
    summary:
      'send a 6-digit code to a phone, for sign-in or a password reset (at most one a minute per phone)',
    body: Type.Object({ tel: Tel }, strict),
    query: undefined,
    data: Type.Object({ expiresIn: Type.Integer(), resendIn: Type.Integer() }),
  }),
  resetPassword: route({
    method: 'POST',
    url: '/marking-login/login/reset_pass_by_code',
    encoding: 'form',
    auth: false,
    summary:
      'forgotten password: set a new one with a code sent to the phone (send_sms_code); ends every session of the account',
    body: Type.Object(
      {
        tel: Tel,
        code: Type.String({ pattern: '^[0-9]{6}$' }),
        newPassWord: Type.String({ minLength: 6, maxLength: 64 }),
        /** Chosen after a 6002 reply (the phone belongs to accounts in several schools). */
        schoolId: SchoolIdField,
      },
      strict,
    ),
    query: undefined,
    data: Type.Null(),
  }),
  myRole: post(
    '/marking-user/get_my_role',
    "the current user's roles in the effective academic year",
    Type.Object({}, strict),
    Type.Object({
      roles: Type.Array(Role),
      academicYear: Type.Integer(),
      isHistoryRole: Type.Boolean(),
    }),
  ),
  schoolList: route({
    method: 'POST',
    url: '/marking-user/user/school/list_upgrade',
    encoding: 'form',
    auth: false,
    summary: 'the schools in which these credentials are valid (after a 6002 reply)',
    body: Type.Object({ loginName: LoginName, password: Password }, strict),
    query: undefined,
    data: Type.Array(SchoolOption),
  }),
  updatePassword: post(
    '/marking-user/user/teacher/user/update/pass',
    "change a password: one's own with the current password (the other sessions of the user end, this one stays), or a teacher's with System-Teacher (every session of that teacher ends)",
    Type.Object(
      {
        id: Type.Integer({ minimum: 1 }),
        newPassWord: Type.String({ minLength: 6, maxLength: 64 }),
        /** The current password; required to change one's own. */
        oldPassWord: Type.Optional(Password),
      },
      strict,
    ),
    Type.Null(),
  ),
  dictionaryOther: route({
    method: 'GET',
    url: '/marking-user/user/school/dic/get_other',
    encoding: 'json',
    auth: true,
    summary: "the school's other dictionary values (002005015 is the watermark setting)",
    body: undefined,
    query: Type.Object({ schoolId: Type.Integer({ minimum: 1 }) }, strict),
    data: Type.Array(Type.Object({ dicCode: Type.String(), dicValue: Type.String() })),
  }),
  getParentGuide: route({
    method: 'GET',
    url: '/marking-paper/parent/guide/getParentGuide',
    encoding: 'json',
    auth: true,
    summary: 'whether the parent guide was seen',
    body: undefined,
    query: Type.Object(
      { tel: Type.String({ maxLength: 20 }), userId: Type.Integer({ minimum: 1 }) },
      strict,
    ),
    data: Type.Object({ seen: Type.Boolean(), code: Type.Union([Type.Integer(), Type.Null()]) }),
  }),
  setParentGuide: route({
    method: 'GET',
    url: '/marking-paper/parent/guide/setParentGuide',
    encoding: 'json',
    auth: true,
    summary: 'record that the parent guide was seen (code 3)',
    body: undefined,
    query: Type.Object(
      {
        tel: Type.String({ maxLength: 20 }),
        code: Type.Integer(),
        userId: Type.Integer({ minimum: 1 }),
      },
      strict,
    ),
    data: Type.Null(),
  }),
  aiAccess: route({
    method: 'GET',
    url: '/chatgpt-server/isUserAiSession',
    encoding: 'json',
    auth: true,
    summary: 'AI access: 1 means the user may use the assistant',
    body: undefined,
    query: Type.Object({ schoolId: Type.Integer({ minimum: 1 }) }, strict),
    data: Type.Integer(),
  }),
  schoolDetail: route({
    method: 'GET',
    url: '/marking-user/user/school/get_detail_school',
    encoding: 'json',
    auth: true,
    summary: "the signed-in school's figures for the home page",
    body: undefined,
    query: undefined,
    data: Type.Object({
      schoolId: Type.Integer(),
      schoolName: Type.String(),
      gradeCount: Type.Integer(),
      classCount: Type.Integer(),
      studentCount: Type.Integer(),
      teacherCount: Type.Integer(),
      academicYear: Type.Integer(),
    }),
  }),
};
