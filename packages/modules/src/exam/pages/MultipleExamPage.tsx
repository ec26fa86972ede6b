import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  EXAM_TYPES,
  administrationRoutes,
  examBatchRoutes,
  type ExamType,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { managesGrade, useMyScope } from '../../common/useMyScope';
import {
  ExamSubjectsEditor,
  subjectsError,
  type SubjectRow,
} from '../components/ExamSubjectsEditor';
import { IdCheckList } from '../components/IdCheckList';
import { Actions, CheckGroup, ErrorText, Note, PageBox } from '../components/styled';

type Errors = Partial<Record<'name' | 'examType' | 'examDate' | 'gradeIds' | 'subjects', string>>;

const newKey = () => globalThis.crypto.randomUUID();

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
  const [choices, setChoices] = useState<{ code: string; name: string }[]>([]);
  const [name, setName] = useState('');
  const [examType, setExamType] = useState('');
  const [examDate, setExamDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [gradeIds, setGradeIds] = useState<number[]>([]);
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const [key] = useState(newKey);

  useEffect(() => {
    void call(administrationRoutes.getPermGrade, {}).then((r) => {
      if (r.ok) setGrades(r.data.map((g) => ({ id: g.id, name: g.name })));
    });
    void call(administrationRoutes.dicGetSubject, {}).then((r) => {
      if (r.ok) setChoices(r.data.map((s) => ({ code: s.code, name: s.name })));
    });
  }, [call]);

  // Only the grades whose exams the user manages can be chosen.
  const managed = grades.filter((g) => managesGrade(scope, g.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const found: Errors = {};
    if (!name.trim()) found.name = '请输入考试名称';
    if (!examType) found.examType = '请选择考试类型';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(examDate)) found.examDate = '请选择考试日期';
    if (gradeIds.length === 0) found.gradeIds = '请至少选择一个年级';
    const subjectProblem = subjectsError(subjects);
    if (subjectProblem) found.subjects = subjectProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const r = await call(examBatchRoutes.createMultiple, {
      idempotencyKey: key,
      name: name.trim(),
      examType: examType as ExamType,
      examDate,
      gradeIds,
      subjects: subjects.map((s) => ({
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: Number(s.fullMarks),
      })),
    });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    notifier.message('success', `已创建 ${r.data.exams.length} 场考试`);
    navigate('/exam/single');
  }

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
        <FormField label="考试名称" required error={errors.name}>
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
        <CheckGroup aria-describedby={errors.gradeIds ? 'exam-grades-error' : undefined}>
          <legend>参考年级</legend>
          <IdCheckList options={managed} value={gradeIds} onChange={setGradeIds} />
          {managed.length === 0 && <Note>暂无数据</Note>}
        </CheckGroup>
        {errors.gradeIds && (
          <ErrorText id="exam-grades-error" role="alert">
            {errors.gradeIds}
          </ErrorText>
        )}
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
          <Button onClick={() => navigate('/exam/single')}>返回列表</Button>
        </Actions>
      </form>
    </PageBox>
  );
}
