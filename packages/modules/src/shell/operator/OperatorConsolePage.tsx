import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import type { BodyOf, DataOf, operatorRoutes, RouteContract } from '@examkit/contracts';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, PasswordInput, Select, TextInput, themeOf } from '@examkit/ui';
import { operatorRefs } from './operatorRefs';
import { clearOperatorSession, readOperatorSession } from './operatorSession';
import { OperatorAccounts } from './OperatorAccounts';
import { ResetPassword } from './ResetPassword';
import { OperatorAuditLog } from './OperatorAuditLog';
import { Card, Items, Row } from './operatorStyled';
import { BureauStatusButton, PendingSchools } from './OperatorConsoleSections';

type Overview = DataOf<typeof operatorRoutes.overview>;
type Region = Overview['regions'][number];

const Page = styled.main`
  min-height: 100vh;
  padding: 24px;
  background: ${(p) => themeOf(p).colors.background};
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  h1 {
    font-size: 20px;
    margin: 0;
  }
  h2 {
    font-size: 17px;
    margin: 0 0 12px;
  }
  h3 {
    font-size: 15px;
    margin: 16px 0 8px;
  }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 20px;
`;

const LEVELS = [
  { value: 'district', label: '区县' },
  { value: 'city', label: '城市' },
] as const;

/** Calls an operator route with the operator's own token (not a school session's). */
function useOperatorCall(token: string) {
  const { http } = useExamkit();
  return useCallback(
    async <R extends RouteContract>(
      route: R,
      body: BodyOf<R>,
      successMessage?: string,
      dedupe = true,
    ): Promise<DataOf<R> | null> => {
      try {
        const reply = await http.request<DataOf<R>>({
          url: route.url,
          method: route.method,
          data: body,
          headers: { token, schoolId: undefined },
          dedupe,
          ...(successMessage ? { successMessage } : {}),
        });
        return isNetworkFailure(reply) ? null : reply.data;
      } catch {
        // The client has shown the server's message.
        return null;
      }
    },
    [http, token],
  );
}

/**
 * The platform operator's console (docs/joint-exams.md#operator): regions, their member schools
 * and bureau accounts. Opened by signing in on the ordinary login page with an operator account.
 */
export function OperatorConsolePage() {
  const session = readOperatorSession();
  if (!session)
    return (
      <Page>
        <h1>平台运营控制台</h1>
        <p role="alert">请先使用平台运营账号登录。</p>
        <Link to="/login">返回登录页</Link>
      </Page>
    );
  return <OperatorConsole token={session.token} nickName={session.nickName} />;
}

