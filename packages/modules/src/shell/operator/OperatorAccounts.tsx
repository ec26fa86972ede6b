import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { DataOf, operatorRoutes } from '@examkit/contracts';
import { Button, FormField, PasswordInput, TextInput } from '@examkit/ui';
import type { OperatorCall } from './OperatorConsoleSections';
import { operatorRefs } from './operatorRefs';
import { Card, Items, Row } from './operatorStyled';
import { ResetPassword } from './ResetPassword';

type Account = DataOf<typeof operatorRoutes.operatorList>[number];

/**
 * 平台运营账号 (docs/joint-exams.md#operator): every operator with its 状态; 新建运营账号,
 * 重置密码 and 停用/启用 of another operator (the server refuses disabling oneself or the last
 * enabled operator).
 */
export function OperatorAccounts({ call }: { call: OperatorCall }) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [login, setLogin] = useState('');
  const [nick, setNick] = useState('');
  const [password, setPassword] = useState('');

  const load = useCallback(async () => {
    const data = await call(operatorRefs.operatorList, {});
    if (data) setAccounts(data);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const data = await call(
      operatorRefs.createOperator,
      { loginName: login.trim(), nickName: nick.trim(), password },
      '运营账号已创建',
    );
    if (data) {
      setAccounts(data);
      setLogin('');
      setNick('');
      setPassword('');
    }
  };
  const toggle = async (account: Account) => {
    const data = await call(
      operatorRefs.setOperatorStatus,
      { operatorId: account.operatorId, enabled: !account.enabled },
      account.enabled ? '已停用，该账号的登录已全部失效' : '已启用',
    );
    if (data) setAccounts(data);
  };

  return (
    <Card aria-labelledby="operator-accounts">
      <h2 id="operator-accounts">平台运营账号</h2>
      {!accounts ? (
        <p role="status">正在加载…</p>
      ) : (
        <Items aria-label="平台运营账号列表">
          {accounts.map((a) => (
            <li key={a.operatorId}>
              {a.nickName}（{a.loginName}）{a.self && '（当前账号）'}
              <span>状态：{a.enabled ? '启用' : '已停用'}</span>
              {!a.self && (
                <Button
                  size="small"
                  aria-label={`${a.enabled ? '停用' : '启用'}运营账号：${a.loginName}`}
                  onClick={() => void toggle(a)}
                >
                  {a.enabled ? '停用' : '启用'}
                </Button>
              )}
              <ResetPassword
                loginName={a.loginName}
                label={`重置密码：运营账号 ${a.loginName}`}
                save={async (password) => {
                  const data = await call(
                    operatorRefs.resetOperatorPassword,
                    { operatorId: a.operatorId, password },
                    '密码已重置',
                  );
                  if (data) setAccounts(data);
                  return Boolean(data);
                }}
              />
            </li>
          ))}
        </Items>
      )}
      <Row onSubmit={(e) => void create(e)} aria-label="新建运营账号">
        <FormField label="运营账号" required>
          <TextInput value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="运营账号姓名" required>
          <TextInput value={nick} onChange={(e) => setNick(e.target.value)} />
        </FormField>
        <FormField label="运营账号密码" hint="至少6位的字母和数字组合" required>
          <PasswordInput
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </FormField>
        <Button type="primary" nativeType="submit" disabled={!login || !nick || !password}>
          新建运营账号
        </Button>
      </Row>
    </Card>
  );
}
