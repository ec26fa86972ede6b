import { useState } from 'react';
import type { BodyOf, DataOf, operatorRoutes, RouteContract } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { operatorRefs } from './operatorRefs';

type Region = DataOf<typeof operatorRoutes.overview>['regions'][number];
type Account = Region['bureauAccounts'][number];

/**
 * The console's call: an operator route with the operator's token; null when refused. `dedupe`
 * false sends it even while the same call is in flight (a read whose caller keeps only the newest
 * answer: the client would otherwise drop the newer read and the older one's answer is ignored).
 */
export type OperatorCall = <R extends RouteContract>(
  route: R,
  body: BodyOf<R>,
  successMessage?: string,
  dedupe?: boolean,
) => Promise<DataOf<R> | null>;

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-21 09:05: local time to the minute. */
export function formatAuditTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The schools a region has invited and that have not answered (docs/joint-exams.md#consent):
 * the bureau cannot enter them until the school's administrator accepts; 撤回邀请 withdraws it.
 */
export function PendingSchools({
  region,
  call,
  onDone,
}: {
  region: Region;
  call: OperatorCall;
  onDone: () => Promise<void>;
}) {
  if (region.pendingSchools.length === 0) return null;
  const withdraw = async (schoolId: number) => {
    if (
      await call(operatorRefs.removeSchool, { regionId: region.regionId, schoolId }, '已撤回邀请')
    )
      await onDone();
  };
  return (
    <>
      <h3>待学校同意</h3>
      <ul aria-label={`${region.name}待同意的学校`} style={{ listStyle: 'none', padding: 0 }}>
        {region.pendingSchools.map((s) => (
          <li key={s.schoolId} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            {s.schoolName}（已邀请，等待学校管理员在“区域设置”中同意）
            <Button
              size="small"
              aria-label={`撤回邀请：${s.schoolName}`}
              onClick={() => void withdraw(s.schoolId)}
            >
              撤回邀请
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 停用 / 启用 of one bureau account: a disabled account cannot sign in, its sessions end at once. */
export function BureauStatusButton({
  account,
  call,
  onDone,
}: {
  account: Account;
  call: OperatorCall;
  onDone: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const done = await call(
      operatorRefs.setBureauStatus,
      { bureauUserId: account.bureauUserId, enabled: !account.enabled },
      account.enabled ? '已停用，该账号的登录已全部失效' : '已启用',
    );
    setBusy(false);
    if (done) await onDone();
  };
  return (
    <>
      {!account.enabled && <strong>已停用</strong>}
      <Button
        size="small"
        loading={busy}
        aria-label={`${account.enabled ? '停用' : '启用'}：${account.loginName}`}
        onClick={() => void toggle()}
      >
        {account.enabled ? '停用' : '启用'}
      </Button>
    </>
  );
}
