import type { RouteLayout } from './types';

/** Path prefixes whose pages hide the second-level menu row (spec 000 §2). */
const SUB_MENU_HIDDEN = [
  /^\/home\//, // home
  /^\/new-home-help\//, // profile / help
  /^\/report\//, // report
  /^\/exam\/single\/report\//, // exam reports
  /^\/exam\/multiple\/report/,
  /^\/exam\/gaokao\/report\//,
  /^\/exam\/analyticCenter\/(single|multiple)\/report/,
  /^\/exam\/tool(\/|$)/, // exam tool
  /^\/new-home-message\//, // message
  /basket-confirm$/, // basket-confirm
  /^\/consolidate(\/|$)/, // consolidate
];

/** Route names whose pages hide the footer and back-to-top (spec 000 §2). */
export const FOOTER_HIDDEN_NAMES: readonly string[] = [
  'resource-basket',
  'login',
  'oauth',
  'card-create',
  'warning-report-print',
  'exam-marking-readPaper',
  'exam-marking-readPaper2',
  'report-pdf',
  'study-datav',
];

/** Path parts whose pages hide the footer and back-to-top (spec 000 §2). */
export const FOOTER_HIDDEN_PATH_PARTS: readonly string[] = [
  '/ability-growth/registration',
  '/ai-center',
];

/** Whether the footer and back-to-top button are hidden on a path or route name. */
export function isFooterHidden(path: string, name?: string | null): boolean {
  return (
    FOOTER_HIDDEN_PATH_PARTS.some((part) => path.includes(part)) ||
    (name != null && FOOTER_HIDDEN_NAMES.includes(name))
  );
}

/** The layout flags of one route, from its path, name and explicit page kind. */
export function layoutOf(
  path: string,
  name: string,
  kind: { fullscreen?: boolean; dataView?: boolean } = {},
): RouteLayout {
  const fullscreen = kind.fullscreen ?? false;
  return {
    hideSubMenu: SUB_MENU_HIDDEN.some((re) => re.test(path)),
    hideFooter: fullscreen || isFooterHidden(path, name),
    fullscreen,
    dataView: kind.dataView ?? fullscreen,
  };
}

/** Route names of /resource/ pages without the floating basket: the basket and 组卷 themselves. */
export const BASKET_HIDDEN_NAMES: readonly string[] = [
  'resource-basket',
  'resource-basket-confirm',
  'resource-group-paper',
];

/** Whether the floating question basket shows on a page (spec 000 §2: /resource/ pages). */
export function showsFloatingBasket(path: string, name?: string | null): boolean {
  return path.startsWith('/resource/') && !(name != null && BASKET_HIDDEN_NAMES.includes(name));
}
