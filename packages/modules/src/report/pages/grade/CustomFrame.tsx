import type { ReactNode } from 'react';
import { ReportTabs } from '../../components/ReportTabs';
import { useNavigateKeepingQuery } from '../../hooks/useNavigateKeepingQuery';
import { GradeFrame, type GradeFrameProps } from './GradeFrame';

const CUSTOM_TABS = [
  { key: 'customGroup', label: '分组对比' },
  { key: 'customContrast', label: '班级学科对比' },
  { key: 'customKnowModel', label: '知识模型' },
] as const;

type CustomTab = (typeof CUSTOM_TABS)[number]['key'];

/** A page of 年级报告·自定义报告, with its own row of tabs. */
export function CustomFrame({
  tab,
  children,
  ...rest
}: { tab: CustomTab; children?: ReactNode } & Omit<GradeFrameProps, 'tab' | 'children'>) {
  const navigate = useNavigateKeepingQuery();
  return (
    <GradeFrame tab="custom" {...rest}>
      <ReportTabs
        label="自定义报告"
        idPrefix="custom"
        tabs={CUSTOM_TABS}
        active={tab}
        onSelect={(key) =>
          navigate(`/exam/single/report/grade/custom/${rest.page.context.examId}/${key}`)
        }
      />
      <div role="tabpanel" id="custom-panel" aria-labelledby={`custom-tab-${tab}`}>
        {children}
      </div>
    </GradeFrame>
  );
}
