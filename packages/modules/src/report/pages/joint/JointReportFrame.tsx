import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import {
  jointReportRoutes,
  type BodyOf,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { ReportFrame } from '../../components/ReportFrame';
import { useNavigateKeepingQuery } from '../../hooks/useNavigateKeepingQuery';
import { useReport, type ReportState } from '../../hooks/useReport';
import { useChosenReportContext, useExamIdParam } from '../../hooks/useReportContext';
import type { ReportContext } from '../../hooks/useReportContext';

/** Every page of the joint report, in tab order (the grade pages, then the class pages). */
export const JOINT_REPORT_TABS = [
  { tab: 'basic', label: '基本情况', path: 'grade/basic' },
  { tab: 'comment', label: '试卷讲评', path: 'grade/comment' },
  { tab: 'ability', label: '能力分析', path: 'grade/ability' },
  { tab: 'rank', label: '排名分析', path: 'grade/rank' },
  { tab: 'transcript', label: '成绩单', path: 'grade/transcript' },
  { tab: 'school', label: '本校对比', path: 'class/basic' },
  { tab: 'classComment', label: '班级讲评', path: 'class/comment' },
  { tab: 'classAbility', label: '班级能力', path: 'class/ability' },
  { tab: 'classTranscript', label: '班级成绩单', path: 'class/transcript' },
] as const;

/** A tab of the joint report. */
export type JointTab = (typeof JOINT_REPORT_TABS)[number]['tab'];

/**
 * 导出PDF: the link to /exam/multiple/report-pdf for this joint exam, for those who may open that
 * page (Exam-Multiple) and start its job (the grade report's key); null for others.
 */
export function JointPdfLink({ jointExamId }: { jointExamId: number }) {
  const codes = useExamkitStore((s) => s.permCodes);
  if (!hasPermission(codes, 'Exam-Multiple') || !hasPermission(codes, 'Exam-Multiple-Report-Grade'))
    return null;
  return <Link to={`/exam/multiple/report-pdf?jointExamId=${jointExamId}`}>导出PDF</Link>;
}

/**
 * The context of a joint report page (the joint exam `:id`, its subjects and the classes the
 * caller may open, chosen in the query string) and the page's own call.
 */
export function useJointReportPage<R extends RouteContract>(
  route: R,
  bodyOf: (context: ReportContext) => BodyOf<R> | null,
): { context: ReportContext; report: ReportState<DataOf<R>> } {
  const id = useExamIdParam();
  const head = useReport(jointReportRoutes.jointReportClasses, id ? { jointExamId: id } : null);
  const context = useChosenReportContext(id, {
    exam: head.data?.exam ?? null,
    error: id ? head.error : '联考不存在',
    loading: head.loading,
  });
  const report = useReport(route, bodyOf(context));
  return { context, report };
}

/**
 * A page of the joint report on the report frame of the single-exam pages: the tabs of every joint
 * page, the subject picker, the class picker on class pages (a school: its own classes; the
 * bureau: every class by school).
 */
export function JointReportFrame(props: {
  tab: JointTab;
  context: ReportContext;
  report: Pick<ReportState<unknown>, 'error' | 'loading'>;
  subjectPicker?: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigateKeepingQuery();
  const { context, report, tab } = props;
  const perClass = JOINT_REPORT_TABS.find((t) => t.tab === tab)!.path.startsWith('class/');
  return (
    <ReportFrame
      title={perClass ? '联考班级报告' : '联考年级报告'}
      context={context}
      tabs={JOINT_REPORT_TABS.map((t) => ({ key: t.tab, label: t.label }))}
      active={tab}
      onTab={(key) => {
        const to = JOINT_REPORT_TABS.find((t) => t.tab === key)!;
        navigate(`/exam/multiple/report/${to.path}/${context.examId}`);
      }}
      classPicker={perClass}
      subjectPicker={props.subjectPicker ?? false}
      error={report.error}
      loading={report.loading}
      actions={
        <>
          <JointPdfLink jointExamId={context.examId} />
          <Link to="/exam/multiple">返回联考列表</Link>
        </>
      }
    >
      {props.children}
    </ReportFrame>
  );
}
