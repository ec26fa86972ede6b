/**
 * The feature module a route belongs to. Only `shell` pages are built in this
 * release; the others render `UnderConstructionPage` until their module lands.
 */
export type ModuleName =
  | 'shell'
  | 'home'
  | 'message'
  | 'exam'
  | 'exam-tool'
  | 'report'
  | 'marking'
  | 'gaokao'
  | 'resource'
  | 'homework'
  | 'system'
  | 'card'
  | 'consolidate'
  | 'ai-center'
  | 'teach-research'
  | 'study'
  | 'appraise'
  | 'ability-growth';

/** Layout flags of spec 000 §2 (main layout). */
export interface RouteLayout {
  /** The second-level menu row is hidden (home, profile, report, exam tool, message, basket-confirm, consolidate). */
  hideSubMenu: boolean;
  /** The footer and the back-to-top button are hidden. */
  hideFooter: boolean;
  /** Header and footer are hidden: the page fills the window. */
  fullscreen: boolean;
  /** A data-view page: content without the 80 px side margin. */
  dataView: boolean;
}

/** One route of the product (spec 001 §2). */
export interface RouteEntry {
  /** React Router path (`{id}` of the spec written `:id`). */
  path: string;
  /** Unique route name (the spec's names where it gives one, such as `DataStudent` or `resource-basket`). */
  name: string;
  /**
   * Permission key checked by the route guard; `null` when the route only
   * needs a signed-in user (or is public).
   */
  perm: string | null;
  /** Chinese page title. */
  title: string;
  /** The page is kept mounted (hidden) when left, so its state survives a return. */
  keepAlive: boolean;
  /** The feature module the page belongs to. */
  module: ModuleName;
  /** Top-level menu code whose second-level menu shows on this page; `null` outside any module. */
  menu: string | null;
  /** Open without a session (spec 000 §4). */
  public: boolean;
  /** A path that only forwards to a default child (params carried over). */
  redirect?: string;
  layout: RouteLayout;
}
