import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  GAOKAO_CONVERTED_SUBJECTS,
  GAOKAO_CORE_SUBJECTS,
  gaokaoJointRoutes,
  gaokaoRoutes,
  type GaokaoExam,
  type GaokaoJointExam,
  type GaokaoLevel,
  type GaokaoProfile,
} from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { useMyScope } from '../../common/useMyScope';
import { RowAction } from '../../common/RowAction';
import { useApiCall } from '../../common/useApiCall';
import { Actions, CheckGroup, ErrorText, Note, PageBox, Table } from '../components/styled';
import { CellInput } from '../components/styled';
import { levelsProblem, setupQuery, useSetupState } from './setupState';

const BASE = '/exam/gaokao';

function LevelTable({ levels }: { levels: readonly GaokaoLevel[] }) {
  return (
    <Table aria-label="等级与赋分区间">
      <thead>
        <tr>
          <th scope="col">等级</th>
          <th scope="col">比例</th>
          <th scope="col">赋分区间</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((l) => (
          <tr key={l.name}>
            <td>{l.name}</td>
            <td>{l.percent}%</td>
            <td>{l.high === l.low ? l.high : `${l.high}–${l.low}`}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const EMPTY_LEVEL: GaokaoLevel = { name: '', percent: 0, high: 0, low: 0 };

/** /exam/gaokao/leveltype: step 1, the 等级赋分 profile: a built-in one or the school's own. */
/** A later step opened before its earlier ones: what is missing, and the way back to step 1. */
function StepBlocked({ id, title, note }: { id: string; title: string; note: string }) {
  const navigate = useNavigate();
  return (
    <PageBox aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <Note>{note}</Note>
      <Actions>
        <Button onClick={() => navigate(`${BASE}/leveltype`)}>选择赋分方式</Button>
      </Actions>
    </PageBox>
  );
}

export function LevelTypePage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const [profiles, setProfiles] = useState<GaokaoProfile[]>([]);
  const [code, setCode] = useState<string>('common');
  const [custom, setCustom] = useState<GaokaoLevel[]>([
    { name: 'A', percent: 20, high: 100, low: 81 },
    { name: 'B', percent: 40, high: 80, low: 61 },
    { name: 'C', percent: 40, high: 60, low: 40 },
  ]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void call(gaokaoRoutes.profiles, {}).then((r) => r.ok && setProfiles(r.data));
  }, [call]);
  const chosen = profiles.find((p) => p.code === code);
  const edit = (i: number, patch: Partial<GaokaoLevel>) =>
    setCustom(custom.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  function next() {
    const problem = code === 'custom' ? levelsProblem(custom) : null;
    setError(problem);
    if (problem) return;
    const query = setupQuery({
      profile: code as GaokaoProfile['code'],
      levels: code === 'custom' ? custom : null,
      examId: null,
    });
    navigate(`${BASE}/chooseExam?${query}`);
  }

  return (
    <PageBox aria-labelledby="leveltype-title">
      <h1 id="leveltype-title">选择赋分方式</h1>
      <Note>第 1 步（共 3 步）：选择等级赋分方案，或自定义等级比例与赋分区间。</Note>
      <CheckGroup>
        <legend>赋分方式</legend>
        {[...profiles, { code: 'custom', name: '自定义方案', levels: [] }].map((p) => (
          <label key={p.code}>
            <input
              type="radio"
              name="gaokao-profile"
              value={p.code}
              checked={code === p.code}
              onChange={() => setCode(p.code)}
            />
            {p.name}
          </label>
        ))}
      </CheckGroup>
      {chosen && <LevelTable levels={chosen.levels} />}
      {code === 'custom' && (
        <>
          <Table aria-label="自定义等级">
            <thead>
              <tr>
                <th scope="col">等级</th>
                <th scope="col">比例（%）</th>
                <th scope="col">赋分最高分</th>
                <th scope="col">赋分最低分</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {custom.map((l, i) => (
                <tr key={i}>
                  <td>
                    <CellInput
                      aria-label={`第${i + 1}个等级名称`}
                      value={l.name}
                      onChange={(e) => edit(i, { name: e.target.value })}
                    />
                  </td>
                  {(['percent', 'high', 'low'] as const).map((field) => (
                    <td key={field}>
                      <CellInput
                        aria-label={`第${i + 1}个等级${{ percent: '比例', high: '赋分最高分', low: '赋分最低分' }[field]}`}
                        inputMode="decimal"
                        value={String(l[field])}
                        onChange={(e) => edit(i, { [field]: Number(e.target.value) || 0 })}
                      />
                    </td>
                  ))}
                  <td>
                    <RowAction
                      text="删除"
                      of={`第${i + 1}个等级`}
                      onClick={() => setCustom(custom.filter((_, j) => j !== i))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Actions>
            <Button onClick={() => setCustom([...custom, EMPTY_LEVEL])}>添加等级</Button>
          </Actions>
        </>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button type="primary" onClick={next}>
          下一步
        </Button>
      </Actions>
    </PageBox>
  );
}

/** /exam/gaokao/chooseExam: step 2, a finished exam with 语数外 and 物理 or 历史. */
export function ChooseExamPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const state = useSetupState();
  /** On to 设置等级 with the chosen exam or joint exam. */
  const choose = (ids: { examId: number | null; jointExamId: number | null }) =>
    navigate(`${BASE}/setLevel?${setupQuery({ ...state, ...ids })}`);
  const [exams, setExams] = useState<GaokaoExam[] | null>(null);
  const joints = useJointExams();
  // An education bureau's seat makes analyses of its joint exams only.
  const reader = useMyScope()?.reader === true;
  useEffect(() => {
    void call(gaokaoRoutes.exams, {}).then((r) => setExams(r.ok ? r.data : []));
  }, [call]);
  if (!state.profile)
    return <StepBlocked id="choose-title" title="选择考试" note="请先选择赋分方式。" />;
  return (
    <PageBox aria-labelledby="choose-title">
      <h1 id="choose-title">选择考试</h1>
      <Note>第 2 步（共 3 步）：选择一场已结束、含语数外和物理或历史的考试或联考。</Note>
      {!reader && (
        <ListTable
          label="可选考试"
          rows={exams}
          empty="暂无符合条件的考试"
          headers={['考试名称', '年级', '考试日期', '科目', '操作']}
        >
          {(e) => (
            <tr key={e.examId}>
              <td>{e.name}</td>
              <td>{e.gradeName}</td>
              <td>{e.examDate}</td>
              <td>{e.subjects.join('、')}</td>
              <td>
                <RowAction
                  text="选择"
                  of={e.name}
                  onClick={() => choose({ examId: e.examId, jointExamId: null })}
                />
              </td>
            </tr>
          )}
        </ListTable>
      )}
      {(reader || (joints !== null && joints.length > 0)) && (
        <>
          <h2>联考</h2>
          <Note>
            由本单位组织、已有学校完成阅卷的联考：按同一赋分方式在全体参考学校中赋分和排名。
          </Note>
          <ListTable
            label="可选联考"
            rows={joints}
            empty="暂无符合条件的联考"
            headers={['联考名称', '年级', '考试日期', '已完成学校', '科目', '操作']}
          >
            {(e) => (
              <tr key={e.jointExamId}>
                <td>{e.name}</td>
                <td>{e.gradeName}</td>
                <td>{e.examDate}</td>
                <td>
                  {e.finishedSchools} / {e.schools}
                </td>
                <td>{e.subjects.join('、')}</td>
                <td>
                  <RowAction
                    text="选择"
                    of={e.name}
                    onClick={() => choose({ examId: null, jointExamId: e.jointExamId })}
                  />
                </td>
              </tr>
            )}
          </ListTable>
        </>
      )}
      <Actions>
        <Button onClick={() => navigate(`${BASE}/leveltype`)}>上一步</Button>
      </Actions>
    </PageBox>
  );
}

/** The joint exams the caller organises that fit an analysis; [] without joint-exam rights. */
function useJointExams(): GaokaoJointExam[] | null {
  const call = useApiCall();
  const codes = useExamkitStore((s) => s.permCodes);
  const allowed = hasPermission(codes, 'Exam-Multiple');
  const [joints, setJoints] = useState<GaokaoJointExam[] | null>(null);
  useEffect(() => {
    if (!allowed) return setJoints([]);
    void call(gaokaoJointRoutes.jointExams, {}, { errorMessage: false }).then((r) =>
      setJoints(r.ok ? r.data : []),
    );
  }, [call, allowed]);
  return joints;
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** /exam/gaokao/setLevel: step 3, which subjects are converted; creates the analysis. */
export function SetLevelPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const state = useSetupState();
  const [exams, setExams] = useState<GaokaoExam[] | null>(null);
  const [converted, setConverted] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const key = useRef(newKey());
  const joints = useJointExams();
  useEffect(() => {
    void call(gaokaoRoutes.exams, {}).then((r) => setExams(r.ok ? r.data : []));
  }, [call]);
  const jointExam = joints?.find((e) => e.jointExamId === state.jointExamId) ?? null;
  const single = useMemo(
    () => exams?.find((e) => e.examId === state.examId) ?? null,
    [exams, state.examId],
  );
  const exam = state.jointExamId
    ? jointExam && { ...jointExam, examId: jointExam.jointExamId }
    : single;
  const available = GAOKAO_CONVERTED_SUBJECTS.filter((s) => exam?.subjects.includes(s));
  const chosen = converted ?? available;
  const examName = exam?.name ?? '';
  const title = name || (examName ? `${examName}新高考分析` : '');

  async function create() {
    if (!exam || !state.profile) return;
    if (chosen.length === 0) return setError('请至少选择一个赋分科目');
    if (!title.trim()) return setError('请输入分析名称');
    setError(null);
    setSaving(true);
    const form = {
      idempotencyKey: key.current,
      name: title.trim(),
      profileCode: state.profile,
      ...(state.profile === 'custom' && state.levels ? { levels: state.levels } : {}),
      convertedSubjects: chosen as (typeof GAOKAO_CONVERTED_SUBJECTS)[number][],
    };
    const r = state.jointExamId
      ? await call(gaokaoJointRoutes.jointCreate, { ...form, jointExamId: exam.examId })
      : await call(gaokaoRoutes.create, { ...form, examId: exam.examId });
    setSaving(false);
    if (r.ok) {
      key.current = newKey();
      setConverted(null);
      setName('');
      navigate(`${BASE}/report/${r.data.id}/summary/basic${state.jointExamId ? '?joint=1' : ''}`);
    } else if (!r.cancelled) setError(r.message);
  }

  const loaded = state.jointExamId ? joints !== null : exams !== null;
  if (loaded && (!exam || !state.profile))
    return <StepBlocked id="setlevel-title" title="设置等级" note="请先选择赋分方式和考试。" />;
  return (
    <PageBox aria-labelledby="setlevel-title">
      <h1 id="setlevel-title">设置等级</h1>
      <Note>
        第 3 步（共 3 步）：{GAOKAO_CORE_SUBJECTS.join('、')}和首选科目（物理、历史）计原始分，
        勾选的再选科目按等级赋分。
      </Note>
      {exam && (
        <>
          <p>
            {state.jointExamId ? '联考' : '考试'}：{exam.name}
          </p>
          <CheckGroup>
            <legend>赋分科目</legend>
            {available.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  checked={chosen.includes(s)}
                  onChange={(e) =>
                    setConverted(e.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s))
                  }
                />
                {s}
              </label>
            ))}
            {available.length === 0 && <Note>该考试没有可赋分的再选科目</Note>}
          </CheckGroup>
          <FormField label="分析名称" required>
            <TextInput value={title} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </FormField>
        </>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button
          onClick={() =>
            navigate(
              `${BASE}/chooseExam?${setupQuery({ ...state, examId: null, jointExamId: null })}`,
            )
          }
        >
          上一步
        </Button>
        <Button type="primary" loading={saving} disabled={!exam} onClick={() => void create()}>
          创建分析
        </Button>
      </Actions>
    </PageBox>
  );
}
