import { examRoutes, markingRoutes, reportRoutes, scopeRoutes } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { shellRoutes } from './shellRoutes';

describe('shellRoutes', () => {
  it.each([
    ['markingList', markingRoutes.list],
    ['examList', examRoutes.list],
    ['teacherGetExam', reportRoutes.teacherGetExam],
    ['myScope', scopeRoutes.myScope],
  ] as const)('%s is called exactly as its contract says', (name, contract) => {
    const { method, url, encoding } = shellRoutes[name];
    expect({ method, url, encoding }).toEqual({
      method: contract.method,
      url: contract.url,
      encoding: contract.encoding,
    });
  });
});
