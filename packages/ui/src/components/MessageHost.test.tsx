import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUiNotifier } from '../notifier/createUiNotifier';
import type { Notifier } from '../types';
import { MessageHost } from './MessageHost';

afterEach(() => {
  vi.useRealTimers();
});

describe('createUiNotifier + MessageHost', () => {
  it('has the shape of core’s Notifier', () => {
    const notifier: Notifier = createUiNotifier();
    expect(typeof notifier.message).toBe('function');
    expect(typeof notifier.loading.open).toBe('function');
  });

  it.each([
    ['success', 'status', '修改成功'],
    ['info', 'status', '正在下载，请稍后~'],
    ['warning', 'status', '请先选择试题'],
    ['error', 'alert', '账号过期，请重新登录'],
  ] as const)('shows a %s toast as %s and closes it after 3 s', (type, role, text) => {
    vi.useFakeTimers();
    const notifier = createUiNotifier();
    render(<MessageHost notifier={notifier} />);
    act(() => notifier.message(type, text));
    expect(screen.getByRole(role)).toHaveTextContent(text);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('stacks toasts and closes one early with its close button', async () => {
    const user = userEvent.setup();
    const notifier = createUiNotifier();
    render(<MessageHost notifier={notifier} />);
    act(() => {
      notifier.message('success', '修改成功');
      notifier.message('warning', '请先选择试题');
    });
    const toast = screen.getByText('修改成功').closest('[role]') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: '关闭' }));
    expect(screen.queryByText('修改成功')).not.toBeInTheDocument();
    expect(screen.getByText('请先选择试题')).toBeInTheDocument();
  });

  it('shows an alert dialog with 确定, one at a time, resolving on confirm', async () => {
    const user = userEvent.setup();
    const notifier = createUiNotifier();
    render(<MessageHost notifier={notifier} />);
    let confirmed = false;
    act(() => {
      void notifier.alert('禁止访问！', '对不起，您没有本页访问权限！').then(() => {
        confirmed = true;
      });
      void notifier.alert('提示', '第二条');
    });
    const dialog = screen.getByRole('alertdialog', { name: '禁止访问！' });
    expect(dialog).toHaveAccessibleDescription('对不起，您没有本页访问权限！');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(confirmed).toBe(true);
    expect(screen.getByRole('alertdialog', { name: '提示' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('counts loading: the overlay stays until every open is closed', () => {
    const notifier = createUiNotifier();
    render(<MessageHost notifier={notifier} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      notifier.loading.open('正在加载，请稍后~');
      notifier.loading.open('正在加载，请稍后~');
    });
    expect(screen.getByRole('status')).toHaveTextContent('正在加载，请稍后~');
    act(() => notifier.loading.close());
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => notifier.loading.close());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => notifier.loading.close());
    expect(notifier.getState().loadingCount).toBe(0);
  });

  it('falls back to the default loading text and takes overrides', () => {
    const notifier = createUiNotifier({ duration: 1000 });
    render(<MessageHost notifier={notifier} confirmText="好的" />);
    act(() => notifier.loading.open(''));
    expect(screen.getByRole('status')).toHaveTextContent('正在加载，请稍后~');
    act(() => void notifier.alert('提示', '内容'));
    expect(screen.getByRole('button', { name: '好的' })).toBeInTheDocument();
  });
});
