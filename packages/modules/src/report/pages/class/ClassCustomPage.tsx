import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { RateInput } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { useReportPage } from '../../hooks/useReportPage';
import { formatRate, levelLabel } from '../../utils/format';
import { ClassFrame } from './ClassFrame';

const LEVEL_KEYS = ['excellent', 'good', 'pass', 'low'] as const;

/** 班级报告·自定义报告: level rates under the caller's own lines. */
export function ClassCustomPage() {
  const [lines, setLines] = useState({ excellent: 0.85, good: 0.75, pass: 0.6, low: 0.3 });
  const { context, report } = useReportPage(reportRoutes.classCustom, ({ examId, classId }) =>
    classId ? { examId, classId, ...lines } : null,
  );
  const rows = report.data?.rows ?? [];
  return (
    <ClassFrame
      tab="custom"
      page={{ context, report }}
      controls={LEVEL_KEYS.map((k) => (
        <RateInput
          key={k}
          label={`${levelLabel(k)}线`}
          value={lines[k]}
          onChange={(v) => setLines((l) => ({ ...l, [k]: v }))}
        />
      ))}
    >
      {report.data && (
        <DataTable
          caption="自定义等级"
          rowKey={(r) => r.subjectId}
          rows={rows}
          columns={[
            { title: '学科', cell: (r) => r.subjectName },
            { title: '实考人数', cell: (r) => r.class.count, numeric: true },
            ...LEVEL_KEYS.flatMap((k): Column<(typeof rows)[number]>[] => [
              { title: `${levelLabel(k)}人数`, cell: (r) => r.class[k], numeric: true },
              {
                title: `${levelLabel(k)}率`,
                cell: (r) => formatRate(r.class[`${k}Rate`]),
                numeric: true,
              },
              {
                title: `年级${levelLabel(k)}率`,
                cell: (r) => formatRate(r.grade[`${k}Rate`]),
                numeric: true,
              },
            ]),
          ]}
        />
      )}
    </ClassFrame>
  );
}
