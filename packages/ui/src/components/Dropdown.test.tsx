import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from './Dropdown';

const items = [
  { key: 'password', label: '修改密码' },
  { key: 'logout', label: '退出' },
];

const setup = () => {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <Dropdown label="张老师" items={items} onSelect={onSelect} />
      <button type="button">其他</button>
    </>,
  );
  return { user, onSelect, trigger: screen.getByRole('button', { name: '张老师' }) };
};

describe('Dropdown (the header user menu)', () => {
  it('is a labelled menu button', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: '张老师' });
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['修改密码', '退出']);
  });

  it('opens with Enter on the first item, moves with arrows, chooses with Enter', async () => {
    const { user, onSelect, trigger } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: '修改密码' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '退出' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '修改密码' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '退出' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: '修改密码' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens with ArrowUp on the last item and with Space on the first', async () => {
    const { user, onSelect, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '退出' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: '修改密码' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith('password');
  });

  it('chooses with a click, and closes on Tab or a click outside', async () => {
    const { user, onSelect, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: '修改密码' }));
    expect(onSelect).toHaveBeenCalledWith('password');
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: '其他' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('skips disabled items', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Dropdown
        label="菜单"
        items={[
          { key: 'a', label: '甲', disabled: true },
          { key: 'b', label: '乙' },
          { key: 'c', label: '丙' },
        ]}
        onSelect={onSelect}
      />,
    );
    await user.click(screen.getByRole('button', { name: '菜单' }));
    expect(screen.getByRole('menuitem', { name: '乙' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '乙' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: '甲' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
