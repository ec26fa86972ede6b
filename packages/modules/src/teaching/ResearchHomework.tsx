import { useState } from 'react';
import {
  RESEARCH_HOMEWORK_COUNT,
  RESEARCH_HOMEWORK_PERIOD_MAX,
  type DataOf,
  type teachResearchRoutes,
  type UsagePeriod,
} from '@examkit/contracts';
import { FormField, Select } from '@examkit/ui';
import { ListTable } from '../common/ListTable';
import { percent } from '../resource/wrong/useWrongData';
import { lastMonth, PeriodFields, validPeriod } from './PeriodFields';

type Teachers = DataOf<typeof teachResearchRoutes.studyTeachers>;
type Homework = Teachers['homework'];

/**
 * 师生学情's 作业范围: the grade's newest 校本作业 (null, the default) or those first assigned in a
 * period; `body` is what the call sends (a period only once both dates are filled in).
 */
export function useHomeworkPeriod() {
  const [period, setPeriod] = useState<UsagePeriod | null>(null);
  const fields = (
    <>
      <FormField label="作业范围">
        <Select
          value={period ? 'period' : 'newest'}
          options={[
            { value: 'newest', label: `最近${RESEARCH_HOMEWORK_COUNT}次校本作业` },
            { value: 'period', label: '按布置时间' },
          ]}
          onChange={(e) => setPeriod(e.target.value === 'period' ? lastMonth() : null)}
        />
      </FormField>
      {period && <PeriodFields period={period} onChange={setPeriod} />}
    </>
  );
  return { body: period && validPeriod(period) ? period : null, fields };
}

/** Which homework 师生学情 reads, said once above its figures. */
export function HomeworkNote({
  list,
  period,
}: {
  list: Homework['list'];
  period?: UsagePeriod | null;
}) {
  if (list.length === 0) return period ? <p>所选时段内没有可查看的校本作业。</p> : null;
  const which = period
    ? `${period.dateFrom}至${period.dateTo}布置的${list.length}次校本作业${
        list.length === RESEARCH_HOMEWORK_PERIOD_MAX
          ? `（最近${RESEARCH_HOMEWORK_PERIOD_MAX}次）`
          : ''
      }`
    : `年级最近${list.length}次校本作业`;
  return (
    <p>
      作业得分率：{which}（{list.map((h) => h.name).join('、')}）的作业报告得分率。
    </p>
  );
}

/** A student's score rate per homework of the list, oldest first: 80.0% → — → 65.0%. */
export const homeworkTrend = (rates: readonly (number | null)[]) =>
  rates.map((r) => (r === null ? '—' : percent(r))).join(' → ');

/**
 * 教师学情's homework: per class × subject taught, the mean of its homework reports' class score
 * rates; per teacher, the homework they assigned and the hand-ins they corrected.
 */
export function TeacherHomework({
  homework,
  classes,
  names,
  period,
}: {
  homework: Homework;
  classes: Teachers['classes'];
  names: ReadonlyMap<number, string>;
  period: UsagePeriod | null;
}) {
  if (homework.list.length === 0) return <HomeworkNote list={homework.list} period={period} />;
  const classOf = (c: Homework['classes'][number]) =>
    classes.find(
      (x) => x.userId === c.userId && x.classId === c.classId && x.subjectName === c.subjectName,
    );
  return (
    <section aria-label="校本作业">
      <h2>校本作业</h2>
      <HomeworkNote list={homework.list} period={period} />
      <ListTable
        label="任教班级作业得分率"
        rows={homework.classes}
        headers={['教师', '班级', '学科', '作业次数', '平均得分率']}
      >
        {(c) => (
          <tr key={`${c.userId}-${c.classId}-${c.subjectName}`}>
            <td>{names.get(c.userId) ?? ''}</td>
            <td>{classOf(c)?.className ?? ''}</td>
            <td>{c.subjectName}</td>
            <td>{c.count}</td>
            <td>{c.count === 0 ? '—' : percent(c.scoreRate)}</td>
          </tr>
        )}
      </ListTable>
      <ListTable
        label="作业布置与批改"
        rows={homework.teachers}
        headers={['教师', '布置作业', '批改份数']}
      >
        {(t) => (
          <tr key={t.userId}>
            <td>{names.get(t.userId) ?? ''}</td>
            <td>{t.assigned}</td>
            <td>{t.corrected}</td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}
