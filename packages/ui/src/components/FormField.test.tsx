import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFormValidation } from '../hooks/useFormValidation';
import { Button } from './Button';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';
import { Select } from './Select';
import { TextInput } from './TextInput';

type Passwords = { password: string; repeatPassword: string };

/** The change-password form of spec 000 §5. */
function PasswordForm({ onSubmit = () => {} }: { onSubmit?: (v: Passwords) => void }) {
  const form = useFormValidation<Passwords>(
    {
      password: [{ required: true, message: '请输入新密码' }],
      repeatPassword: [
        { required: true, message: '请再次输入新密码' },
        { validator: (value, all) => value === all.password, message: '两次输入新密码不一致!' },
      ],
    },
    {
      initialValues: { password: '', repeatPassword: '' },
      dependents: { password: ['repeatPassword'] },
    },
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (form.validate()) onSubmit(form.values);
      }}
    >
      <FormField
        label="新密码"
        required
        error={form.errors.password}
        hint="请输入数字和字母组合，不少于6位"
      >
        <PasswordInput {...form.field('password')} />
      </FormField>
      <FormField label="确认密码" required error={form.errors.repeatPassword}>
        <PasswordInput {...form.field('repeatPassword')} />
      </FormField>
      <Button nativeType="submit">确定</Button>
      <Button onClick={form.reset}>重置</Button>
    </form>
  );
}

const input = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('FormField', () => {
  it('labels the control and describes it by its hint and error', () => {
    render(
      <FormField label="姓名" hint="真实姓名" error="请输入姓名">
        <TextInput />
      </FormField>,
    );
    const control = screen.getByRole('textbox', { name: '姓名' });
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('真实姓名 请输入姓名');
    expect(screen.getByRole('alert')).toHaveTextContent('请输入姓名');
  });

  it('marks a valid control neither invalid nor described by an error', () => {
    render(
      <FormField label="姓名" required>
        <TextInput />
      </FormField>,
    );
    const control = screen.getByRole('textbox', { name: '姓名' });
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).not.toHaveAttribute('aria-describedby');
    expect(control).toBeRequired();
  });

  it('labels a Select, inside a field or by its own label', () => {
    render(
      <>
        <FormField label="学年">
          <Select options={[{ value: 2026, label: '2026-2027' }]} placeholder="全部" />
        </FormField>
        <Select label="年级" options={[{ value: 10, label: '高一' }]} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: '学年' })).toHaveDisplayValue('全部');
    expect(screen.getByRole('combobox', { name: '年级' })).toHaveDisplayValue('高一');
  });
});

describe('PasswordInput', () => {
  it('hides the text and toggles it with a labelled button', async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="密码" showLabel="显示" hideLabel="隐藏" />);
    const field = screen.getByLabelText('密码');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏' }));
    expect(field).toHaveAttribute('type', 'password');
  });
});

describe('useFormValidation: the change-password rules of spec 000 §5', () => {
  it('validates on blur with the spec messages', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.click(input('新密码'));
    await user.tab();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(input('新密码')).toHaveAttribute('aria-invalid', 'true');
    await user.click(input('确认密码'));
    await user.tab();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();
    await user.type(input('新密码'), 'abc123');
    await user.tab();
    expect(screen.queryByText('请输入新密码')).not.toBeInTheDocument();
    await user.type(input('确认密码'), 'abc124');
    await user.tab();
    expect(screen.getByText('两次输入新密码不一致!')).toBeInTheDocument();
  });

  it('re-validates a non-empty confirmation when the new password changes', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.type(input('新密码'), 'abc12');
    await user.type(input('确认密码'), 'abc123');
    await user.tab();
    expect(screen.getByText('两次输入新密码不一致!')).toBeInTheDocument();
    await user.type(input('新密码'), '3');
    expect(screen.queryByText('两次输入新密码不一致!')).not.toBeInTheDocument();
    await user.type(input('新密码'), '4');
    expect(screen.getByText('两次输入新密码不一致!')).toBeInTheDocument();
  });

  it('does not re-validate an empty confirmation', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.type(input('新密码'), 'abc123');
    expect(screen.queryByText('请再次输入新密码')).not.toBeInTheDocument();
  });

  it('validates everything on submit, submits when valid, and resets', async () => {
    const user = userEvent.setup();
    const submitted: Passwords[] = [];
    render(<PasswordForm onSubmit={(v) => submitted.push(v)} />);
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();
    expect(submitted).toEqual([]);
    await user.type(input('新密码'), 'abc123');
    await user.type(input('确认密码'), 'abc123');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(submitted).toEqual([{ password: 'abc123', repeatPassword: 'abc123' }]);
    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(input('新密码')).toHaveValue('');
  });

  it('treats whitespace as empty and exposes validateField and setValue', () => {
    const { result } = renderHook(() =>
      useFormValidation(
        { name: [{ required: true, message: '必填' }] },
        { initialValues: { name: '  ' } },
      ),
    );
    let valid = true;
    act(() => {
      valid = result.current.validateField('name');
    });
    expect(valid).toBe(false);
    expect(result.current.errors.name).toBe('必填');
    act(() => result.current.setValue('name', '张三'));
    act(() => {
      valid = result.current.validateField('name');
    });
    expect(valid).toBe(true);
    expect(result.current.errors).toEqual({});
  });
});
