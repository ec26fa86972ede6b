import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveOperatorSession } from '../shell/operator/operatorSession';
import { SCHOOL_ROUTES, createFakeApi, ok, renderApp } from '../test/fixtures';
import { operatorPages } from './index';

afterEach(() => sessionStorage.clear());

describe('operatorPages', () => {
  it(
    'opens the console at /platform-operator with the operator’s regions, calling with its own token',
    { timeout: 30_000 },
    async () => {
      saveOperatorSession({ token: 'op-token', nickName: '平台运营' });
      const api = createFakeApi(SCHOOL_ROUTES);
      api.on(
        'POST /marking-platform/operator/overview',
        ok({
          nickName: '平台运营',
          regions: [
            {
              regionId: 1,
              code: 'demo-district',
              name: '示范区',
              level: 'district',
              parentId: null,
              schools: [{ schoolId: 11, schoolName: '示范中学' }],
              pendingSchools: [],
              bureauAccounts: [
                { bureauUserId: 5, loginName: 'bureau', nickName: '教育局', enabled: true },
              ],
            },
          ],
          schools: [{ schoolId: 11, schoolName: '示范中学', regionId: 1 }],
        }),
      );
      await renderApp({ path: '/platform-operator', api, pages: operatorPages });
      expect(await screen.findByRole('heading', { name: '平台运营控制台' })).toBeInTheDocument();
      const schools = await screen.findByRole('list', { name: '示范区的成员学校' });
      expect(within(schools).getByText('示范中学')).toBeInTheDocument();
      expect(api.calls.some((c) => c.url === '/marking-platform/operator/overview')).toBe(true);
    },
  );

  it('answers 页面不存在 at /platform-operator in an app that does not pass the console', async () => {
    saveOperatorSession({ token: 'op-token', nickName: '平台运营' });
    await renderApp({ path: '/platform-operator' });
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '平台运营控制台' })).not.toBeInTheDocument();
  });
});
