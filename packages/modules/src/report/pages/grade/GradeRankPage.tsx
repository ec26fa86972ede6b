import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { Chart } from '../../components/Chart';
import { lineOption } from '../../components/charts';
import { DataTable } from '../../components/DataTable';
import { ExportJobButton } from '../../components/ExportJobButton';
import { useReportPage } from '../../hooks/useReportPage';
import { formatInt, formatScore, levelLabel } from '../../utils/format';
import { ClassFilter } from './ClassFilter';
import { GradeFrame } from './GradeFrame';
import { PAGE_SIZE, Pager } from './Pager';

/** 年级报告·排名分析: 一分一段 and the ranking. */
export function GradeRankPage() {
  const [classId, setClassId] = useState(0);
  const [pageNum, setPage] = useState(1);
  const { context, report } = useReportPage(
    reportRoutes.gradeRank,
    ({ examId, subjectId }) =>
      subjectId !== null
        ? { examId, subjectId, pageNum, pageSize: PAGE_SIZE, ...(classId ? { classId } : {}) }
        : null,
    { total: true },
  );
  const { examId } = context;
  const data = report.data;
  type Row = NonNullable<typeof data>['page']['list'][number];
  return (
    <GradeFrame
      tab="rank"
      page={{ context, report }}
      subjectPicker="total"
      exportPage="grade/rank"
      exportSubject
      controls={
        <ClassFilter
          classes={context.exam?.classes ?? []}
          value={classId}
          onChange={(id) => {
            setClassId(id);
            setPage(1);
          }}
        />
      }
    >
      {data && (
        <>
          <Chart
            kind="line"
            label={`${data.subjectName}一分一段`}
            height={260}
            option={lineOption(
              data.segments.map((s) => formatScore(s.score)),
              [{ name: '累计人数', values: data.segments.map((s) => s.cumulative) }],
            )}
          />
          <DataTable
            caption={`${data.subjectName}排名`}
            rowKey={(r) => r.studentId}
            rows={data.page.list}
            columns={[
              { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
              { title: '姓名', cell: (r) => r.name },
              { title: '学号', cell: (r) => r.studentNo },
              { title: '班级', cell: (r) => r.className },
              { title: '分数', cell: (r) => formatScore(r.score), numeric: true },
              { title: '班级排名', cell: (r) => formatInt(r.classRank), numeric: true },
              { title: '等级', cell: (r) => levelLabel(r.level) },
              // 选考 (3+1+2): ranks within the subject combination and 物理类 / 历史类
              ...(data.page.list.some((r) => r.combination !== null && r.combination !== undefined)
                ? [
                    { title: '选考组合', cell: (r: Row) => r.combination ?? '—' },
                    {
                      title: '组合内排名',
                      cell: (r: Row) => formatInt(r.combinationRank),
                      numeric: true,
                    },
                    { title: '类别', cell: (r: Row) => r.track ?? '—' },
                    {
                      title: '类别内排名',
                      cell: (r: Row) => formatInt(r.trackRank),
                      numeric: true,
                    },
                  ]
                : []),
            ]}
          />
          <Pager pageNum={pageNum} total={data.page.total} onPage={setPage} />
          <DataTable
            caption="一分一段表"
            rowKey={(s) => s.score}
            rows={data.segments}
            columns={[
              { title: '分数', cell: (s) => formatScore(s.score), numeric: true },
              { title: '人数', cell: (s) => s.count, numeric: true },
              { title: '累计人数', cell: (s) => s.cumulative, numeric: true },
              { title: '名次', cell: (s) => formatInt(s.rank), numeric: true },
            ]}
          />
          <p>
            一分一段按 1 分一段统计（不受分数段宽度设置影响）；名次为该段最高分的年级名次。
            {/* 一分一段 of every subject and the total, one sheet each */}
            <ExportJobButton
              label="导出各科一分一段"
              body={{ examId, page: 'grade/segments', format: 'xlsx' }}
              saveWhenDone
            />
          </p>
        </>
      )}
    </GradeFrame>
  );
}
