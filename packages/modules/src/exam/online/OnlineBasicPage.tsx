import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { onlineRoutes, type ExamType, type OnlineDetail } from '@examkit/contracts';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { GradeField } from '../../common/GradeField';
import { ExamTypeField } from '../components/ExamTypeField';
import { ErrorText, Note, PageBox, StateTag, Table } from '../components/styled';
import { ClassChecks } from '../components/ClassChecks';
import { useSchoolChoices } from '../../common/useSchoolChoices';
import { STATE_LABELS } from '../utils/examLabels';
import { OnlineSteps } from './OnlineSteps';
import { formatTime } from './labels';
import { useOnlineExam } from './useOnlineExam';

type Errors = Partial<Record<'name' | 'gradeId' | 'classIds' | 'subject', string>>;

/**
 * /exam/single/Online/createBasic and /exam/single/Online/edit?id=: an online exam's name, type,
 * grade, classes and subject; when editing also its code, window and progress, with the steps.
 */
export function OnlineBasicPage() {
  const { id, exam, replace, call } = useOnlineExam();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [examType, setExamType] = useState<string>('周练');
  const [gradeId, setGradeId] = useState('');
  const { grades, classes, subjects } = useSchoolChoices(gradeId);
  const [classIds, setClassIds] = useState<number[]>([]);
  const [subjectCode, setSubjectCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!exam) return;
    setName(exam.name);
    setExamType(exam.examType);
    setGradeId(String(exam.gradeId));
    setClassIds(exam.classes.map((c) => c.classId));
    setSubjectCode(exam.subjectCode);
  }, [exam]);

  const subjectChoices =
    exam && !subjects.some((s) => s.code === exam.subjectCode)
      ? [...subjects, { code: exam.subjectCode, name: exam.subjectName }]
      : subjects;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const found: Errors = {};
    if (!name.trim()) found.name = '请输入考试名称';
    if (!gradeId) found.gradeId = '请选择年级';
    if (classIds.length === 0) found.classIds = '请至少选择一个参加班级';
    const subject = subjectChoices.find((s) => s.code === subjectCode);
    if (!subject) found.subject = '请选择科目';
    setErrors(found);
    if (Object.keys(found).length > 0 || !subject) return;
    setSaving(true);
    const r = await call(
      onlineRoutes.save,
      {
        ...(id ? { id } : {}),
        name: name.trim(),
        examType: examType as ExamType,
        gradeId: Number(gradeId),
        classIds,
        subjectCode: subject.code,
        subjectName: subject.name,
      },
      { successMessage: id ? '保存成功' : '创建成功' },
    );
    setSaving(false);
    if (!r.ok) return setServerError(r.message);
    if (id) replace(r.data);
    else navigate(`/exam/single/Online/createSetQuestion?id=${r.data.id}`);
  }

  const locked = exam !== null && exam.startedCount > 0;
  return (
    <PageBox aria-labelledby="online-basic-title">
      <h1 id="online-basic-title">{id ? '编辑在线考试' : '创建在线考试'}</h1>
      {id && <OnlineSteps id={id} />}
      {exam && <OnlineSummary exam={exam} />}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="在线考试基本信息"
        style={{ maxWidth: 760 }}
      >
        <h2>基本信息</h2>
        <FormField label="考试名称" required error={errors.name}>
          <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <ExamTypeField value={examType} required onChange={setExamType} />
        <GradeField
          grades={grades}
          value={gradeId}
          required
          error={errors.gradeId}
          disabled={exam !== null}
          onChange={(id) => {
            setGradeId(id);
            setClassIds([]);
          }}
        />
        <FormField label="科目" required error={errors.subject}>
          <Select
            value={subjectCode}
            placeholder="请选择"
            options={subjectChoices.map((s) => ({ value: s.code, label: s.name }))}
            onChange={(e) => setSubjectCode(e.target.value)}
          />
        </FormField>
        <ClassChecks
          legend="参加班级"
          classes={classes}
          value={classIds}
          onChange={setClassIds}
          disabled={locked}
          emptyText="请先选择年级"
        />
        {errors.classIds && <ErrorText role="alert">{errors.classIds}</ErrorText>}
        {locked && <Note>已有学生开始作答，参加班级不能再修改。</Note>}
        {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
        {(exam === null || exam.canManage) && (
          <Button type="primary" nativeType="submit" loading={saving}>
            {id ? '保存' : '下一步：设置试题'}
          </Button>
        )}
      </form>
    </PageBox>
  );
}

/** What a teacher needs at a glance: the code students type, the window, who answered. */
function OnlineSummary({ exam }: { exam: OnlineDetail }) {
  return (
    <section aria-labelledby="online-summary-title">
      <h2 id="online-summary-title">考试概况</h2>
      <Table aria-label="考试概况" style={{ maxWidth: 760 }}>
        <tbody>
          <tr>
            <th scope="row">状态</th>
            <td>
              <StateTag>{STATE_LABELS[exam.state]}</StateTag>
            </td>
          </tr>
          <tr>
            <th scope="row">考试码</th>
            <td>
              <strong data-testid="online-code">{exam.code}</strong>
              <Note>
                学生打开<Link to="/online-exam">学生答题页</Link>
                ，输入考试码和学号即可作答（无需账号）。
              </Note>
            </td>
          </tr>
          <tr>
            <th scope="row">科目与总分</th>
            <td>
              {exam.subjectName}，{exam.questions.length} 题，共 {exam.fullMarks} 分
            </td>
          </tr>
          <tr>
            <th scope="row">考试时间</th>
            <td>
              {formatTime(exam.startsAt)} 至 {formatTime(exam.endsAt)}
              {exam.durationMinutes !== null && `，限时 ${exam.durationMinutes} 分钟`}
            </td>
          </tr>
          <tr>
            <th scope="row">作答情况</th>
            <td>
              应考 {exam.studentCount} 人，已进入 {exam.startedCount} 人，已交卷{' '}
              {exam.submittedCount} 人
            </td>
          </tr>
        </tbody>
      </Table>
    </section>
  );
}
