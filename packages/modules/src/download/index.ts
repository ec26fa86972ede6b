import type { PageLoader } from '../routes/types';

/**
 * The download centre (issue #18) by route name: pass it to
 * `createExamkitRoutes({ pages: { ...downloadPages } })`.
 * @see docs/downloads.md
 */
export const downloadPages: Readonly<Record<string, PageLoader>> = {
  'new-home-download': () => import('./DownloadCentrePage').then((m) => m.DownloadCentrePage),
};
export { DownloadJobButton } from '../common/DownloadJobButton';
export type { DownloadJobButtonProps } from '../common/DownloadJobButton';
export { DOWNLOAD_CENTRE_PATH } from '../common/downloadCentrePath';
