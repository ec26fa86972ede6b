import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  assistantRoutes,
  type AssistantSettings,
  type DataOf,
  type KnowledgeNode,
} from '@examkit/contracts';
import {
  ASSISTANT_MIXES,
  ASSISTANT_MIX_NAMES,
  DEFAULT_SCORES,
  QUESTION_TYPE_KEYS,
  QUESTION_TYPES,
  type BankQuestionType,
} from '@examkit/contracts/rules';
import { formatDate } from '@examkit/core';
import { Button, FormField, Select, TextInput } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { childrenOf, useBankChoices, useKnowledgeTree } from '../bank/useBankChoices';

type Plans = DataOf<typeof assistantRoutes.list>;
const PAGE_SIZE = 10;

/** The question counts a new plan starts with (a 高中 paper's usual shape). */
const START_COUNTS: Partial<Record<BankQuestionType, number>> = { single: 8, blank: 4, answer: 3 };

const Points = styled.ul`
  margin: 0;
  padding: 0;
  max-height: 220px;
  overflow: auto;
  list-style: none;
  ul {
    list-style: none;
    padding-left: 1.5em;
  }
`;

const Grid = styled.table`
  border-collapse: collapse;
  th,
  td {
    padding: 4px 8px;
    text-align: left;
  }
  input {
    width: 6em;
  }
`;

