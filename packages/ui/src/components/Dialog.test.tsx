import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextInput } from './TextInput';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        修改密码
      </button>
      <Dialog
        open={open}
        width={580}
        title="修改密码"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary">确定</Button>
          </>
        }
      >
        <TextInput aria-label="新密码" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog labelled by its title, with the given width', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = screen.getByRole('dialog', { name: '修改密码' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ width: '580px' });
  });

  it('moves focus in, keeps Tab inside, and returns focus on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '修改密码' });
    await user.click(opener);
    const input = screen.getByRole('textbox', { name: '新密码' });
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '取消' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '确定' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Esc and on the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on a mask click only when maskClosable', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog open title="提示" onClose={onClose}>
        内容
      </Dialog>,
    );
    const mask = () => document.querySelector('[data-examkit-dialog-mask]') as HTMLElement;
    await user.click(mask());
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <Dialog open maskClosable title="提示" onClose={onClose}>
        内容
      </Dialog>,
    );
    await user.click(screen.getByText('内容'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(mask());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed and takes a custom close label', () => {
    const { rerender } = render(
      <Dialog open={false} title="提示" onClose={() => {}}>
        内容
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <Dialog open title="提示" closeLabel="关掉" onClose={() => {}}>
        内容
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: '关掉' })).toBeInTheDocument();
    // Without controls in the content, the panel itself takes focus.
    expect(screen.getByRole('dialog', { name: '提示' })).toHaveFocus();
  });
});
