import type { PageLoader } from '../routes/types';

/**
 * The platform operator's console (/platform-operator, docs/joint-exams.md#operator): pass it to
 * `createExamkitRoutes({ pages: { ...operatorPages } })`. Only the platform's own deployment
 * needs it; without it the login page's operator hand-off (code 6004) opens 页面不存在.
 */
export const operatorPages: Readonly<Record<string, PageLoader>> = {
  'platform-operator': () =>
    import('../shell/operator/OperatorConsolePage').then((m) => m.OperatorConsolePage),
};
