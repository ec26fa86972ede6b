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

  it.each(Object.entries(messageRefs))('message %s is called as its contract says', (name, ref) => {
    const contract = messageRoutes[name as keyof typeof messageRoutes];
    expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
      method: contract.method,
      url: contract.url,
      encoding: contract.encoding,
    });
  });
  it('covers every message call', () => {
    expect(Object.keys(messageRefs).sort()).toEqual(Object.keys(messageRoutes).sort());
  });

  it.each(Object.entries(basketRefs))('basket %s is called as its contract says', (name, ref) => {
    const contract = basketRoutes[name as keyof typeof basketRoutes];
    expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
      method: contract.method,
      url: contract.url,
      encoding: contract.encoding,
    });
  });

  it.each(Object.entries(regionRefs))('region %s is called as its contract says', (name, ref) => {
    const contract = regionRoutes[name as keyof typeof regionRoutes];
    expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
      method: contract.method,
      url: contract.url,
      encoding: contract.encoding,
    });
  });
  it('covers the switcher’s region calls', () => {
    expect(Object.keys(regionRefs).sort()).toEqual(['enterSchool', 'schools']);
  });

  it.each(Object.entries(schoolRegionRefs))(
    'school region %s is called as its contract says',
    (name, ref) => {
      const contract = schoolRegionRoutes[name as keyof typeof schoolRegionRoutes];
      expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
        method: contract.method,
        url: contract.url,
        encoding: contract.encoding,
      });
    },
  );
  it.each(Object.entries(operatorRefs))(
    'operator %s is called as its contract says',
    (name, ref) => {
      const contract = operatorRoutes[name as keyof typeof operatorRoutes];
      expect({ method: ref.method, url: ref.url, encoding: ref.encoding }).toEqual({
        method: contract.method,
        url: contract.url,
        encoding: contract.encoding,
      });
    },
  );
  it('covers every operator call', () => {
    expect(Object.keys(operatorRefs).sort()).toEqual(Object.keys(operatorRoutes).sort());
  });
});
