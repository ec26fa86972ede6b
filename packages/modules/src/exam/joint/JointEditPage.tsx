import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { jointExamRoutes, type DataOf } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Note, PageBox } from '../components/styled';
import { STATE_LABELS } from '../utils/examLabels';
import { evenQuestions, LABEL_OPTIONS } from './jointLabels';
import { JointPaperSection } from './JointPaperSection';
import { JointMarkingSection } from './JointMarkingSection';
import { JointPoolSchoolProgress } from './JointPoolBlocks';

type Joint = DataOf<typeof jointExamRoutes.jointDetail>;
type Subject = Joint['subjects'][number];

/** A subject's quick paper structure: how many questions share its full marks. */
function StructureForm({
  joint,
  subject,
  onSaved,
}: {
  joint: Joint;
  subject: Subject;
  onSaved: () => void;
}) {
  const call = useApiCall();
  const { notifier } = useExamkit();
  const [count, setCount] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > Math.min(100, subject.fullMarks)) {
      setError(`题目数量须为 1 到 ${Math.min(100, subject.fullMarks)} 之间的整数`);
      return;
    }
    setError('');
    setSaving(true);
    const r = await call(jointExamRoutes.jointQuestionsSave, {
      jointExamId: joint.id,
      subjectCode: subject.subjectCode,
      questions: evenQuestions(subject.fullMarks, n),
    });
    setSaving(false);
    if (r.ok) {
      notifier.message(
        'success',
        `已为 ${r.data.schools} 所学校保存${subject.subjectName}试卷结构`,
      );
      onSaved();
    } else setError(r.message);
  }
  return (
    <form noValidate aria-label={`${subject.subjectName}试卷结构`} onSubmit={(e) => void save(e)}>
      <FormField
        label={`${subject.subjectName}（满分 ${subject.fullMarks}）题目数量`}
        error={error}
      >
        <TextInput inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
      </FormField>
      <Button nativeType="submit" loading={saving}>
        保存{subject.subjectName}试卷结构
      </Button>
    </form>
  );
}

/**
 * /exam/multiple/edit/{id} (编辑联考): the organiser renames or moves the joint exam, switches how
 * the schools see each other, and sets one paper structure, answer key and answer sheet written
 * to every school's exam (`JointPaperSection`).
 */
export function JointEditPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { notifier } = useExamkit();
  const id = Number(useParams().id);
  const [joint, setJoint] = useState<Joint | null>(null);
  const [loadError, setLoadError] = useState('');
  const [name, setName] = useState('');
  const [examDate, setExamDate] = useState('');
  const [schoolLabels, setSchoolLabels] = useState<'names' | 'codes'>('codes');
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const [paperVersion, setPaperVersion] = useState(0);

  const show = useCallback((data: Joint) => {
    setJoint(data);
    setName(data.name);
    setExamDate(data.examDate);
    setSchoolLabels(data.schoolLabels);
  }, []);

  useEffect(() => {
    void call(jointExamRoutes.jointDetail, { jointExamId: id }).then((r) => {
      if (r.ok) show(r.data);
      else setLoadError(r.message);
    });
  }, [call, id, show]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setServerError('请输入联考名称');
      return;
    }
    setServerError('');
    setSaving(true);
    const r = await call(jointExamRoutes.jointUpdate, {
      jointExamId: id,
      name: name.trim(),
      examDate,
      schoolLabels,
    });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    show(r.data);
    notifier.message('success', '已保存');
  }

  return (
    <PageBox aria-labelledby="joint-edit-title">
      <h1 id="joint-edit-title">编辑联考</h1>
      {loadError && <ErrorText role="alert">{loadError}</ErrorText>}
      {joint && (
        <>
          <form
            noValidate
            onSubmit={(e) => void save(e)}
            aria-label="联考信息"
            style={{ maxWidth: 760 }}
          >
            <FormField label="联考名称" required>
              <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <FormField label="考试日期" required>
              <TextInput
                type="date"
                value={examDate}
                onChange={(e) => setExamDate(e.target.value)}
              />
            </FormField>
            <FormField label="联考报告中其他学校显示为">
              <Select
                value={schoolLabels}
                options={LABEL_OPTIONS}
                disabled={!joint.organising}
                onChange={(e) => setSchoolLabels(e.target.value === 'names' ? 'names' : 'codes')}
              />
            </FormField>
            {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
            <Actions>
              {joint.organising && (
                <Button type="primary" nativeType="submit" loading={saving}>
                  保存
                </Button>
              )}
              <Button onClick={() => navigate('/exam/multiple')}>返回列表</Button>
            </Actions>
          </form>
          <h2>参考学校</h2>
          <ListTable
            label="参考学校"
            rows={joint.schools}
            headers={['学校', '代号', '考生人数', '本校考试状态']}
          >
            {(s) => (
              <tr key={s.code}>
                <td>{s.label}</td>
                <td>{s.code}</td>
                <td>{s.studentCount}</td>
                <td>{STATE_LABELS[s.state]}</td>
              </tr>
            )}
          </ListTable>
          {joint.organising && (
            <>
              <h2>快速设置试卷结构</h2>
              <Note>
                按题目数量平均分配满分，设置为主观题，同时写入每所学校的本校考试；各校随后在本校考试中导入或扫描成绩。
              </Note>
              {joint.subjects.map((s) => (
                <StructureForm
                  key={s.subjectCode}
                  joint={joint}
                  subject={s}
                  onSaved={() => setPaperVersion((v) => v + 1)}
                />
              ))}
              <JointPaperSection
                jointExamId={joint.id}
                subjects={joint.subjects}
                version={paperVersion}
              />
              <JointMarkingSection jointExamId={joint.id} subjects={joint.subjects} />
            </>
          )}
          {!joint.organising && (
            <JointPoolSchoolProgress jointExamId={joint.id} subjects={joint.subjects} />
          )}
        </>
      )}
    </PageBox>
  );
}