function PointChecks({
  nodes,
  chosen,
  onToggle,
}: {
  nodes: readonly KnowledgeNode[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const kids = childrenOf(nodes);
  const render = (parent: number | null): ReactNode =>
    (kids.get(parent) ?? []).map((n) => (
      <li key={n.id}>
        <label>
          <input type="checkbox" checked={chosen.has(n.id)} onChange={() => onToggle(n.id)} />{' '}
          {n.name}
        </label>
        {kids.has(n.id) && <ul>{render(n.id)}</ul>}
      </li>
    ));
  return <Points aria-label="知识点">{render(null)}</Points>;
}

/**
 * /resource/generate/assistants (组卷助手): subject, grade, knowledge points, how many questions
 * of each type with their scores and the difficulty mix; 生成试卷 has the server pick the
 * questions and opens the plan. Below, the teacher's 组卷记录.
 */
export function AssistantPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { subjects, stages } = useBankChoices();
  const [subjectCode, setSubjectCode] = useState('');
  const [gradeNum, setGradeNum] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [points, setPoints] = useState<Set<number>>(new Set());
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(QUESTION_TYPE_KEYS.map((k) => [k, String(START_COUNTS[k] ?? 0)])),
  );
  const [scores, setScores] = useState<Record<string, string>>(() =>
    Object.fromEntries(QUESTION_TYPE_KEYS.map((k) => [k, String(DEFAULT_SCORES[k])])),
  );
  const [mix, setMix] = useState<AssistantSettings['mix']>('balanced');
  const [busy, setBusy] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [plans, setPlans] = useState<Plans | null>(null);

  const grade = stages
    .flatMap((s) => s.grades.map((g) => ({ ...g, stage: s.stage })))
    .find((g) => g.gradeNum === gradeNum);
  const stage = grade?.stage ?? stages[stages.length - 1]?.stage ?? null;
  const subject = subjectCode || subjects[0]?.subjectCode || '';
  const { nodes } = useKnowledgeTree(subject, stage);

  const loadPlans = useCallback(async () => {
    const r = await call(assistantRoutes.list, { pageNum, pageSize: PAGE_SIZE }, { dedupe: false });
    if (r.ok) setPlans(r.data);
  }, [call, pageNum]);
  useEffect(() => {
    void loadPlans();
  }, [loadPlans]);

  const rows = QUESTION_TYPE_KEYS.filter((k) => Number(counts[k]) > 0).map((type) => ({
    type,
    count: Number(counts[type]),
    score: Number(scores[type]),
  }));
  const subjectName = subjects.find((s) => s.subjectCode === subject)?.subjectName ?? '';
  const total = rows.reduce((s, r) => s + r.count * r.score, 0);

  const generate = async () => {
    if (!stage || !subject) return;
    setBusy(true);
    const r = await call(assistantRoutes.generate, {
      settings: {
        title: title.trim() || `${grade?.gradeName ?? ''}${subjectName}练习`,
        subjectCode: subject,
        stage: stage as 1 | 2 | 3,
        gradeNum,
        pointIds: [...points],
        rows,
        mix,
      },
      requestKey: `assistant-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    });
    setBusy(false);
    if (r.ok) navigate(`/resource/generate/assistants/detail?id=${r.data.planId}`);
  };

  return (
    <PageBox aria-labelledby="assistant-title">
      <h1 id="assistant-title">组卷助手</h1>
      <Toolbar role="group" aria-label="试卷范围">
        <FormField label="学科">
          <Select
            value={subject}
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => {
              setSubjectCode(e.target.value);
              setPoints(new Set());
            }}
          />
        </FormField>
        <FormField label="年级">
          <Select
            value={gradeNum ?? ''}
            placeholder="不限"
            options={stages.flatMap((s) =>
              s.grades.map((g) => ({ value: g.gradeNum, label: g.gradeName })),
            )}
            onChange={(e) => {
              setGradeNum(e.target.value ? Number(e.target.value) : null);
              setPoints(new Set());
            }}
          />
        </FormField>
        <FormField label="试卷标题">
          <TextInput
            value={title}
            maxLength={80}
            placeholder={`${grade?.gradeName ?? ''}${subjectName}练习`}
            onChange={(e) => setTitle(e.target.value)}
          />
        </FormField>
      </Toolbar>
      <h2>知识点（不选则为全部）</h2>
      {nodes.length ? (
        <PointChecks
          nodes={nodes}
          chosen={points}
          onToggle={(id) => {
            const next = new Set(points);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            setPoints(next);
          }}
        />
      ) : (
        <p>该学科暂无知识点。</p>
      )}
      <h2>题型与题量</h2>
      <Grid aria-label="题型与题量">
        <thead>
          <tr>
            <th scope="col">题型</th>
            <th scope="col">题数</th>
            <th scope="col">每题分值</th>
          </tr>
        </thead>
        <tbody>
          {QUESTION_TYPE_KEYS.map((k) => (
            <tr key={k}>
              <th scope="row">{QUESTION_TYPES[k]}</th>
              <td>
                <input
                  type="number"
                  min={0}
                  max={30}
                  aria-label={`${QUESTION_TYPES[k]}题数`}
                  value={counts[k]}
                  onChange={(e) => setCounts({ ...counts, [k]: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={0.5}
                  max={100}
                  step={0.5}
                  aria-label={`${QUESTION_TYPES[k]}每题分值`}
                  value={scores[k]}
                  onChange={(e) => setScores({ ...scores, [k]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Grid>
      <fieldset>
        <legend>难度</legend>
        {ASSISTANT_MIXES.map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="assistant-mix"
              value={m}
              checked={mix === m}
              onChange={() => setMix(m)}
            />{' '}
            {ASSISTANT_MIX_NAMES[m]}{' '}
          </label>
        ))}
      </fieldset>
      <Toolbar>
        <span>
          共 {rows.reduce((s, r) => s + r.count, 0)} 题，满分 {total} 分
        </span>
        <Button
          type="primary"
          disabled={busy || rows.length === 0 || !subject}
          onClick={() => void generate()}
        >
          生成试卷
        </Button>
      </Toolbar>
      <h2>组卷记录</h2>
      <ListTable
        label="组卷记录"
        rows={plans?.list ?? null}
        empty="还没有用组卷助手组过卷"
        headers={['试卷标题', '题数', '满分', '状态', '生成时间']}
      >
        {(p) => (
          <tr key={p.id}>
            <td>
              <Link to={`/resource/generate/assistants/detail?id=${p.id}`}>{p.title}</Link>
            </td>
            <td>
              {p.questionCount}/{p.wantedCount}
            </td>
            <td>{p.fullMarks}</td>
            <td>
              {p.paperId ? (
                <Link to={`/resource/paper/school-detail?id=${p.paperId}`}>已保存为试卷</Link>
              ) : (
                '未保存'
              )}
            </td>
            <td>{formatDate(p.createdAt, 'YYYY-MM-DD HH:mm')}</td>
          </tr>
        )}
      </ListTable>
      {plans && (
        <Pager total={plans.total} page={pageNum} pageSize={PAGE_SIZE} onPage={setPageNum} />
      )}
    </PageBox>
  );
}
