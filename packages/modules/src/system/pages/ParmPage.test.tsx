import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { checkParam } from './ParmPage';
import { SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
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
  });
});
