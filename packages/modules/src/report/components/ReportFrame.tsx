import type { ReactNode } from 'react';
import { Empty, LOADING_TEXT, Select } from '@examkit/ui';
import type { ReportContext } from '../hooks/useReportContext';
import { ReportTabs, type ReportTab } from './ReportTabs';
import { ErrorBox, Meta, ReportBox, Spacer, Toolbar } from './styled';

export interface ReportFrameProps {
  /** 班级报告, 年级报告… */
  title: string;
  context: ReportContext;
  tabs?: readonly ReportTab[];
  active?: string;
  onTab?: (key: string) => void;
  /** Show the class picker (the classes in scope). @default false */
  classPicker?: boolean;
  /** Show the subject picker; `total` adds 总分 (subjectId 0). @default false */
  subjectPicker?: boolean | 'total';
  /** Export and print buttons. */
  actions?: ReactNode;
  /** Extra controls of the page. */
  controls?: ReactNode;
  /** The page's own call. */
  error?: string | null;
  loading?: boolean;
  children?: ReactNode;
}

/** Header, tabs, pickers and the panel of a report page; shows the server's refusal as is. */
export function ReportFrame(props: ReportFrameProps) {
  const { title, context, tabs, active, onTab, classPicker, subjectPicker, actions } = props;
  const { exam } = context;
  const error = context.error ?? props.error ?? null;
  const loading = context.loading || (props.loading ?? false);
  const subjectOptions = [
    ...(subjectPicker === 'total' ? [{ value: 0, label: '总分' }] : []),
    ...context.subjects.map((s) => ({ value: s.id, label: s.name })),
  ];
  return (
    <ReportBox aria-busy={loading}>
      <h1>
        {exam ? `${exam.name} · ` : ''}
        {title}
      </h1>
      {exam && (
        <Meta>
          {exam.gradeName} · {exam.examType} · {exam.examDate}
          {exam.published ? ' · 报告已发布' : ' · 报告未发布'}
        </Meta>
      )}
      {tabs && active && onTab && (
        <ReportTabs label={title} tabs={tabs} active={active} onSelect={onTab} idPrefix="report" />
      )}
      <div
        role={tabs ? 'tabpanel' : undefined}
        id="report-panel"
        aria-labelledby={tabs && active ? `report-tab-${active}` : undefined}
      >
        {exam && (
          <Toolbar data-noprint>
            {classPicker && (
              <Select
                label="班级"
                value={context.classId ?? ''}
                options={exam.classes.map((c) => ({ value: c.id, label: c.name }))}
                onChange={(e) => context.setQuery('classId', Number(e.target.value))}
              />
            )}
            {subjectPicker && (
              <Select
                label="学科"
                value={context.subjectId ?? ''}
                options={subjectOptions}
                onChange={(e) => context.setQuery('subjectId', Number(e.target.value))}
              />
            )}
            {props.controls}
            <Spacer />
            {!error && actions}
          </Toolbar>
        )}
        {error ? (
          <ErrorBox role="alert">{error}</ErrorBox>
        ) : loading ? (
          <Meta role="status">{LOADING_TEXT}</Meta>
        ) : exam && classPicker && exam.classes.length === 0 ? (
          <Empty />
        ) : (
          props.children
        )}
      </div>
    </ReportBox>
  );
}
