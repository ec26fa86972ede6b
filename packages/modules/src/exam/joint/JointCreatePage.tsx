import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  EXAM_TYPES,
  administrationRoutes,
  jointExamRoutes,
  type ExamType,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import {
  ExamSubjectsEditor,
  subjectsError,
  type SubjectRow,
} from '../components/ExamSubjectsEditor';
import { IdCheckList } from '../components/IdCheckList';
import { Actions, CheckGroup, ErrorText, Note, PageBox } from '../components/styled';
import { GRADE_NUMS, LABEL_OPTIONS } from './jointLabels';
import { useRegionSchools } from './useRegionSchools';

type Errors = Partial<
  Record<'name' | 'examType' | 'examDate' | 'gradeNum' | 'schoolIds' | 'subjects', string>
>;

const newKey = () => globalThis.crypto.randomUUID();

/**
 * /exam/multiple/create (创建联考, also /exam/project/create): the bureau picks the region's
 * schools, the grade, the subjects and whether the schools see each other's names in the joint
 * report. The submission's key stays the same until it succeeds, so sending again never creates
 * twice. Then the organiser sets the paper structure on the edit page.
 */
export function JointCreatePage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { notifier } = useExamkit();
  const region = useRegionSchools();
  const [choices, setChoices] = useState<{ code: string; name: string }[]>([]);
  const [name, setName] = useState('');
  const [examType, setExamType] = useState('');
  const [examDate, setExamDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [gradeNum, setGradeNum] = useState('');
  const [schoolIds, setSchoolIds] = useState<number[]>([]);
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [schoolLabels, setSchoolLabels] = useState<'names' | 'codes'>('codes');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const [key] = useState(newKey);

  useEffect(() => {
    void call(administrationRoutes.dicGetSubject, {}).then((r) => {
      if (r.ok) setChoices(r.data.map((s) => ({ code: s.code, name: s.name })));
    });
  }, [call]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const found: Errors = {};
    if (!name.trim()) found.name = '请输入联考名称';
    if (!examType) found.examType = '请选择考试类型';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(examDate)) found.examDate = '请选择考试日期';
    if (!gradeNum) found.gradeNum = '请选择年级';
    if (schoolIds.length < 2) found.schoolIds = '请至少选择两所学校';
    const subjectProblem = subjectsError(subjects);
    if (subjectProblem) found.subjects = subjectProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r = await call(jointExamRoutes.jointCreate, {
      idempotencyKey: key,
      name: name.trim(),
      examType: examType as ExamType,
      examDate,
      gradeNum: Number(gradeNum),
      schoolIds,
      subjects: subjects.map((s) => ({
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: Number(s.fullMarks),
      })),
      schoolLabels,
    });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    notifier.message('success', `已创建联考，${r.data.schools.length} 所学校各有一场本校考试`);
    navigate(`/exam/multiple/edit/${r.data.id}`);
  }

  if (!region)
    return (
      <PageBox aria-labelledby="joint-create-title">
        <h1 id="joint-create-title">创建联考</h1>
        <Note>联考由教育局账号创建。</Note>
      </PageBox>
    );
  return (
    <PageBox aria-labelledby="joint-create-title">
      <h1 id="joint-create-title">创建联考</h1>
      <Note>
        {region.regionName}
        的所选学校各创建一场本校考试（该年级的全部班级和学生参加），试卷结构和答案由组织者统一设置。
      </Note>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="联考信息"
        style={{ maxWidth: 760 }}
      >
        <FormField label="联考名称" required error={errors.name}>
          <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="考试类型" required error={errors.examType}>
          <Select
            value={examType}
            placeholder="请选择"
            options={EXAM_TYPES.map((t) => ({ value: t, label: t }))}
            onChange={(e) => setExamType(e.target.value)}
          />
        </FormField>
        <FormField label="考试日期" required error={errors.examDate}>
          <TextInput type="date" value={examDate} onChange={(e) => setExamDate(e.target.value)} />
        </FormField>
        <FormField label="年级" required error={errors.gradeNum}>
          <Select
            value={gradeNum}
            placeholder="请选择"
            options={GRADE_NUMS.map((g) => ({ value: String(g.num), label: g.name }))}
            onChange={(e) => setGradeNum(e.target.value)}
          />
        </FormField>
        <CheckGroup aria-describedby={errors.schoolIds ? 'joint-schools-error' : undefined}>
          <legend>参考学校</legend>
          <IdCheckList
            options={region.schools.map((s) => ({ id: s.schoolId, name: s.schoolName }))}
            value={schoolIds}
            onChange={setSchoolIds}
          />
        </CheckGroup>
        {errors.schoolIds && (
          <ErrorText id="joint-schools-error" role="alert">
            {errors.schoolIds}
          </ErrorText>
        )}
        <FormField label="联考报告中其他学校显示为">
          <Select
            value={schoolLabels}
            options={LABEL_OPTIONS}
            onChange={(e) => setSchoolLabels(e.target.value === 'names' ? 'names' : 'codes')}
          />
        </FormField>
        <ExamSubjectsEditor
          choices={choices}
          subjects={subjects}
          onChange={setSubjects}
          error={errors.subjects}
          elective={false}
        />
        {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
        <Actions>
          <Button type="primary" nativeType="submit" loading={saving}>
            创建
          </Button>
          <Button onClick={() => navigate('/exam/multiple')}>返回列表</Button>
        </Actions>
      </form>
    </PageBox>
  );
}
