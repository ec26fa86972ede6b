import type { authRoutes, BodyEncoding } from '@examkit/contracts';
import type { Endpoint } from '../types';

type Routes = typeof authRoutes;
/** An auth endpoint and where its input goes (the contract's body or query). */
export type AuthEndpoint<K extends keyof Routes> = Endpoint<Routes[K]> & {
  readonly input: 'body' | 'query';
};

const post = <K extends keyof Routes>(
  url: string,
  encoding: BodyEncoding = 'json',
  input: 'body' | 'query' = 'body',
) => ({ method: 'POST', url, encoding, input }) as AuthEndpoint<K>;
const get = <K extends keyof Routes>(url: string) =>
  ({ method: 'GET', url, encoding: 'json', input: 'query' }) as AuthEndpoint<K>;

const LOGIN = '/marking-login/login/';
const SCHOOL = '/marking-user/user/school/';
const GUIDE = '/marking-paper/parent/guide/';

/**
 * Method, url and encoding of every `authRoutes` call a browser makes (not the
 * server-to-server hand-over). Kept here rather than imported so that core does
 * not bundle the contract's schemas; a test checks it against `authRoutes`.
 */
export const AUTH_ENDPOINTS = {
  loginPassword: post<'loginPassword'>(`${LOGIN}school_login_pd`, 'form'),
  loginCode: post<'loginCode'>(`${LOGIN}school_login_code`, 'form'),
  loginToken: post<'loginToken'>(`${LOGIN}school_login_token`, 'json', 'query'),
  loginWxWeb: post<'loginWxWeb'>(`${LOGIN}school_login_wx_web`, 'form'),
  bindWx: post<'bindWx'>(`${LOGIN}school_login_wx_bind`),
  regionToSchool: post<'regionToSchool'>(`${LOGIN}region_to_school_login`),
  loginClient: post<'loginClient'>(`${LOGIN}school_login_client`),
  loginYuexun: post<'loginYuexun'>('/marking-user-extand/yuexun/login', 'form'),
  loginDengyue: post<'loginDengyue'>('/marking-user-extand/dengyue/login/v2', 'form'),
  logout: post<'logout'>(`${LOGIN}wz_login_out`),
  sendSmsCode: post<'sendSmsCode'>(`${LOGIN}send_sms_code`, 'form'),
  resetPassword: post<'resetPassword'>(`${LOGIN}reset_pass_by_code`, 'form'),
  myRole: post<'myRole'>('/marking-user/get_my_role'),
  schoolList: post<'schoolList'>(`${SCHOOL}list_upgrade`, 'form'),
  updatePassword: post<'updatePassword'>('/marking-user/user/teacher/user/update/pass'),
  dictionaryOther: get<'dictionaryOther'>(`${SCHOOL}dic/get_other`),
  getParentGuide: get<'getParentGuide'>(`${GUIDE}getParentGuide`),
  setParentGuide: get<'setParentGuide'>(`${GUIDE}setParentGuide`),
  aiAccess: get<'aiAccess'>('/chatgpt-server/isUserAiSession'),
  schoolDetail: get<'schoolDetail'>(`${SCHOOL}get_detail_school`),
} satisfies { [K in Exclude<keyof Routes, 'handover'>]: AuthEndpoint<K> };
