import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { jointExamRoutes } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { FormField, Select } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import {
  BatchExamBasicsFields,
  BatchExamSubjectsAndActions,
  useBatchExamForm,
} from '../components/BatchExamForm';
import { IdCheckList } from '../components/IdCheckList';
import { CheckGroup, ErrorText, Note, PageBox } from '../components/styled';
import { GRADE_NUMS, LABEL_OPTIONS } from './jointLabels';
import { useOrganiserSchools } from './useOrganiserSchools';

/**
 * /exam/multiple/create (创建联考, also /exam/project/create): the bureau, or a lead school's exam
 * manager, picks the region's schools (a lead school takes part itself), the grade, the subjects
 * and whether the schools see each other's names in the joint report. The submission's key stays the same until it succeeds, so sending again never creates
 * twice. Then the organiser sets the paper structure on the edit page.
 */
export function JointCreatePage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { notifier } = useExamkit();
  const region = useOrganiserSchools();
  const form = useBatchExamForm<'gradeNum' | 'schoolIds'>('联考名称');
  const [gradeNum, setGradeNum] = useState('');
  const [picked, setPicked] = useState<number[] | null>(null);
  // A lead school starts ticked: it takes part in the joint exam it organises.
  const schoolIds = picked ?? (region?.leadSchoolId ? [region.leadSchoolId] : []);
  const lead = region?.schools.find((s) => s.schoolId === region.leadSchoolId);
  const [schoolLabels, setSchoolLabels] = useState<'names' | 'codes'>('codes');

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      {
        gradeNum: gradeNum ? undefined : '请选择年级',
        schoolIds:
          schoolIds.length < 2
            ? '请至少选择两所学校'
            : lead && !schoolIds.includes(lead.schoolId)
              ? '组织联考的学校须参加本次联考'
              : undefined,
      },
      (basics) =>
        call(jointExamRoutes.jointCreate, {
          ...basics,
          gradeNum: Number(gradeNum),
          schoolIds,
          schoolLabels,
        }),
      (data) => {
        notifier.message('success', `已创建联考，${data.schools.length} 所学校各有一场本校考试`);
        navigate(`/exam/multiple/edit/${data.id}`);
      },
    );

  if (!region)
    return (
      <PageBox aria-labelledby="joint-create-title">
        <h1 id="joint-create-title">创建联考</h1>
        <Note>联考由教育局账号或区域内学校的考试管理员创建。</Note>
      </PageBox>
    );
  return (
    <PageBox aria-labelledby="joint-create-title">
      <h1 id="joint-create-title">创建联考</h1>
      <Note>
        {region.regionName}
        的所选学校各创建一场本校考试（该年级的全部班级和学生参加），试卷结构、答案和答题卡由组织者统一设置。
        {lead && `${lead.schoolName}作为组织学校参加本次联考。`}
      </Note>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="联考信息"
        style={{ maxWidth: 760 }}
      >
        <BatchExamBasicsFields form={form} />
        <FormField label="年级" required error={form.errors.gradeNum}>
          <Select
            value={gradeNum}
            placeholder="请选择"
            options={GRADE_NUMS.map((g) => ({ value: String(g.num), label: g.name }))}
            onChange={(e) => setGradeNum(e.target.value)}
          />
        </FormField>
        <CheckGroup aria-describedby={form.errors.schoolIds ? 'joint-schools-error' : undefined}>
          <legend>参考学校</legend>
          <IdCheckList
            options={region.schools.map((s) => ({ id: s.schoolId, name: s.schoolName }))}
            value={schoolIds}
            onChange={setPicked}
          />
        </CheckGroup>
        {form.errors.schoolIds && (
          <ErrorText id="joint-schools-error" role="alert">
            {form.errors.schoolIds}
          </ErrorText>
        )}
        <FormField label="联考报告中其他学校显示为">
          <Select
            value={schoolLabels}
            options={LABEL_OPTIONS}
            onChange={(e) => setSchoolLabels(e.target.value === 'names' ? 'names' : 'codes')}
          />
        </FormField>
        <BatchExamSubjectsAndActions form={form} onBack={() => navigate('/exam/multiple')} />
      </form>
    </PageBox>
  );
}
