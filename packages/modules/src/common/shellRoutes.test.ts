import {
  basketRoutes,
  examRoutes,
  markingRoutes,
  messageRoutes,
  operatorRoutes,
  regionRoutes,
  reportRoutes,
  schoolRegionRoutes,
  scopeRoutes,
} from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { operatorRefs } from '../shell/operator/operatorRefs';
import { basketRefs, messageRefs, regionRefs, schoolRegionRefs, shellRoutes } from './shellRoutes';

interface Addressed {
  method: string;
  url: string;
  encoding?: string | undefined;
}

/** Each ref of a group beside the contract of the same name, for one `it.each` row apiece. */
function refCases(
  group: string,
  refs: Record<string, Addressed>,
  routes: Record<string, Addressed>,
): [string, Addressed, Addressed][] {
  return Object.entries(refs).map(([name, ref]) => [`${group} ${name}`, ref, routes[name]!]);
}

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

  it.each([
    ...refCases('message', messageRefs, messageRoutes),
    ...refCases('basket', basketRefs, basketRoutes),
    ...refCases('region', regionRefs, regionRoutes),
    ...refCases('school region', schoolRegionRefs, schoolRegionRoutes),
    ...refCases('operator', operatorRefs, operatorRoutes),
  ])('%s is called as its contract says', (_name, ref, contract) => {
    expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
      method: contract.method,
      url: contract.url,
      encoding: contract.encoding,
    });
  });

  it('covers every message call', () => {
    expect(Object.keys(messageRefs).sort()).toEqual(Object.keys(messageRoutes).sort());
  });
  it('covers the switcher’s region calls', () => {
    expect(Object.keys(regionRefs).sort()).toEqual(['enterSchool', 'schools']);
  });
  it('covers every operator call', () => {
    expect(Object.keys(operatorRefs).sort()).toEqual(Object.keys(operatorRoutes).sort());
  });
});
