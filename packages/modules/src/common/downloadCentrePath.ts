/**
 * The download centre (issue #18): spec 000 §2 names the entry and says it opens in a new tab
 * but gives no path; examkit serves it here (docs/downloads.md). Kept apart from the contracts so
 * the always-loaded header can link to it.
 */
export const DOWNLOAD_CENTRE_PATH = '/new-home-download/index';
