import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { checkParam } from './ParmPage';
import { SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const PARAMS = [
  { paramType: 'level', value: { excellent: 85, good: 70, pass: 60, low: 30 } },
  { paramType: 'count', value: { border: 5, topPercent: 27, bottomPercent: 27 } },
];

describe('checkParam', () => {
  it.each([
    [{ excellent: 85, good: 70, pass: 60, low: 30 }, null],
    [{ excellent: 85, good: 85, pass: 60, low: 30 }, '等级线须依次降低：优秀 > 良好 > 及格 > 低分'],
    [{ excellent: 120, good: 70, pass: 60, low: 30 }, '等级线须在 0 到 100 之间'],
  ])('level %o → %s', (value, message) => {
    expect(checkParam('level', value)).toBe(message);
  });
});

describe('ParmPage', () => {
  it('/system/parm opens the level page and saves lines that fall strictly', async () => {
    const api = systemApi({ [SYS.paramList]: ok(PARAMS), [SYS.paramAdd]: ok(null) });
    await renderApp({ path: '/system/parm', api, user: adminUser(), pages: systemPages });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '参数设置 · 等级设置' });
    const good = await screen.findByLabelText('良好线（满分的%）');
    await user.clear(good);
    await user.type(good, '90');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('等级线须依次降低');
    expect(bodiesOf(api, SYS.paramAdd)).toHaveLength(0);
    await user.clear(good);
    await user.type(good, '75');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.paramAdd)).toEqual([
        { paramType: 'level', value: { excellent: 85, good: 75, pass: 60, low: 30 } },
      ]),
    );
  }, 30_000);
});

describe('区域设置 on the parameter pages', () => {
  it('shows a region’s invitation; 同意 makes the school a member', async () => {
    const api = systemApi({
      [SYS.paramList]: ok(PARAMS),
      [SYS.schoolRegion]: ok({
        region: null,
        invitations: [{ regionId: 3, regionName: '东区', invitedAt: 0 }],
      }),
      [SYS.regionRespond]: ok({ region: { regionId: 3, regionName: '东区' }, invitations: [] }),
    });
    await renderApp({ path: '/system/parm', api, user: adminUser(), pages: systemPages });
    const section = await screen.findByRole('region', { name: '区域设置' });
    expect(section).toHaveTextContent('本校尚未加入任何区域');
    expect(section).toHaveTextContent('东区邀请本校加入区域');
    await userEvent.click(screen.getByRole('button', { name: '同意加入东区' }));
    await waitFor(() => expect(section).toHaveTextContent('本校属于区域：东区'));
    expect(screen.queryByRole('button', { name: '同意加入东区' })).toBeNull();
    expect(bodiesOf(api, SYS.regionRespond)).toEqual([{ regionId: 3, accept: true }]);
  }, 30_000);

  it('拒绝 declines it and the school stays outside', async () => {
    const api = systemApi({
      [SYS.paramList]: ok(PARAMS),
      [SYS.schoolRegion]: ok({
        region: null,
        invitations: [{ regionId: 3, regionName: '东区', invitedAt: 0 }],
      }),
      [SYS.regionRespond]: ok({ region: null, invitations: [] }),
    });
    await renderApp({ path: '/system/parm', api, user: adminUser(), pages: systemPages });
    await userEvent.click(await screen.findByRole('button', { name: '拒绝东区的邀请' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: '区域邀请' })).toBeNull());
    expect(screen.getByRole('region', { name: '区域设置' })).toHaveTextContent(
      '本校尚未加入任何区域',
    );
    expect(bodiesOf(api, SYS.regionRespond)).toEqual([{ regionId: 3, accept: false }]);
  }, 30_000);

  it('退出区域 asks first; 取消 keeps the school in, 确定退出 takes it out', async () => {
    const api = systemApi({
      [SYS.paramList]: ok(PARAMS),
      [SYS.schoolRegion]: ok({ region: { regionId: 3, regionName: '东区' }, invitations: [] }),
      [SYS.regionLeave]: ok({ region: null, invitations: [] }),
    });
    await renderApp({ path: '/system/parm', api, user: adminUser(), pages: systemPages });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: '区域设置' });
    expect(section).toHaveTextContent('本校属于区域：东区');
    await user.click(screen.getByRole('button', { name: '退出区域' }));
    const dialog = await screen.findByRole('alertdialog', { name: '退出区域' });
    expect(dialog).toHaveTextContent('该区域的教育局账号立即不能再进入本校');
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf(api, SYS.regionLeave)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '退出区域' }));
    await user.click(await screen.findByRole('button', { name: '确定退出' }));
    await waitFor(() => expect(section).toHaveTextContent('本校尚未加入任何区域'));
    expect(screen.queryByRole('button', { name: '退出区域' })).toBeNull();
    expect(bodiesOf(api, SYS.regionLeave)).toEqual([{ regionId: 3 }]);
  }, 30_000);
});
