import type { ReactNode } from 'react';
import type { PermItem, PermNode } from '@examkit/core';

export type { PermItem, PermNode };

/**
 * What the menu rules of spec 000 §6 need to know about the signed-in user.
 * @see createMenuFilter
 */
export interface MenuContext {
  /** White-label brand variant (query `bv`); variant 9 hides Home and four system pages. */
  brandVariant?: number | string | null;
  /** The user's school; compared with `studySchoolIds`. */
  schoolId?: number | null;
  /** The client id; compared with `roleHiddenClientIds`. */
  clientId?: string | null;
  /**
   * Schools that keep the study pages (Study-Student, Study-Class).
   * @default []
   */
  studySchoolIds?: readonly number[];
  /**
   * Client ids for which System-Role is removed.
   * @default []
   */
  roleHiddenClientIds?: readonly string[];
  /**
   * The third-party hosted platform variant: 考试管理 becomes 智能阅卷, 大数据中心 becomes 精细分析.
   * @default false
   */
  hostedPlatform?: boolean;
}

/** Turns the permissions returned at sign-in into the header menu tree. */
export type MenuFilter = (perms: readonly PermItem[]) => PermNode[];

/** A permission key, or several keys of which any one grants access. */
export type PermissionKey = string | readonly string[];

/** The permission codes a user holds. */
export type PermissionCodes = readonly string[] | ReadonlySet<string>;

export interface AuthorizedProps {
  /** The permission key the user needs to see the children. Without it the children always show. */
  perm?: PermissionKey | undefined;
  /**
   * What to show instead when the user lacks the key.
   * @default null
   */
  fallback?: ReactNode;
  children?: ReactNode;
}

export interface RequirePermissionProps {
  /** The route's permission key. Without it the route only needs a signed-in user. */
  perm?: PermissionKey | undefined;
  /** The route content. @default <Outlet /> */
  children?: ReactNode;
  /**
   * Shown when a denied route was opened directly (no previous page to stay on).
   * @default null
   */
  fallback?: ReactNode;
  /**
   * Where a visitor without a session is sent.
   * @default '/login'
   */
  loginPath?: string;
}