function OperatorConsole({ token, nickName }: { token: string; nickName: string }) {
  const call = useOperatorCall(token);
  const navigate = useNavigate();
  const [overview, setOverview] = useState<Overview | null>(null);

  const load = useCallback(async () => {
    const data = await call(operatorRefs.overview, {});
    if (data) setOverview(data);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const logout = async () => {
    await call(operatorRefs.logout, {});
    clearOperatorSession();
    navigate('/login', { replace: true });
  };

  return (
    <Page>
      <Header>
        <h1>平台运营控制台</h1>
        <span>
          {nickName} <Button onClick={() => void logout()}>退出登录</Button>
        </span>
      </Header>
      <p>在这里创建区域、管理成员学校和教育局账号。平台运营账号不能查看任何学校的学生和成绩。</p>
      {!overview ? (
        <p role="status">正在加载…</p>
      ) : (
        <>
          <CreateRegion overview={overview} call={call} onDone={load} />
          {overview.regions.map((region) => (
            <RegionCard
              key={region.regionId}
              region={region}
              overview={overview}
              call={call}
              onDone={load}
            />
          ))}
          <OperatorAccounts call={call} />
          <OperatorAuditLog call={call} version={overview} schools={overview.schools} />
        </>
      )}
    </Page>
  );
}

type Call = ReturnType<typeof useOperatorCall>;

function CreateRegion({
  overview,
  call,
  onDone,
}: {
  overview: Overview;
  call: Call;
  onDone: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [level, setLevel] = useState<'district' | 'city'>('district');
  const [parentId, setParentId] = useState('');
  const [busy, setBusy] = useState(false);
  const cities = overview.regions.filter((r) => r.level === 'city');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await call(
      operatorRefs.createRegion,
      {
        code: code.trim(),
        name: name.trim(),
        level,
        ...(level === 'district' && parentId ? { parentId: Number(parentId) } : {}),
      },
      '区域已创建',
    );
    setBusy(false);
    if (done) {
      setCode('');
      setName('');
      await onDone();
    }
  };
  return (
    <Card aria-labelledby="operator-new-region">
      <h2 id="operator-new-region">新建区域</h2>
      <Row onSubmit={(e) => void submit(e)}>
        <FormField label="区域代码" hint="2到32位字母、数字、- 或 _" required>
          <TextInput value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <FormField label="区域名称" required>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="区域级别">
          <Select
            options={LEVELS}
            value={level}
            onChange={(e) => setLevel(e.target.value as 'district' | 'city')}
          />
        </FormField>
        {level === 'district' && cities.length > 0 && (
          <FormField label="所属城市">
            <Select
              placeholder="不属于城市"
              options={cities.map((c) => ({ value: c.regionId, label: c.name }))}
              value={parentId}
              onChange={(e) => setParentId(e.target.value)}
            />
          </FormField>
        )}
        <Button type="primary" nativeType="submit" loading={busy} disabled={!code || !name}>
          创建区域
        </Button>
      </Row>
    </Card>
  );
}

function RegionCard({
  region,
  overview,
  call,
  onDone,
}: {
  region: Region;
  overview: Overview;
  call: Call;
  onDone: () => Promise<void>;
}) {
  const headingId = `operator-region-${region.regionId}`;
  const free = overview.schools.filter((s) => s.regionId === null && s.invitedRegionId === null);
  const [schoolId, setSchoolId] = useState('');
  const [login, setLogin] = useState('');
  const [nick, setNick] = useState('');
  const [password, setPassword] = useState('');

  const addSchool = async (event: FormEvent) => {
    event.preventDefault();
    if (!schoolId) return;
    const done = await call(
      operatorRefs.addSchool,
      { regionId: region.regionId, schoolId: Number(schoolId) },
      '已邀请，等待学校管理员同意',
    );
    if (done) {
      setSchoolId('');
      await onDone();
    }
  };
  const removeSchool = async (id: number) => {
    if (
      await call(
        operatorRefs.removeSchool,
        { regionId: region.regionId, schoolId: id },
        '已移出区域',
      )
    )
      await onDone();
  };
  const createBureau = async (event: FormEvent) => {
    event.preventDefault();
    const done = await call(
      operatorRefs.createBureau,
      { regionId: region.regionId, loginName: login.trim(), nickName: nick.trim(), password },
      '教育局账号已创建',
    );
    if (done) {
      setLogin('');
      setNick('');
      setPassword('');
      await onDone();
    }
  };
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        {region.name}（{region.level === 'city' ? '城市' : '区县'}，代码 {region.code}）
      </h2>
      <h3>成员学校</h3>
      {region.schools.length === 0 ? (
        <p>暂无成员学校</p>
      ) : (
        <Items aria-label={`${region.name}的成员学校`}>
          {region.schools.map((s) => (
            <li key={s.schoolId}>
              {s.schoolName}
              <Button
                size="small"
                aria-label={`从${region.name}移出${s.schoolName}`}
                onClick={() => void removeSchool(s.schoolId)}
              >
                移出
              </Button>
            </li>
          ))}
        </Items>
      )}
      <PendingSchools region={region} call={call} onDone={onDone} />
      <Row onSubmit={(e) => void addSchool(e)}>
        <FormField label={`加入${region.name}的学校`}>
          <Select
            placeholder={free.length ? '请选择学校' : '没有未加入区域的学校'}
            options={free.map((s) => ({ value: s.schoolId, label: s.schoolName }))}
            value={schoolId}
            onChange={(e) => setSchoolId(e.target.value)}
          />
        </FormField>
        <Button nativeType="submit" disabled={!schoolId}>
          邀请加入
        </Button>
      </Row>
      <h3>教育局账号</h3>
      {region.bureauAccounts.length === 0 ? (
        <p>暂无教育局账号</p>
      ) : (
        <Items aria-label={`${region.name}的教育局账号`}>
          {region.bureauAccounts.map((b) => (
            <li key={b.bureauUserId}>
              {b.nickName}（{b.loginName}）
              <BureauStatusButton account={b} call={call} onDone={onDone} />
              <ResetPassword
                loginName={b.loginName}
                label={`重置密码：${b.loginName}`}
                save={async (password) =>
                  Boolean(
                    await call(
                      operatorRefs.resetBureauPassword,
                      { bureauUserId: b.bureauUserId, password },
                      '密码已重置',
                    ),
                  )
                }
              />
            </li>
          ))}
        </Items>
      )}
      <Row onSubmit={(e) => void createBureau(e)} aria-label={`新建${region.name}的教育局账号`}>
        <FormField label="账号" required>
          <TextInput value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="姓名" required>
          <TextInput value={nick} onChange={(e) => setNick(e.target.value)} />
        </FormField>
        <FormField label="密码" hint="至少6位的字母和数字组合" required>
          <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <Button type="primary" nativeType="submit" disabled={!login || !nick || !password}>
          创建教育局账号
        </Button>
      </Row>
    </Card>
  );
}

export default OperatorConsolePage;
