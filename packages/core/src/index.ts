export {
  academicYearOf,
  termOf,
  resolveEffectiveAccess,
  roleCodes,
  rolePerms,
} from '@examkit/contracts/rules';

export { STORAGE_KEYS } from './storage/STORAGE_KEYS';
export { createStorage } from './storage/createStorage';
export { clearLoginData } from './storage/clearLoginData';
export { initClientStorage } from './storage/initClientStorage';

export { createConsoleNotifier } from './notifier/createConsoleNotifier';

export { createHttpClient } from './http/createHttpClient';
export { isNetworkFailure } from './http/isNetworkFailure';

export { createAuthClient } from './auth/createAuthClient';
export { AUTH_ENDPOINTS } from './auth/AUTH_ENDPOINTS';
export { AuthError } from './auth/AuthError';
export { plainMenuTree } from './auth/plainMenuTree';

export { createExamkitStore } from './store/createExamkitStore';

export { EXAM_TYPES } from './utils/EXAM_TYPES';
export { GRADES } from './utils/GRADES';
export { yearOptions } from './utils/yearOptions';
export { mediaTypeOf } from './utils/mediaTypeOf';
export { formatDate } from './utils/formatDate';
export { toChineseNumber } from './utils/toChineseNumber';
export { lastWeek } from './utils/lastWeek';
export { lastMonth } from './utils/lastMonth';
export { withCropSuffix } from './utils/withCropSuffix';
export { brandOf } from './utils/brandOf';
export { debounce } from './utils/debounce';
export type { Debounced } from './utils/debounce';
export type { AuthEndpoint } from './auth/AUTH_ENDPOINTS';

export type * from './types';
