import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { administrationRoutes, examBatchRoutes } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { useApiCall } from '../../common/useApiCall';
import { managesGrade, useMyScope } from '../../common/useMyScope';
import {
  BatchExamBasicsFields,
  BatchExamSubjectsAndActions,
  useBatchExamForm,
} from '../components/BatchExamForm';
import { IdCheckList } from '../components/IdCheckList';
import { CheckGroup, ErrorText, Note, PageBox } from '../components/styled';

/**
 * /exam/single/multiple (多科考试): one exam per ticked grade with the same subjects, name, type
 * and date, every class and student of each grade taking part, created all at once. The
 * submission's key stays the same until it succeeds, so sending again never creates twice.
 */
export function MultipleExamPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const scope = useMyScope();
  const { notifier } = useExamkit();
  const [grades, setGrades] = useState<{ id: number; name: string }[]>([]);
  const form = useBatchExamForm<'gradeIds'>('考试名称');
  const [gradeIds, setGradeIds] = useState<number[]>([]);

  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
  }, [call]);

  // Only the grades whose exams the user manages can be chosen.
  const managed = grades.filter((g) => managesGrade(scope, g.id));

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      { gradeIds: gradeIds.length === 0 ? '请至少选择一个年级' : undefined },
      (basics) => call(examBatchRoutes.createMultiple, { ...basics, gradeIds }),
      (data) => {
        notifier.message('success', `已创建 ${data.exams.length} 场考试`);
        navigate('/exam/single');
      },
    );

  return (
    <PageBox aria-labelledby="exam-multiple-title">
      <h1 id="exam-multiple-title">多科考试</h1>
      <Note>
        为所选的每个年级各创建一场考试，科目、名称、类型和日期相同，年级的全部班级和学生参加。
      </Note>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="多科考试信息"
        style={{ maxWidth: 760 }}
      >
        <BatchExamBasicsFields form={form} />
        <CheckGroup aria-describedby={form.errors.gradeIds ? 'exam-grades-error' : undefined}>
          <legend>参考年级</legend>
          <IdCheckList options={managed} value={gradeIds} onChange={setGradeIds} />
          {managed.length === 0 && <Note>暂无数据</Note>}
        </CheckGroup>
        {form.errors.gradeIds && (
          <ErrorText id="exam-grades-error" role="alert">
            {form.errors.gradeIds}
          </ErrorText>
        )}
        <BatchExamSubjectsAndActions form={form} onBack={() => navigate('/exam/single')} />
      </form>
    </PageBox>
  );
}
