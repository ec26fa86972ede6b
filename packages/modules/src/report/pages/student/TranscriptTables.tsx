import type { DataOf, reportRoutes } from '@examkit/contracts';
import { questionColumns } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import {
  formatChange,
  formatFixed,
  formatInt,
  formatPercentileChange,
  formatRate,
  formatScore,
  levelLabel,
} from '../../utils/format';

type Transcript = DataOf<typeof reportRoutes.studentTranscript>;

/** A student's scores per subject, with ranks and the class and grade figures beside them. */
export function BasicTable({ data }: { data: Transcript }) {
  return (
    <DataTable
      caption={`${data.student.name}成绩`}
      rowKey={(r) => r.subjectId}
      rows={data.basic}
      columns={[
        { title: '学科', cell: (r) => r.subjectName },
        { title: '满分', cell: (r) => formatScore(r.fullMarks), numeric: true },
        { title: '得分', cell: (r) => formatScore(r.score), numeric: true },
        { title: '等级', cell: (r) => levelLabel(r.level) },
        { title: '班级排名', cell: (r) => formatInt(r.classRank), numeric: true },
        { title: '年级排名', cell: (r) => formatInt(r.gradeRank), numeric: true },
        {
          title: '进退步（百分位）',
          cell: (r) => formatPercentileChange(r.percentileChange),
          numeric: true,
        },
        { title: '名次变化', cell: (r) => formatChange(r.rankChange), numeric: true },
        { title: 'Z分', cell: (r) => formatFixed(r.z), numeric: true },
        { title: 'T分', cell: (r) => formatFixed(r.t, 1), numeric: true },
        { title: '偏科名次差', cell: (r) => formatInt(r.balance), numeric: true },
        { title: '班级平均分', cell: (r) => formatScore(r.classMean), numeric: true },
        { title: '年级平均分', cell: (r) => formatScore(r.gradeMean), numeric: true },
        { title: '班级最高分', cell: (r) => formatScore(r.classMax), numeric: true },
        { title: '年级最高分', cell: (r) => formatScore(r.gradeMax), numeric: true },
      ]}
    />
  );
}

/** A student's lost questions, one table per subject (an empty 错题 table when there are none). */
export function MistakeTables({ data }: { data: Transcript }) {
  if (data.mistakes.length === 0)
    return (
      <DataTable
        caption="错题"
        rowKey={() => 0}
        rows={[]}
        columns={[{ title: '题号', cell: () => '' }]}
      />
    );
  return (
    <>
      {data.mistakes.map((m) => (
        <DataTable
          key={m.subjectId}
          caption={`${m.subjectName}错题`}
          rowKey={(q) => q.questionId}
          rows={m.questions}
          columns={[
            ...questionColumns(),
            { title: '得分', cell: (q) => formatScore(q.score), numeric: true },
            { title: '作答', cell: (q) => q.studentAnswer ?? '—' },
            { title: '答案', cell: (q) => q.answer ?? '—' },
            { title: '班级得分率', cell: (q) => formatRate(q.classScoreRate), numeric: true },
            { title: '年级得分率', cell: (q) => formatRate(q.gradeScoreRate), numeric: true },
            { title: '知识点', cell: (q) => q.knowledgePoints.join('、') || '—' },
          ]}
        />
      ))}
    </>
  );
}
