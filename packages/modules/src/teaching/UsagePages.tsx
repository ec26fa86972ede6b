import { useState } from 'react';
import { teachResearchUsageRoutes, type UsagePeriod } from '@examkit/contracts';
import { ListTable } from '../common/ListTable';
import { PageBox, Toolbar } from '../common/styled';
import { useWrongData } from '../resource/wrong/useWrongData';
import { lastMonth, PeriodFields, validPeriod } from './PeriodFields';

/** The last 30 days, today included. */
function usePeriod() {
  const [period, setPeriod] = useState<UsagePeriod>(lastMonth);
  const fields = (
    <Toolbar>
      <PeriodFields period={period} onChange={setPeriod} />
    </Toolbar>
  );
  return { body: validPeriod(period) ? period : null, fields };
}

/**
 * 使用统计 (/teach-research/usage-statistics): per teacher, how much they used marking, homework
 * and the bank over a period (all teachers for school-wide roles, else the caller's own row).
 */
export function UsageStatisticsPage() {
  const { body, fields } = usePeriod();
  const { data, error } = useWrongData(teachResearchUsageRoutes.usageStatistics, body);
  return (
    <PageBox>
      <h1>使用统计</h1>
      {fields}
      {error && <p role="alert">{error}</p>}
      <ListTable
        label="使用统计"
        rows={data?.rows ?? (error ? [] : null)}
        headers={['教师', '阅卷（给分次数）', '布置作业', '批改作业（题次）', '组卷', '加入试题篮']}
      >
        {(r) => (
          <tr key={r.userId}>
            <td>{r.name}</td>
            <td>{r.marks}</td>
            <td>{r.homeworkMade}</td>
            <td>{r.homeworkCorrected}</td>
            <td>{r.papersMade}</td>
            <td>{r.basketAdded}</td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}

/**
 * 试题篮统计 (/teach-research/basket): per teacher and subject, the questions in the 试题篮 now
 * and the papers assembled in a period, with how many became an exam.
 */
export function BasketStatisticsPage() {
  const { body, fields } = usePeriod();
  const { data, error } = useWrongData(teachResearchUsageRoutes.basketStatistics, body);
  return (
    <PageBox>
      <h1>试题篮统计</h1>
      {fields}
      <p>试题篮中的题数为当前数量；组卷数与生成考试数按试卷保存日期统计。</p>
      {error && <p role="alert">{error}</p>}
      <ListTable
        label="试题篮统计"
        rows={data?.rows ?? (error ? [] : null)}
        headers={['教师', '学科', '试题篮题数', '组卷', '其中生成考试']}
      >
        {(r) => (
          <tr key={`${r.userId}-${r.subjectCode}`}>
            <td>{r.name}</td>
            <td>{r.subjectName}</td>
            <td>{r.inBasket}</td>
            <td>{r.papers}</td>
            <td>{r.papersToExam}</td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
