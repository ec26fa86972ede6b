import type { AxiosAdapter, AxiosRequestConfig, Method } from 'axios';
import type {
  ApiEnvelope,
  authRoutes,
  BodyEncoding,
  BodyOf,
  DataOf,
  PermNode,
  QueryOf,
  RouteContract,
} from '@examkit/contracts';
import type { StoreApi } from 'zustand/vanilla';
import type * as Contract from '@examkit/contracts';
import type { STORAGE_KEYS } from './storage/STORAGE_KEYS';

export type {
  ApiEnvelope,
  BodyEncoding,
  BodyOf,
  CatalogueEntry,
  DataOf,
  EffectiveAccess,
  Page,
  PermNode,
  QueryOf,
  RouteContract,
} from '@examkit/contracts';

// Names that are both a schema value and a type in the contract are re-exported as type aliases,
// so nobody imports from core a value it does not ship.
export type UserInfo = Contract.UserInfo;
export type PermItem = Contract.PermItem;
export type Role = Contract.Role;
export type SchoolOption = Contract.SchoolOption;
export type ResultCode = Contract.ResultCode;

/* ---------- storage ---------- */

/** Where a {@link KeyValueStorage} keeps its values. */
export type StorageKind = 'local' | 'session' | 'memory';

/** A key of spec 000 §3 (or any other string an app chooses). */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | (string & {});

/** JSON key-value storage that never throws: a failing browser storage reads as empty and ignores writes. */
export interface KeyValueStorage {
  /** The stored value, or `null` when missing or unreadable. */
  get<T = unknown>(key: StorageKey): T | null;
  set(key: StorageKey, value: unknown): void;
  remove(key: StorageKey): void;
}

/* ---------- notifier ---------- */

export type MessageType = 'success' | 'error' | 'warning' | 'info';

/** How core shows messages, alerts and the loading overlay; `@examkit/ui` provides the visual one. */
export interface Notifier {
  message(type: MessageType, text: string): void;
  alert(title: string, text: string): void;
  loading: { open(text: string): void; close(): void };
}

/* ---------- http ---------- */

/** `main` is the product's client, `second` the older one, `chat` the AI chat service (spec 000 §7, §8). */
export type ClientKind = 'main' | 'second' | 'chat';

/** Per-call options (spec 000 §7). */
export interface RequestOptions {
  /** Show a success message: `true` shows the server's message, a string shows that text. @default false */
  successMessage?: boolean | string;
  /** Show the server's message when the code is not 200. @default true */
  errorMessage?: boolean;
  /**
   * Retry network failures and 5xx replies: `true` means 3 retries, a number that many.
   * Only idempotent calls are retried (see `idempotent`), so a write is never sent twice.
   * @default false
   */
  retry?: boolean | number;
  /** Whether the call may safely be sent twice. @default true for GET, HEAD, OPTIONS, PUT and DELETE */
  idempotent?: boolean;
  /** Count this call in the loading overlay "正在加载，请稍后~". @default false */
  loading?: boolean;
  /** How `data` is encoded; `http.call` takes it from the route contract. @default 'json' */
  encoding?: BodyEncoding;
  /** Drop duplicate in-flight calls with the same method and url (see `createHttpClient`). @default true */
  dedupe?: boolean;
}

/** An axios request config plus {@link RequestOptions}. */
export type HttpRequest = Pick<
  AxiosRequestConfig,
  'url' | 'data' | 'params' | 'headers' | 'timeout' | 'responseType' | 'onUploadProgress'
> & { method?: Method | Uppercase<Method> } & RequestOptions;

/** Why a call produced no envelope. `cancelled` is a dropped duplicate. */
export type NetworkFailureReason = 'network' | 'timeout' | 'cancelled';

/** What a call resolves to when no reply came: callers never get an exception for it. */
export interface NetworkFailure {
  readonly kind: 'network-failure';
  readonly reason: NetworkFailureReason;
  readonly message: string;
}

/** The body and query of one call, typed from its route contract. */
export type CallInput<R> = (BodyOf<R> extends undefined
  ? { body?: undefined }
  : { body: BodyOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query: QueryOf<R> });

/** The runtime part of a route contract (method, url, encoding); `R` carries its types. */
export interface Endpoint<R extends RouteContract = RouteContract> {
  readonly method: R['method'];
  readonly url: string;
  readonly encoding: BodyEncoding;
  /** Type carrier only; never set at runtime. */
  readonly contract?: R;
}

/** Any call's envelope or network failure. */
export type CallResult<T> = ApiEnvelope<T> | NetworkFailure;

