import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  administrationRoutes,
  examRoutes,
  type ExamDetail,
  type ExamType,
} from '@examkit/contracts';
import { Button, FormField, TextInput } from '@examkit/ui';
import {
  ExamSubjectsEditor,
  subjectsError,
  type SubjectRow,
} from '../components/ExamSubjectsEditor';
import { GradeField } from '../../common/GradeField';
import { ExamTypeField } from '../components/ExamTypeField';
import { ClassChecks } from '../components/ClassChecks';
import { ParticipantsEditor, type ParticipantRow } from '../components/ParticipantsEditor';
import { Actions, ErrorText, Note, PageBox, StateTag, Table, Toolbar } from '../components/styled';
import { useApiCall } from '../../common/useApiCall';
import { useSchoolChoices } from '../../common/useSchoolChoices';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { STATE_LABELS, transitionLabel } from '../utils/examLabels';
import { managesGrade, useMyScope } from '../../common/useMyScope';

type Errors = Partial<
  Record<
    'name' | 'examType' | 'gradeId' | 'examDate' | 'subjects' | 'classIds' | 'students',
    string
  >
>;

const today = () => new Date().toISOString().slice(0, 10);

/** The checks of the exam form, run before anything is sent. */
export function validateExamForm(values: {
  name: string;
  examType: string;
  gradeId: string;
  examDate: string;
  subjects: SubjectRow[];
  classIds: number[];
  /** The adjusted participants, when the list was opened. */
  participants?: readonly ParticipantRow[] | null;
}): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = '请输入考试名称';
  else if (values.name.trim().length > 100) errors.name = '考试名称不能超过 100 个字';
  if (!values.examType) errors.examType = '请选择考试类型';
  if (!values.gradeId) errors.gradeId = '请选择年级';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.examDate)) errors.examDate = '请选择考试日期';
  const subjectProblem = subjectsError(values.subjects);
  if (subjectProblem) errors.subjects = subjectProblem;
  if (values.classIds.length === 0) errors.classIds = '请至少选择一个参考班级';
  else if (values.participants && !values.participants.some((p) => p.included))
    errors.students = '请至少选择一名考生';
  return errors;
}

/**
 * /exam/single/create and /exam/single/edit/{id}: the exam's basics, subjects with full
 * marks and 选考, participating classes; when editing also its state with the allowed
 * transitions and the links to each subject's paper, answer key, answer sheet and scores.
 */
/** An exam subject's links: 试题设置, 设置答案, 制作答题卡; 导入成绩 and 扫描试卷 for one managing its grade. */
function subjectLinks(examId: number, id: number, managing: boolean): [string, string][] {
  return [
    [`/exam/single/question/${id}`, '试题设置'],
    [`/exam/single/answer/${id}`, '设置答案'],
    [`/exam/single/create_answer_sheet?examSubjectId=${id}`, '制作答题卡'],
    ...(managing
      ? ([
          [`/exam/single/import?examId=${examId}&examSubjectId=${id}`, '导入成绩'],
          [`/exam/single/scanpaper/${id}`, '扫描试卷'],
        ] satisfies [string, string][])
      : []),
  ];
}

