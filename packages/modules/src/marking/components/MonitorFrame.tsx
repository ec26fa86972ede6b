import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useMarkingBlock } from '../hooks/useMarkingBlock';
import { PageBox, Tabs } from './styled';

/** The tabs of the marking data pages; 阅卷进度 stays on readMonitor when opened from there. */
function DataTabs({ blockId }: { blockId: number }) {
  const { pathname } = useLocation();
  const tabs: [string, string][] = [
    [
      pathname.includes('/readMonitor/')
        ? `/exam/marking/readMonitor/${blockId}`
        : `/exam/marking/data/progress/${blockId}`,
      '阅卷进度',
    ],
    [`/exam/marking/data/quality/${blockId}`, '阅卷质量'],
    [`/exam/marking/data/checkPaper/${blockId}`, '阅卷抽查'],
    [`/exam/marking/error?blockId=${blockId}`, '问题卷'],
  ];
  return (
    <Tabs as="nav" aria-label="阅卷数据">
      {tabs.map(([to, label]) => (
        <NavLink key={to} to={to}>
          {label}
        </NavLink>
      ))}
      <Link to="/exam/marking">返回网上阅卷</Link>
    </Tabs>
  );
}

export interface MonitorFrameProps {
  /** The page's title; the block's exam, subject and name follow once loaded. */
  title: string;
  blockId: number;
  children: ReactNode;
}

/** The frame of a marking data page: its title with the block, and the data tabs. */
export function MonitorFrame({ title, blockId, children }: MonitorFrameProps) {
  const block = useMarkingBlock(blockId);
  return (
    <PageBox>
      <h1>
        {title}
        {block ? `：${block.examName} · ${block.subjectName} · ${block.name}` : ''}
      </h1>
      <DataTabs blockId={blockId} />
      {children}
    </PageBox>
  );
}
