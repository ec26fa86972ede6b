import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { crossSchoolRoutes, type DataOf } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { useApiCall } from '../../common/useApiCall';
import { Actions, Note, PageBox } from '../components/styled';

type Joint = DataOf<typeof crossSchoolRoutes.crossJoin>;

/**
 * /exam/crossSchool/join (加入跨校考试): enter another school's invite code; our school gets its own
 * exam of the same grade, subjects and paper, every student of the grade taking part.
 */
export function CrossJoinPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const perms = useExamkitStore((s) => s.permCodes);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState<Joint | null>(null);

  async function join(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('请输入邀请码');
      return;
    }
    setError('');
    setJoining(true);
    const r = await call(crossSchoolRoutes.crossJoin, { code: code.trim() });
    setJoining(false);
    if (r.ok) setJoined(r.data);
    else setError(r.message);
  }

  const own = joined?.schools.find((s) => s.examId !== null);
  return (
    <PageBox aria-labelledby="cross-join-title">
      <h1 id="cross-join-title">加入跨校考试</h1>
      <Note>
        输入对方学校提供的邀请码（8位，不区分大小写）。加入后本校相同年级的全部学生参加，试卷结构和答案与对方相同，由本校扫描或导入本校学生的成绩。
      </Note>
      {!joined && (
        <form
          noValidate
          aria-label="加入跨校考试"
          onSubmit={(e) => void join(e)}
          style={{ maxWidth: 480 }}
        >
          <FormField label="邀请码" required error={error}>
            <TextInput
              value={code}
              maxLength={32}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <Actions>
            <Button type="primary" nativeType="submit" loading={joining}>
              加入
            </Button>
            <Button onClick={() => navigate('/exam/crossSchool')}>返回跨校考试</Button>
          </Actions>
        </form>
      )}
      {joined && (
        <section aria-labelledby="cross-joined-title">
          <h2 id="cross-joined-title">已加入“{joined.name}”</h2>
          <p>
            发起学校：{joined.organiser}；考试日期：{joined.examDate}
            {own ? `；本校考生 ${own.studentCount} 人` : ''}
          </p>
          <ListTable label="参考学校" rows={joined.schools} headers={['学校', '代号', '考生人数']}>
            {(s) => (
              <tr key={s.code}>
                <td>{s.label}</td>
                <td>{s.code}</td>
                <td>{s.studentCount}</td>
              </tr>
            )}
          </ListTable>
          <Actions>
            {own && hasPermission(perms, 'Exam-Single') && (
              <Button type="primary" onClick={() => navigate(`/exam/single/edit/${own.examId}`)}>
                查看本校考试
              </Button>
            )}
            <Button onClick={() => navigate('/exam/crossSchool')}>返回跨校考试</Button>
          </Actions>
        </section>
      )}
    </PageBox>
  );
}
