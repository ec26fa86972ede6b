import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EXAM_TYPES, paperRoutes } from '@examkit/contracts';
import { Button, Dialog, FormField, Select, TextInput } from '@examkit/ui';
import { Actions, CheckGroup, ErrorText } from '../../common/styled';
import { GradeField } from '../../common/GradeField';
import { IdCheckList } from '../../exam/components/IdCheckList';
import { useApiCall } from '../../common/useApiCall';
import { useSchoolChoices } from '../../common/useSchoolChoices';

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now()}${Math.random().toString(36).slice(2)}`;

/**
 * 生成考试: the exam's name, type, date, grade and classes; the paper's questions, marks, key
 * and knowledge points become the exam's paper structure, and the answer-sheet designer opens.
 */
export function ToExamDialog({
  paper,
  onClose,
}: {
  paper: { id: number; title: string };
  onClose(): void;
}) {
  const call = useApiCall();
  const navigate = useNavigate();
  const [name, setName] = useState(paper.title);
  const [examType, setExamType] = useState<(typeof EXAM_TYPES)[number]>('周练');
  const [examDate, setExamDate] = useState(today);
  const [gradeId, setGradeId] = useState('');
  const [classIds, setClassIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestKey] = useState(newKey);
  const { grades, classes } = useSchoolChoices(gradeId);

  const submit = async () => {
    if (!name.trim()) return setProblem('请填写考试名称');
    if (!gradeId) return setProblem('请选择年级');
    if (classIds.length === 0) return setProblem('请选择参加考试的班级');
    setProblem(null);
    setBusy(true);
    const r = await call(
      paperRoutes.toExam,
      {
        id: paper.id,
        name: name.trim(),
        examType,
        examDate,
        gradeId: Number(gradeId),
        classIds,
        requestKey,
      },
      { successMessage: '考试已生成，请制作答题卡' },
    );
    setBusy(false);
    if (r.ok) navigate(`/card/create?examSubjectId=${r.data.examSubjectId}`);
  };

  return (
    <Dialog
      open
      title="生成考试"
      onClose={onClose}
      footer={
        <Actions>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            生成考试
          </Button>
        </Actions>
      }
    >
      <FormField label="考试名称" required>
        <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField label="考试类型" required>
        <Select
          value={examType}
          options={EXAM_TYPES.filter((t) => t !== '学前').map((t) => ({ value: t, label: t }))}
          onChange={(e) => setExamType(e.target.value as (typeof EXAM_TYPES)[number])}
        />
      </FormField>
      <FormField label="考试日期" required>
        <TextInput type="date" value={examDate} onChange={(e) => setExamDate(e.target.value)} />
      </FormField>
      <GradeField
        grades={grades}
        value={gradeId}
        placeholder="请选择年级"
        required
        onChange={(id) => {
          setGradeId(id);
          setClassIds([]);
        }}
      />
      {classes.length > 0 && (
        <CheckGroup>
          <legend>参加班级</legend>
          <IdCheckList options={classes} value={classIds} onChange={setClassIds} />
        </CheckGroup>
      )}
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
    </Dialog>
  );
}
