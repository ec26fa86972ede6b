import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button } from '@examkit/ui';
import { useNavigateKeepingQuery } from '../hooks/useNavigateKeepingQuery';
import type { ReportPage } from '../hooks/useReportPage';
import { ExportActions, type ExportPage } from './ExportActions';
import { ReportFrame } from './ReportFrame';

/** A report with tabs, one page a tab: the class report or the grade report. */
export interface ReportSection<Tab extends string> {
  /** 班级报告, 年级报告 */
  title: string;
  tabs: readonly { key: Tab; label: string }[];
  /** Where a tab lives, without the query string (the tabs keep it). */
  pathOf: (tab: Tab, examId: number) => string;
  /** The pages show one class at a time: the class picker, and exports of that class. @default false */
  perClass?: boolean;
}

/** Props of {@link ReportSectionFrame}. */
export interface ReportSectionFrameProps<Tab extends string> {
  section: ReportSection<Tab>;
  tab: Tab;
  /** The exam context and the page's own call (its error and loading are shown). */
  page: ReportPage;
  /** Show the subject picker; `total` adds 总分. @default false */
  subjectPicker?: boolean | 'total';
  /** The server's page whose tables 导出Excel and 下载PDF export; without it only 打印 is offered. */
  exportPage?: ExportPage;
  /** The export is of the chosen subject. @default false */
  exportSubject?: boolean;
  /** Extra controls of the page. */
  controls?: ReactNode;
  children?: ReactNode;
}

/** The scaffold of a page of a tabbed report: header, tabs that keep the query, pickers, export and print. */
export function ReportSectionFrame<Tab extends string>({
  section,
  tab,
  page,
  subjectPicker = false,
  exportPage,
  exportSubject = false,
  controls,
  children,
}: ReportSectionFrameProps<Tab>) {
  const navigate = useNavigateKeepingQuery();
  const open = useNavigate();
  const codes = useExamkitStore((s) => s.permCodes);
  const { context, report } = page;
  const perClass = section.perClass ?? false;
  // 预警报告打印 (/print/{examId}/warningReport) is a route of Exam-Single.
  const warningClass = perClass && context.classId !== null ? `?classId=${context.classId}` : '';
  const warning = hasPermission(codes, 'Exam-Single') && (
    <Button
      type="link"
      onClick={() => open(`/print/${context.examId}/warningReport${warningClass}`)}
    >
      预警报告
    </Button>
  );
  // 相似题推荐 (issue #15): the classes' weakest questions with bank questions to practise; the
  // catalogue puts its page under the grade report's key.
  const similar = hasPermission(codes, 'Exam-Single-Report-Grade') && (
    <Button
      type="link"
      onClick={() => open(`/exam/single/report/similar_recom/list/${context.examId}`)}
    >
      相似题推荐
    </Button>
  );
  const actions = (
    <>
      {warning}
      {similar}
      {perClass && exportPage && context.classId === null ? null : (
        <ExportActions
          examId={context.examId}
          page={exportPage}
          classId={perClass && exportPage ? (context.classId ?? undefined) : undefined}
          subjectId={exportSubject ? (context.subjectId ?? undefined) : undefined}
        />
      )}
    </>
  );
  return (
    <ReportFrame
      title={section.title}
      context={context}
      tabs={section.tabs}
      active={tab}
      onTab={(key) => navigate(section.pathOf(key as Tab, context.examId))}
      classPicker={perClass}
      subjectPicker={subjectPicker}
      error={report?.error ?? null}
      loading={report?.loading ?? false}
      actions={actions}
      controls={controls}
    >
      {children}
    </ReportFrame>
  );
}
