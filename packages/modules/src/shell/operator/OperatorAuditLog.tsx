import { useEffect, useState } from 'react';
import type { BodyOf, DataOf, operatorRoutes } from '@examkit/contracts';
import { FormField, Select, TextInput, type SelectProps } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { Pager } from '../../common/Pager';
import { formatAuditTime, type OperatorCall } from './OperatorConsoleSections';
import { operatorRefs } from './operatorRefs';

type AuditPage = DataOf<typeof operatorRoutes.auditLog>;
type AuditBody = BodyOf<typeof operatorRoutes.auditLog>;
type School = DataOf<typeof operatorRoutes.overview>['schools'][number];

const PAGE_SIZE = 10;
const HEADERS = ['时间', '操作人', '操作', '区域', '学校', '教育局账号', '说明'] as const;

/** The log's filters as the form holds them: '' for 全部; dates as yyyy-mm-dd. */
interface Filters {
  operatorId: string;
  action: string;
  schoolId: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { operatorId: '', action: '', schoolId: '', from: '', to: '' };

/** Local midnight of a yyyy-mm-dd date, in ms; `days` later for the end of a period. */
const dayStart = (date: string, days = 0) => {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + days);
  return d.getTime();
};

/** The call's body of a page under the filters: the period's end day is included. */
export function auditQuery(f: Filters, pageNum: number): AuditBody {
  return {
    pageNum,
    pageSize: PAGE_SIZE,
    ...(f.operatorId && { operatorId: Number(f.operatorId) }),
    ...(f.action && { action: f.action as AuditBody['action'] & string }),
    ...(f.schoolId && { schoolId: Number(f.schoolId) }),
    ...(f.from && { from: dayStart(f.from) }),
    ...(f.to && { to: dayStart(f.to, 1) }),
  };
}

/** One labelled filter of the log, 「全部」 when nothing is chosen. */
function Choice({
  label,
  ...select
}: { label: string } & Pick<SelectProps, 'options' | 'value' | 'onChange'>) {
  return (
    <FormField label={label}>
      <Select placeholder="全部" {...select} />
    </FormField>
  );
}

/**
 * 操作日志: the operators' actions and the schools' answers, newest first, ten a page
 * (docs/joint-exams.md#operator-audit), filtered by 操作人, 操作, 学校 and a period. Read again
 * whenever a filter, the page or `version` changes (the console passes its overview, renewed
 * after each action).
 */
export function OperatorAuditLog({
  call,
  version,
  schools,
}: {
  call: OperatorCall;
  version: unknown;
  schools: readonly School[];
}) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [data, setData] = useState<AuditPage | null>(null);
  useEffect(() => {
    let live = true;
    // Two filters changed in a row send two reads: the newer must go out (only its answer is kept).
    void call(operatorRefs.auditLog, auditQuery(filters, page), undefined, false).then((d) => {
      if (live && d) setData(d);
    });
    return () => {
      live = false;
    };
  }, [call, filters, page, version]);
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };
  return (
    <section
      aria-labelledby="operator-audit"
      style={{ padding: '16px 20px', marginBottom: 16, border: '1px solid #ddd', borderRadius: 8 }}
    >
      <h2 id="operator-audit">操作日志</h2>
      <div
        role="search"
        aria-label="查找操作日志"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}
      >
        <Choice
          label="操作人"
          options={(data?.operators ?? []).map((o) => ({ value: o.operatorId, label: o.name }))}
          value={filters.operatorId}
          onChange={set('operatorId')}
        />
        <Choice
          label="操作"
          options={(data?.actions ?? []).map((a) => ({ value: a.action, label: a.name }))}
          value={filters.action}
          onChange={set('action')}
        />
        <Choice
          label="学校"
          options={schools.map((s) => ({ value: s.schoolId, label: s.schoolName }))}
          value={filters.schoolId}
          onChange={set('schoolId')}
        />
        <FormField label="开始日期">
          <TextInput type="date" value={filters.from} onChange={set('from')} />
        </FormField>
        <FormField label="结束日期">
          <TextInput type="date" value={filters.to} onChange={set('to')} />
        </FormField>
      </div>
      <ListTable label="操作日志" rows={data?.rows ?? null} headers={HEADERS} empty="暂无操作记录">
        {(r) => (
          <tr key={r.id}>
            {[
              formatAuditTime(r.at),
              r.operatorName,
              r.actionName,
              r.regionName ?? '—',
              r.schoolName ?? '—',
              r.bureauLogin ?? '—',
              r.detail || '—',
            ].map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        )}
      </ListTable>
      {data && <Pager total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />}
    </section>
  );
}