export interface HttpClient {
  /** Sends one call. Resolves with the envelope (code 200) or a {@link NetworkFailure}; rejects with the envelope for any other code. */
  request<T = unknown>(config: HttpRequest): Promise<CallResult<T>>;
  /** Sends one call described by a route contract of `@examkit/contracts` (or its {@link Endpoint}). */
  call<R extends RouteContract>(
    route: R | Endpoint<R>,
    input: CallInput<R>,
    options?: RequestOptions,
  ): Promise<CallResult<DataOf<R>>>;
  readonly notifier: Notifier;
  readonly navigate: (path: string) => void;
  readonly reload: () => void;
  /** The API host the client sends to, without a trailing `/` (`''`: the page's own origin). */
  readonly baseURL: string;
  /**
   * A server path as the URL to fetch it from, for what does not go through `request` (an image
   * or file download by `fetch`, a link): `resolveUrl('/marking-homework/…')` is
   * `https://api.example.cn/marking-homework/…` with that `baseURL`, the path itself without
   * one. An absolute URL (`https:`, `blob:`, `//host/…`) is answered as it is.
   */
  resolveUrl(path: string): string;
}

export interface HttpClientOptions {
  /** API host. @default '' */
  baseURL?: string;
  /** @default createStorage('local') */
  storage?: KeyValueStorage;
  /** @default createConsoleNotifier() */
  notifier?: Notifier;
  /** @default 'main' */
  kind?: ClientKind;
  /** @default 120000 */
  timeout?: number;
  /** Pause before each retry, in ms. @default 1000 */
  retryDelay?: number;
  /**
   * Replaces the session-expiry rule (spec 000 §4).
   * @default main: on 431 toast "账号过期，请重新登录", clear login data, go to /login;
   * second: on 401 or 431 clear login data, go to / after 1 s; chat: nothing
   */
  onSessionExpired?: (code: number) => void;
  /** @default path => location.assign(path) */
  navigate?: (path: string) => void;
  /** @default () => location.reload() */
  reload?: () => void;
  /** axios adapter, for tests and custom transports. @default axios's own */
  adapter?: AxiosAdapter;
}

/* ---------- auth ---------- */

/** Builds the menu tree of the active role's permissions. */
export type MenuFilter = (perms: PermItem[]) => PermNode[];

/** A 6002 reply: the account belongs to several schools; sign in again with one `schoolId`. */
export interface ChooseSchool {
  code: 6002;
  schools: SchoolOption[];
}

/** A 6003 reply to a messaging-app sign-in: no account is bound yet; pass `bindTicket` to `bindWx`. */
export interface WxNotBound {
  code: 6003;
  bindTicket: string;
}

/**
 * A 6004 reply: the account is a platform operator's, in no school; `token` opens the operator
 * console (/platform-operator), not a school session.
 */
export interface PlatformOperator {
  code: 6004;
  token: string;
  nickName: string;
}

/** What a sign-in method resolves to: the stored user, a school choice, a bind request, an operator or no reply. */
export type SignInResult = UserInfo | ChooseSchool | WxNotBound | PlatformOperator | NetworkFailure;

export interface AuthClientOptions {
  /** The main client. Its notifier shows the flows' messages; its navigate and reload do the redirects. */
  http: HttpClient;
  /** Not read: the store persists the session in its own storage. Accepted so the documented call shape works. */
  storage?: KeyValueStorage;
  store: ExamkitStore;
  /** @default plainMenuTree (platformType 0 and isShow 0, sorted by moduleOrder) */
  menuFilter?: MenuFilter;
  /** Clock for the academic year. @default () => new Date() */
  now?: () => Date;
}

type AuthRoutes = typeof authRoutes;
type SignIn<K extends keyof AuthRoutes> = (
  input: BodyOf<AuthRoutes[K]> extends undefined ? QueryOf<AuthRoutes[K]> : BodyOf<AuthRoutes[K]>,
) => Promise<SignInResult>;
type Plain<K extends keyof AuthRoutes> = (
  ...input: BodyOf<AuthRoutes[K]> extends undefined
    ? QueryOf<AuthRoutes[K]> extends undefined
      ? []
      : [query: QueryOf<AuthRoutes[K]>]
    : object extends BodyOf<AuthRoutes[K]>
      ? [body?: BodyOf<AuthRoutes[K]>]
      : [body: BodyOf<AuthRoutes[K]>]
) => Promise<CallResult<DataOf<AuthRoutes[K]>>>;

