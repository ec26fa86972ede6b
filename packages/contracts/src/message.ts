import { Type } from 'typebox';
import { Id, Nullable, Obj, get, post, OneOf, pageFields } from './builders';
import { Paged } from './envelope';

import { MESSAGE_KINDS } from './messageKinds';

export { MESSAGE_KINDS, MESSAGE_KIND_NAMES } from './messageKinds';

/**
 * Messages (消息通知, /new-home-message) and the client
 * error log (/marking-minipro update error_log, spec 001 §7). The spec names no message call;
 * examkit's design is docs/messages.md.
 */

/** Prefix of examkit's message calls. */
const M = '/marking-main/message';

export const MessageKind = OneOf(MESSAGE_KINDS);

/** One message as its recipient sees it. */
export const MessageItem = Obj({
  id: Type.Integer(),
  kind: MessageKind,
  title: Type.String(),
  /** Plain text; line breaks kept. */
  content: Type.String(),
  /** A page of the product the message is about (`/exam/single/report/class?examId=3`), or null. */
  link: Nullable(Type.String()),
  /** Who wrote it: the administrator's name for a notice, null for the product's own messages. */
  senderName: Nullable(Type.String()),
  createdAt: Type.Integer(),
  read: Type.Boolean(),
});

const NoticeTitle = Type.String({ minLength: 1, maxLength: 80, title: '标题' });
const NoticeContent = Type.String({ minLength: 1, maxLength: 2000, title: '内容' });

/** One uncaught error of the app, as the browser reports it (personal data removed by the server too). */
export const ClientErrorInput = Obj({
  kind: Type.Union([Type.Literal('error'), Type.Literal('unhandledrejection')], {
    title: '错误类型',
  }),
  message: Type.String({ minLength: 1, maxLength: 1000, title: '错误信息' }),
  stack: Type.Optional(Type.String({ maxLength: 4000, title: '调用栈' })),
  /** The page's address when it happened. */
  page: Type.String({ maxLength: 500, title: '页面' }),
  /** How many times the browser saw it since its last report. */
  count: Type.Integer({ minimum: 1, maximum: 10_000, title: '次数' }),
});

/** One stored client error, grouped by its fingerprint. */
export const ClientErrorItem = Obj({
  id: Type.Integer(),
  kind: Type.String(),
  message: Type.String(),
  stack: Type.String(),
  page: Type.String(),
  userAgent: Type.String(),
  count: Type.Integer(),
  firstSeenAt: Type.Integer(),
  lastSeenAt: Type.Integer(),
});

/** The calls of messages and the client error log (the parent guide's are in `authRoutes`). */
export const messageRoutes = {
  list: post(
    `${M}/list`,
    'the caller’s messages, newest first; unreadOnly lists unread ones',
    Obj({
      ...pageFields(100, 20),
      unreadOnly: Type.Optional(Type.Boolean({ title: '只看未读' })),
    }),
    Paged(MessageItem),
  ),
  detail: post(
    `${M}/detail`,
    'one message of the caller; reading it marks it read',
    Obj({ id: Id }),
    MessageItem,
  ),
  read: post(
    `${M}/read`,
    'mark messages of the caller read',
    Obj({ ids: Type.Array(Id, { minItems: 1, maxItems: 200, title: '消息' }) }),
    Obj({ count: Type.Integer() }),
  ),
  readAll: post(
    `${M}/read_all`,
    'mark every message of the caller read',
    Obj({}),
    Obj({ count: Type.Integer() }),
  ),
  unreadCount: get(
    `${M}/unread_count`,
    'unread messages of the caller',
    Obj({ count: Type.Integer() }),
  ),
  noticeTargets: get(
    `${M}/notice/targets`,
    'roles and classes a notice may go to (school administrators)',
    Obj({
      roles: Type.Array(Obj({ id: Type.Integer(), name: Type.String() })),
      classes: Type.Array(Obj({ id: Type.Integer(), name: Type.String() })),
    }),
  ),
  noticeSend: post(
    `${M}/notice/send`,
    'an administrator’s notice to the holders of roles and the teachers of classes',
    Obj({
      title: NoticeTitle,
      content: NoticeContent,
      roleIds: Type.Array(Id, { maxItems: 50, title: '角色' }),
      classIds: Type.Array(Id, { maxItems: 500, title: '班级' }),
    }),
    Obj({ id: Type.Integer(), recipients: Type.Integer() }),
  ),
  errorLog: post(
    '/marking-minipro/update/error_log',
    'the app reports its own uncaught errors (spec 001 §7)',
    Obj({ errors: Type.Array(ClientErrorInput, { minItems: 1, maxItems: 20, title: '错误' }) }),
    Obj({ stored: Type.Integer() }),
  ),
  errorLogList: post(
    '/marking-minipro/error_log/list',
    'the school’s client errors, latest first (school administrators)',
    Obj({
      ...pageFields(100, 20),
    }),
    Paged(ClientErrorItem),
  ),
};
