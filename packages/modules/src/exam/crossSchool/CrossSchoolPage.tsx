import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { crossSchoolRoutes, examRoutes, type DataOf } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, Select } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { useApiCall } from '../../common/useApiCall';
import { Actions, Note, PageBox, Toolbar } from '../components/styled';
import { LABEL_OPTIONS } from '../joint/jointLabels';
import { formatTime } from '../online/labels';
import { STATE_LABELS } from '../utils/examLabels';

type Listing = DataOf<typeof crossSchoolRoutes.crossList>;
type Invite = Listing['invites'][number];
type Exam = DataOf<typeof examRoutes.list>['list'][number];

const INVITE_STATUS: Record<Invite['status'], string> = {
  live: '有效',
  used: '已使用',
  revoked: '已撤销',
  expired: '已过期',
};

/** `ABCD-EFGH`: the code as read out. */
const spaced = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * /exam/crossSchool (跨校考试): invite another school by a code to sit one of our exams, the codes
 * issued, and the cross-school exams we host or sit, with their joint reports.
 */
export function CrossSchoolPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  const [listing, setListing] = useState<Listing | null>(null);
  const [exams, setExams] = useState<Exam[]>([]);
  const [examId, setExamId] = useState('');
  const [schoolLabels, setSchoolLabels] = useState<'names' | 'codes'>('codes');
  const [error, setError] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<{ code: string; invite: Invite } | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);

  const load = useCallback(async () => {
    const r = await call(crossSchoolRoutes.crossList, {});
    setListing(r.ok ? r.data : { exams: [], invites: [] });
  }, [call]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    void call(examRoutes.list, { pageSize: 100 }).then((r) => {
      if (r.ok) setExams(r.data.list.filter((e) => !e.online));
    });
  }, [call]);

  async function issue(event: FormEvent) {
    event.preventDefault();
    if (!examId) {
      setError('请选择考试');
      return;
    }
    setError('');
    setIssuing(true);
    const r = await call(crossSchoolRoutes.crossInvite, { examId: Number(examId), schoolLabels });
    setIssuing(false);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setIssued(r.data);
    void load();
  }

  async function revoke() {
    if (!revoking) return;
    const r = await call(
      crossSchoolRoutes.crossRevoke,
      { inviteId: revoking.id },
      { successMessage: '已撤销邀请码' },
    );
    setRevoking(null);
    if (r.ok) {
      if (issued?.invite.id === r.data.id) setIssued(null);
      void load();
    }
  }

  const canReport = hasPermission(codes, 'Exam-Multiple-Report-Grade');
  const canEdit = hasPermission(codes, 'Exam-Multiple');

  return (
    <PageBox aria-labelledby="cross-title">
      <h1 id="cross-title">跨校考试</h1>
      <Note>
        本校可以邀请其他学校（不限区域）参加本校的一场考试：生成邀请码交给对方，对方在“加入跨校考试”中输入。加入后两校按联考处理：试卷结构和答案相同，各校扫描本校学生，联考报告中各校只能看到本校学生的姓名。
      </Note>
      <Toolbar>
        <Button onClick={() => navigate('/exam/crossSchool/join')}>加入跨校考试</Button>
      </Toolbar>

      <h2>邀请学校</h2>
      <form
        noValidate
        aria-label="生成邀请码"
        onSubmit={(e) => void issue(e)}
        style={{ maxWidth: 760 }}
      >
        <FormField label="本校考试" required error={error}>
          <Select
            value={examId}
            placeholder="请选择考试"
            options={exams.map((e) => ({
              value: String(e.id),
              label: `${e.name}（${e.gradeName}，${e.examDate}）`,
            }))}
            onChange={(e) => setExamId(e.target.value)}
          />
        </FormField>
        <FormField label="联考报告中对方看到本校为">
          <Select
            value={schoolLabels}
            options={LABEL_OPTIONS}
            onChange={(e) => setSchoolLabels(e.target.value === 'names' ? 'names' : 'codes')}
          />
        </FormField>
        <Actions>
          <Button type="primary" nativeType="submit" loading={issuing}>
            生成邀请码
          </Button>
        </Actions>
      </form>
      {issued && (
        <section aria-label="新邀请码" role="status">
          <p>
            邀请码：
            <strong style={{ fontSize: 24, letterSpacing: 2 }}>{spaced(issued.code)}</strong>
          </p>
          <Note>
            考试“{issued.invite.examName}”的邀请码，{formatTime(issued.invite.expiresAt)}
            前有效，只能使用一次；邀请码只显示这一次，请现在告知对方学校。
          </Note>
        </section>
      )}

      <h2>本校发出的邀请码</h2>
      <ListTable
        label="本校发出的邀请码"
        rows={listing?.invites ?? null}
        empty="暂无邀请码"
        headers={['考试', '生成时间', '有效期至', '状态', '加入的学校', '操作']}
      >
        {(invite) => (
          <tr key={invite.id}>
            <td>{invite.examName}</td>
            <td>{formatTime(invite.createdAt)}</td>
            <td>{formatTime(invite.expiresAt)}</td>
            <td>{INVITE_STATUS[invite.status]}</td>
            <td>{invite.guestSchoolName ?? '—'}</td>
            <td>
              {invite.status === 'live' && (
                <RowAction
                  text="撤销"
                  of={`${invite.examName}的邀请码`}
                  onClick={() => setRevoking(invite)}
                />
              )}
            </td>
          </tr>
        )}
      </ListTable>

      <h2>跨校考试列表</h2>
      <ListTable
        label="跨校考试列表"
        rows={listing?.exams ?? null}
        empty="暂无跨校考试"
        headers={['考试名称', '考试日期', '发起学校', '参考学校', '操作']}
      >
        {(exam) => (
          <tr key={exam.id}>
            <td>{exam.name}</td>
            <td>{exam.examDate}</td>
            <td>{exam.organiser}</td>
            <td>
              {exam.schools
                .map((s) => `${s.label}（${s.studentCount}人，${STATE_LABELS[s.state]}）`)
                .join('、')}
            </td>
            <td>
              <Actions>
                {exam.organising && canEdit && (
                  <RowAction
                    text="编辑"
                    of={exam.name}
                    onClick={() => navigate(`/exam/multiple/edit/${exam.id}`)}
                  />
                )}
                {canReport && (
                  <RowAction
                    text="联考报告"
                    of={exam.name}
                    onClick={() => navigate(`/exam/multiple/report/grade/basic/${exam.id}`)}
                  />
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      <ConfirmDialog
        open={revoking !== null}
        title="撤销邀请码"
        confirmLabel="确定撤销"
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      >
        撤销后对方学校无法再用这个邀请码加入“{revoking?.examName}”。
      </ConfirmDialog>
    </PageBox>
  );
}
