import type { UsagePeriod } from '@examkit/contracts';
import { FormField, TextInput } from '@examkit/ui';

const DAY = 86_400_000;
/** A China date (YYYY-MM-DD) of a moment. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The last 30 days, today included. */
export const lastMonth = (): UsagePeriod => ({
  dateFrom: chinaDay(Date.now() - 29 * DAY),
  dateTo: chinaDay(Date.now()),
});

/** Both dates filled in (a date field is empty while being typed). */
export const validPeriod = (p: UsagePeriod) => DATE.test(p.dateFrom) && DATE.test(p.dateTo);

/** 开始日期 and 结束日期 of a period (使用统计, 试题篮统计, 师生学情's 作业范围). */
export function PeriodFields({
  period,
  onChange,
}: {
  period: UsagePeriod;
  onChange(p: UsagePeriod): void;
}) {
  return (
    <>
      <FormField label="开始日期">
        <TextInput
          type="date"
          value={period.dateFrom}
          onChange={(e) => onChange({ ...period, dateFrom: e.target.value })}
        />
      </FormField>
      <FormField label="结束日期">
        <TextInput
          type="date"
          value={period.dateTo}
          onChange={(e) => onChange({ ...period, dateTo: e.target.value })}
        />
      </FormField>
    </>
  );
}