export interface AuthClient {
  loginPassword: SignIn<'loginPassword'>;
  loginCode: SignIn<'loginCode'>;
  loginToken: SignIn<'loginToken'>;
  loginWxWeb: SignIn<'loginWxWeb'>;
  bindWx: SignIn<'bindWx'>;
  regionToSchool: SignIn<'regionToSchool'>;
  loginClient: SignIn<'loginClient'>;
  loginYuexun: SignIn<'loginYuexun'>;
  loginDengyue: SignIn<'loginDengyue'>;
  sendSmsCode: Plain<'sendSmsCode'>;
  /** Sets a forgotten password with a code sent to the phone; 6002 when the phone has accounts in several schools. */
  resetPassword: Plain<'resetPassword'>;
  myRole: Plain<'myRole'>;
  schoolList: Plain<'schoolList'>;
  updatePassword: Plain<'updatePassword'>;
  dictionaryOther: Plain<'dictionaryOther'>;
  getParentGuide: Plain<'getParentGuide'>;
  setParentGuide: Plain<'setParentGuide'>;
  aiAccess: Plain<'aiAccess'>;
  schoolDetail: Plain<'schoolDetail'>;
  logoutCall: Plain<'logout'>;
  /** The login flow of spec 000 §4 for a signed-in user; rejects with an `AuthError` when no role has permissions. */
  login(user: UserInfo): Promise<UserInfo>;
  /** Logs out (spec 000 §4): server call, local clean-up even when it fails, /login (with bv), reload after 100 ms. */
  logout(): Promise<void>;
  /** Logs out locally only: clears login data, goes to /login (with bv), reloads after 100 ms. */
  logoutLocally(redirect?: string): void;
  /**
   * Changes a password (one's own needs the current one); resolves true on "修改成功", false after
   * "修改失败，" plus the server's message. The session stays signed in: the server ends the user's other sessions.
   */
  changePassword(id: number, newPassWord: string, oldPassWord?: string): Promise<boolean>;
  /** Makes another of the user's roles active and recomputes menus and permission codes. */
  setActiveRole(roleId: number): void;
}

/* ---------- store ---------- */

/** An academic year dropdown entry: value is the starting year, `''` for "全部". */
export interface YearOption {
  label: string;
  value: number | '';
}

/** What list pages remember between visits (spec 000 §3). */
export interface ListMemory {
  /** @default 1 */
  currentPage: number;
  gradeId?: string | number;
  gradeNum?: string | number;
  subjectCode?: string;
  keyWord?: string;
  classId?: string | number;
  isMore?: boolean;
  classType?: string | number;
  examTypeId?: string | number;
  /** @default '1' */
  examTypeChange: string;
}

export interface SubjectInfo {
  gradeNum: string | number;
  subjectCode: string;
}

/** The signed-in part of the client state. */
export interface Session {
  user: UserInfo;
  activeRoleId: number;
  permCodes: string[];
  menus: PermNode[];
}

export interface ExamkitState {
  user: UserInfo | null;
  activeRoleId: number | null;
  permCodes: string[];
  menus: PermNode[];
  academicYears: YearOption[];
  /** @default 0 */
  academicYearType: number;
  /** List-page memory (spec 000 §3), one per list, by the list's route name. */
  listMemory: Readonly<Record<string, ListMemory>>;
  basketCount: number;
  subjectInfo: SubjectInfo;
  sectionId: string | number;
  gradeList: unknown[];
  clientId: string;
  platform: string | number;
  brandVariant: number | null;
  printServe: string;
  /** Value of dictionary code 002005015, read after login. */
  watermark: string | null;

  /** Stores a signed-in session in state and storage. */
  setSession(session: Session): void;
  /** Makes another role active; menus and codes come from `rolePerms`. */
  setActiveRole(roleId: number, menuFilter?: MenuFilter): void;
  /** Forgets the session in state and storage. */
  clearSession(): void;
  setBrandVariant(variant: number | null): void;
  /** Remembers filters and page of one list (by its route name) for when the user comes back. */
  rememberList(list: string, memory: Partial<ListMemory>): void;
  /** Sets any plain field (basket count, subject info, watermark, academic years, grade list, client id, …). */
  patch(
    values: Partial<
      Pick<
        ExamkitState,
        | 'academicYears'
        | 'academicYearType'
        | 'sectionId'
        | 'gradeList'
        | 'clientId'
        | 'platform'
        | 'printServe'
        | 'basketCount'
        | 'subjectInfo'
        | 'watermark'
      >
    >,
  ): void;
}

export type ExamkitStore = StoreApi<ExamkitState>;

/* ---------- helpers ---------- */

export type MediaType = 'video' | 'audio' | 'image';

/** Footer of a brand: none, a logo image, a technical-support credit, or company credit + copyright + ICP link. */
export type FooterKind = 'hidden' | 'logo' | 'support' | 'full';

export interface Brand {
  title: string;
  /** Logo asset key: `logo-<variant>` for variants with their own logo, else `default`. */
  logo: string;
  footer: FooterKind;
}

/* ---------- react ---------- */

/** What `<ExamkitProvider>` hands to the components below it. */
export interface ExamkitContextValue {
  http: HttpClient;
  auth: AuthClient;
  store: ExamkitStore;
  storage: KeyValueStorage;
  notifier: Notifier;
}
