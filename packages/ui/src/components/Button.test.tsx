import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(() => {
  vi.useRealTimers();
});

describe('Button', () => {
  it.each(['default', 'primary', 'plain', 'text', 'link'] as const)(
    'renders type %s as a native button',
    (type) => {
      render(<Button type={type}>保存</Button>);
      const button = screen.getByRole('button', { name: '保存' });
      expect(button).toHaveAttribute('type', 'button');
    },
  );

  it.each(['tiny', 'small', 'medium', 'large'] as const)('renders size %s', (size) => {
    render(<Button size={size}>保存</Button>);
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
  });

  it('is a submit button when asked', () => {
    render(<Button nativeType="submit">提交</Button>);
    expect(screen.getByRole('button', { name: '提交' })).toHaveAttribute('type', 'submit');
  });

  it('calls onClick on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>保存</Button>);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('swallows clicks within the throttle window (default 0 swallows none)', () => {
    vi.useFakeTimers();
    const throttled = vi.fn();
    const plain = vi.fn();
    render(
      <>
        <Button throttle={1000} onClick={throttled}>
          提交
        </Button>
        <Button onClick={plain}>保存</Button>
      </>,
    );
    const submit = screen.getByRole('button', { name: '提交' });
    const save = screen.getByRole('button', { name: '保存' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(save);
    fireEvent.click(save);
    act(() => vi.advanceTimersByTime(999));
    fireEvent.click(submit);
    expect(throttled).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(submit);
    expect(throttled).toHaveBeenCalledTimes(2);
    expect(plain).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while loading or disabled, and says it is busy', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        保存
      </Button>,
    );
    const button = screen.getByRole('button', { name: '保存' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    rerender(
      <Button disabled onClick={onClick}>
        保存
      </Button>,
    );
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
