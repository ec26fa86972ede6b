import { useEffect, useState } from 'react';
import type { DataOf } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { schoolRegionRefs } from '../../common/shellRoutes';
import { useApiCall } from '../../common/useApiCall';
import { Note } from './styled';

type Status = DataOf<typeof schoolRegionRefs.status>;

/**
 * 区域设置 on the parameter pages (docs/joint-exams.md#consent): the region the school belongs
 * to, and a region's invitation with 同意 / 拒绝. The region's education bureau can read the
 * school only after its administrator accepts here; 退出区域 (confirmed) takes the school out
 * again and the bureau loses it at once.
 */
export function RegionSection() {
  const call = useApiCall();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);

  useEffect(() => {
    let live = true;
    void call(schoolRegionRefs.status, {}, { dedupe: false }).then((r) => {
      if (live && r.ok) setStatus(r.data);
    });
    return () => {
      live = false;
    };
  }, [call]);

  const answer = async (regionId: number, accept: boolean) => {
    setBusy(true);
    const r = await call(
      schoolRegionRefs.respond,
      { regionId, accept },
      { successMessage: accept ? '已同意加入区域' : '已拒绝邀请' },
    );
    setBusy(false);
    if (r.ok) setStatus(r.data);
  };

  const leave = async (regionId: number) => {
    setBusy(true);
    const r = await call(
      schoolRegionRefs.leave,
      { regionId },
      { successMessage: '本校已退出区域' },
    );
    setBusy(false);
    setConfirmLeave(false);
    if (r.ok) setStatus(r.data);
  };

  if (!status) return null;
  const { region } = status;
  return (
    <section aria-labelledby="school-region-title" style={{ marginTop: 24 }}>
      <h2 id="school-region-title" style={{ fontSize: 16 }}>
        区域设置
      </h2>
      <p>
        {region ? `本校属于区域：${region.regionName}` : '本校尚未加入任何区域'}
        {region && (
          <Button
            size="small"
            disabled={busy}
            style={{ marginLeft: 12 }}
            onClick={() => setConfirmLeave(true)}
          >
            退出区域
          </Button>
        )}
      </p>
      {region && (
        <ConfirmDialog
          open={confirmLeave}
          title="退出区域"
          confirmLabel="确定退出"
          loading={busy}
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() => void leave(region.regionId)}
        >
          确定让本校退出{region.regionName}吗？退出后，该区域的教育局账号立即不能再进入本校；
          已经举行的联考保留本校的成绩和报告。重新加入须由平台管理员再次邀请、本校同意。
        </ConfirmDialog>
      )}
      {status.invitations.length > 0 && (
        <ul aria-label="区域邀请" style={{ listStyle: 'none', padding: 0 }}>
          {status.invitations.map((invite) => (
            <li key={invite.regionId} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <span>{invite.regionName}邀请本校加入区域</span>
              <Button
                type="primary"
                size="small"
                loading={busy}
                aria-label={`同意加入${invite.regionName}`}
                onClick={() => void answer(invite.regionId, true)}
              >
                同意
              </Button>
              <Button
                size="small"
                disabled={busy}
                aria-label={`拒绝${invite.regionName}的邀请`}
                onClick={() => void answer(invite.regionId, false)}
              >
                拒绝
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Note>
        同意后，该区域的教育局账号可以查看本校的考试和报告（只读，不能修改本校数据）；
        未同意前，教育局不能进入本校。
      </Note>
    </section>
  );
}