export function ExamFormPage() {
  const { id } = useParams();
  const examId = id ? Number(id) : null;
  const call = useApiCall();
  const navigate = useNavigate();
  const scope = useMyScope();
  const [detail, setDetail] = useState<ExamDetail | null>(null);
  const [name, setName] = useState('');
  const [examType, setExamType] = useState<string>('');
  const [gradeId, setGradeId] = useState('');
  const { grades, classes, subjects: schoolSubjects } = useSchoolChoices(gradeId);
  const [examDate, setExamDate] = useState(today());
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [classIds, setClassIds] = useState<number[]>([]);
  const [showParticipants, setShowParticipants] = useState(false);
  const [participants, setParticipants] = useState<ParticipantRow[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!examId) return;
    void call(examRoutes.detail, { id: examId }).then((r) => {
      if (!r.ok) return;
      fill(r.data);
    });
  }, [call, examId]);

  const hasElective = subjects.some((s) => s.elective);
  const participantsShown = showParticipants || hasElective;
  const subjectCodeByName = new Map(subjects.map((s) => [s.subjectName, s.subjectCode]));
  useEffect(() => {
    if (!participantsShown) return;
    let stale = false;
    void (async () => {
      const [lists, existing] = await Promise.all([
        Promise.all(
          classIds.map((classId) =>
            call(
              administrationRoutes.getStudents,
              { pageNum: 1, pageSize: 200, classId },
              { dedupe: false },
            ),
          ),
        ),
        examId ? call(examRoutes.students, { id: examId }, { dedupe: false }) : null,
      ]);
      if (stale) return;
      const before = existing?.ok ? new Map(existing.data.map((p) => [p.studentId, p])) : null;
      const students = lists.flatMap((r) => (r.ok ? r.data.list : []));
      setParticipants((previous) => {
        const kept = new Map((previous ?? []).map((r) => [r.studentId, r]));
        return students.map(
          (st): ParticipantRow =>
            kept.get(st.id) ?? {
              studentId: st.id,
              studentNo: st.studentNo,
              name: st.name,
              className: st.className,
              included: before ? before.has(st.id) : true,
              electives: before
                ? (before.get(st.id)?.electives ?? [])
                : st.electiveSubjects.flatMap((n) => subjectCodeByName.get(n) ?? []),
            },
        );
      });
    })();
    return () => {
      stale = true;
    };
    // Subject names only seed new rows; reloading on every subject edit would be noise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, examId, participantsShown, classIds]);

  function fill(exam: ExamDetail) {
    setDetail(exam);
    setName(exam.name);
    setExamType(exam.examType);
    setGradeId(String(exam.gradeId));
    setExamDate(exam.examDate);
    setSubjects(
      exam.subjects.map((s) => ({
        id: s.id,
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: String(s.fullMarks),
        elective: s.elective,
      })),
    );
    setClassIds(exam.classes.map((c) => c.classId));
  }

  const basicsLocked = detail !== null && !detail.editable.basics;
  const participantsLocked = detail !== null && !detail.editable.participants;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const found = validateExamForm({
      name,
      examType,
      gradeId,
      examDate,
      subjects,
      classIds,
      participants: participantsShown ? participants : null,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: name.trim(),
      examType: examType as ExamType,
      gradeId: Number(gradeId),
      examDate,
      subjects: subjects.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        subjectCode: s.subjectCode,
        subjectName: s.subjectName,
        fullMarks: Number(s.fullMarks),
        elective: s.elective,
      })),
      classIds,
      ...(participantsShown && participants ? participantsBody(participants) : {}),
    };
    setSaving(true);
    const r = examId
      ? await call(
          examRoutes.update,
          participantsLocked
            ? { id: examId, name: body.name, examType: body.examType, examDate: body.examDate }
            : { id: examId, ...body },
          { successMessage: '保存成功' },
        )
      : await call(examRoutes.create, body, { successMessage: '创建成功' });
    setSaving(false);
    if (!r.ok) {
      setServerError(r.message);
      return;
    }
    if (examId) fill(r.data);
    else navigate(`/exam/single/edit/${r.data.id}`, { replace: true });
  }

  function participantsBody(rows: readonly ParticipantRow[]) {
    const electiveCodes = subjects.filter((s) => s.elective).map((s) => s.subjectCode);
    const chosen = rows.filter((r) => r.included);
    return {
      studentIds: chosen.map((r) => r.studentId),
      ...(electiveCodes.length > 0
        ? {
            electives: chosen.map((r) => ({
              studentId: r.studentId,
              subjectCodes: r.electives.filter((c) => electiveCodes.includes(c)),
            })),
          }
        : {}),
    };
  }

  /** Publishing and withdrawing a report change what every teacher sees: asked first. */
  const [confirming, setConfirming] = useState<'published' | 'finished' | null>(null);
  const [moving, setMoving] = useState(false);

  function ask(to: ExamDetail['state']) {
    if (to === 'published' || (to === 'finished' && detail?.state === 'published'))
      setConfirming(to);
    else void move(to);
  }

  async function move(to: ExamDetail['state']) {
    if (!detail) return;
    setServerError('');
    const r = await call(
      examRoutes.transition,
      { id: detail.id, to },
      { successMessage: '状态已更新' },
    );
    if (r.ok) fill(r.data);
    else setServerError(r.message);
  }

  const subjectChoices = [
    ...schoolSubjects,
    ...subjects
      .filter((s) => !schoolSubjects.some((c) => c.code === s.subjectCode))
      .map((s) => ({ code: s.subjectCode, name: s.subjectName })),
  ];
  const classChoices = [
    ...classes,
    ...(detail?.classes ?? [])
      .filter((c) => !classes.some((o) => o.id === c.classId))
      .map((c) => ({ id: c.classId, name: c.className })),
  ];

  return (
    <PageBox aria-labelledby="exam-form-title">
      <h1 id="exam-form-title">{examId ? '编辑考试' : '创建考试'}</h1>
      {detail && (
        <Toolbar role="group" aria-label="考试状态">
          <span>
            当前状态：<StateTag>{STATE_LABELS[detail.state]}</StateTag>
          </span>
          {detail.allowedTransitions.map((to) => (
            <Button key={to} size="small" onClick={() => ask(to)}>
              {transitionLabel(detail.state, to)}
            </Button>
          ))}
        </Toolbar>
      )}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="考试信息"
        style={{ maxWidth: 760 }}
      >
        <FormField label="考试名称" required error={errors.name}>
          <TextInput
            value={name}
            disabled={basicsLocked}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <ExamTypeField
          value={examType}
          disabled={basicsLocked}
          placeholder="请选择"
          required
          error={errors.examType}
          onChange={setExamType}
        />
        <GradeField
          grades={grades}
          value={gradeId}
          required
          error={errors.gradeId}
          disabled={participantsLocked}
          onChange={(id) => {
            setGradeId(id);
            setClassIds([]);
          }}
        />
        <FormField label="考试日期" required error={errors.examDate}>
          <TextInput
            type="date"
            value={examDate}
            disabled={basicsLocked}
            onChange={(e) => setExamDate(e.target.value)}
          />
        </FormField>

        <ExamSubjectsEditor
          choices={subjectChoices}
          subjects={subjects}
          onChange={setSubjects}
          disabled={participantsLocked}
          error={errors.subjects}
        />

        <ClassChecks
          legend="参考班级（班级的全部学生参加考试）"
          classes={classChoices}
          value={classIds}
          onChange={setClassIds}
          disabled={participantsLocked}
          emptyText={gradeId ? '暂无数据' : '请先选择年级'}
        />
        {errors.classIds && <ErrorText role="alert">{errors.classIds}</ErrorText>}

        {participantsShown ? (
          <section aria-label="考生与选考" style={{ marginBottom: 18 }}>
            <h2>考生与选考</h2>
            {participants === null ? (
              <Note>{classIds.length === 0 ? '请先选择参考班级' : '正在加载考生…'}</Note>
            ) : (
              <ParticipantsEditor
                rows={participants}
                electiveSubjects={subjects.filter((s) => s.elective)}
                disabled={participantsLocked}
                onChange={setParticipants}
              />
            )}
            {errors.students && <ErrorText role="alert">{errors.students}</ErrorText>}
          </section>
        ) : (
          <Actions style={{ marginBottom: 18 }}>
            <Button onClick={() => setShowParticipants(true)}>调整考生与选考</Button>
            <Note style={{ margin: 0 }}>默认参考班级的全部学生参加考试</Note>
          </Actions>
        )}

        {serverError && <ErrorText role="alert">{serverError}</ErrorText>}
        <Actions>
          {/* Saving is for the exam's managers; others see the exam read-only. */}
          {(!detail || managesGrade(scope, detail.gradeId)) && (
            <Button
              type="primary"
              nativeType="submit"
              loading={saving}
              disabled={basicsLocked && participantsLocked}
            >
              {examId ? '保存' : '创建'}
            </Button>
          )}
          <Button onClick={() => navigate('/exam/single')}>返回列表</Button>
        </Actions>
      </form>

      {detail && (
        <>
          <h2>科目与试卷</h2>
          <Table aria-label="科目与试卷">
            <thead>
              <tr>
                <th scope="col">科目</th>
                <th scope="col">满分</th>
                <th scope="col">试卷</th>
                <th scope="col">答题卡</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {detail.subjects.map((s) => (
                <tr key={s.id}>
                  <td>
                    {s.subjectName}
                    {s.elective ? '（选考）' : ''}
                  </td>
                  <td>{s.fullMarks}</td>
                  <td>
                    {s.questionCount > 0
                      ? `${s.questionCount} 题，共 ${s.paperMarks} 分`
                      : '未设置'}
                    {s.rescoreNeeded ? '（答案已改，需重新导入成绩）' : ''}
                  </td>
                  <td>{s.hasSheet ? '已保存' : '未制作'}</td>
                  <td>
                    <Actions>
                      {subjectLinks(detail.id, s.id, managesGrade(scope, detail.gradeId)).map(
                        ([to, text]) => (
                          <Link key={text} to={to} aria-label={`${s.subjectName}${text}`}>
                            {text}
                          </Link>
                        ),
                      )}
                    </Actions>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Note>
            <Link to={`/exam/single/project/student?id=${detail.id}`}>考试学生</Link>（
            {detail.studentCount} 人）·{' '}
            <Link to={`/exam/single/project/teacher?id=${detail.id}`}>考试教师</Link>
          </Note>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'published' ? '发布报告' : '撤回报告'}
        confirmLabel={confirming === 'published' ? '确定发布' : '确定撤回'}
        loading={moving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const to = confirming;
          if (!to) return;
          setMoving(true);
          void move(to).finally(() => {
            setMoving(false);
            setConfirming(null);
          });
        }}
      >
        <p>
          {confirming === 'published'
            ? `确定发布“${detail?.name ?? ''}”的报告吗？发布后，班主任和任课教师即可查看本班的成绩和报告。`
            : `确定撤回“${detail?.name ?? ''}”的报告吗？撤回后，教师将无法再查看这次考试的报告。`}
        </p>
      </ConfirmDialog>
    </PageBox>
  );
}
