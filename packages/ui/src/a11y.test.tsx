import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BackToTop } from './components/BackToTop';
import { Button } from './components/Button';
import { Dialog } from './components/Dialog';
import { Dropdown } from './components/Dropdown';
import { Empty } from './components/Empty';
import { FormField } from './components/FormField';
import { MessageHost } from './components/MessageHost';
import { PasswordInput } from './components/PasswordInput';
import { Select } from './components/Select';
import { TextInput } from './components/TextInput';
import { createUiNotifier } from './notifier/createUiNotifier';

// jsdom has no layout, so colour contrast cannot be measured here.
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

describe('axe finds no violations', () => {
  const cases: [string, ReactElement][] = [
    [
      'form pieces',
      <main key="form">
        <FormField label="账号" hint="手机号" error="请输入账号">
          <TextInput />
        </FormField>
        <FormField label="新密码" required>
          <PasswordInput />
        </FormField>
        <Select label="切换角色" options={[{ value: 1, label: '教务主任' }]} />
        <Button type="primary">确定</Button>
        <Button type="link">详情</Button>
        <Empty />
      </main>,
    ],
    [
      'dialog',
      <Dialog key="dialog" open title="修改密码" onClose={() => {}} footer={<Button>取消</Button>}>
        <FormField label="新密码">
          <PasswordInput />
        </FormField>
      </Dialog>,
    ],
    ['back to top', <BackToTop key="top" visibilityHeight={-1} />],
  ];
  it.each(cases)('%s', async (_name, ui) => {
    render(ui);
    expect(await violations()).toEqual([]);
  });

  it('open dropdown', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <Dropdown
          label="王老师"
          items={[
            { key: 'password', label: '修改密码' },
            { key: 'logout', label: '退出' },
          ]}
          onSelect={() => {}}
        />
      </main>,
    );
    await user.click(screen.getByRole('button', { name: '王老师' }));
    expect(await violations()).toEqual([]);
  });

  it('messages, alert and loading', async () => {
    const notifier = createUiNotifier();
    render(<MessageHost notifier={notifier} />);
    act(() => {
      notifier.message('error', '账号过期，请重新登录');
      notifier.message('success', '修改成功');
      void notifier.alert('禁止访问！', '对不起，您没有本页访问权限！');
      notifier.loading.open('正在加载，请稍后~');
    });
    expect(await violations()).toEqual([]);
  });
});
