import { useState } from 'react';
import { reportRoutes, type DataOf } from '@examkit/contracts';
import { Button, TextInput } from '@examkit/ui';
import { statColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { Meta, Toolbar } from '../../components/styled';
import { useReportCall } from '../../hooks/useReportCall';
import { useReportContext } from '../../hooks/useReportContext';
import { formatRate } from '../../utils/format';
import { CustomFrame } from './CustomFrame';

/** 自定义报告·分组对比: any groups of classes beside each other. */
export function GradeCustomGroupPage() {
  const context = useReportContext();
  const { examId, exam } = context;
  const call = useReportCall();
  const classes = exam?.classes ?? [];
  const [groups, setGroups] = useState<{ name: string; classIds: number[] }[]>([]);
  const [result, setResult] = useState<DataOf<typeof reportRoutes.gradeCustomGroup> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const run = async (next: typeof groups) => {
    if (next.length === 0) return;
    const outcome = await call(reportRoutes.gradeCustomGroup, { examId, groups: next });
    if (outcome.ok) {
      setResult(outcome.data);
      setError(null);
    } else setError(outcome.message);
  };
  return (
    <CustomFrame tab="customGroup" page={{ context, report: { error, loading: false } }}>
      <fieldset data-noprint>
        <legend>新建分组</legend>
        <Toolbar>
          <TextInput
            aria-label="分组名称"
            placeholder="分组名称，如 实验班"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {classes.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                checked={picked.includes(c.id)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, c.id] : p.filter((x) => x !== c.id)))
                }
              />
              {c.name}
            </label>
          ))}
          <Button
            type="primary"
            disabled={!name.trim() || picked.length === 0}
            onClick={() => {
              const next = [...groups, { name: name.trim(), classIds: picked }];
              setGroups(next);
              setName('');
              setPicked([]);
              void run(next);
            }}
          >
            添加分组
          </Button>
          {groups.length > 0 && (
            <Button
              onClick={() => {
                setGroups([]);
                setResult(null);
              }}
            >
              清空分组
            </Button>
          )}
        </Toolbar>
      </fieldset>
      {!result ? (
        <Meta>请添加至少一个分组（例如 实验班、普通班）后查看对比。</Meta>
      ) : (
        result.groups.map((g) => (
          <DataTable
            key={g.name}
            caption={`${g.name}（${g.classIds.map((id) => classes.find((c) => c.id === id)?.name ?? id).join('、')}）`}
            rowKey={(r) => r.subjectId}
            rows={g.rows}
            columns={[
              { title: '学科', cell: (r) => r.subjectName },
              ...statColumns<(typeof g.rows)[number]>((r) => r.stats),
              { title: '超均率', cell: (r) => formatRate(r.stats.aboveMeanRate), numeric: true },
            ]}
          />
        ))
      )}
    </CustomFrame>
  );
}
