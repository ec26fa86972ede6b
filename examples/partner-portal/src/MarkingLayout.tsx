import { Link, Outlet } from 'react-router-dom';
import { useExamkitStore } from '@examkit/core/react';
import { PortalAssistant } from './PortalAssistant';

/** The portal's own frame around an embedded examkit module, titled with the module's name. */
function PortalFrame({ module }: { module: string }) {
  const nickName = useExamkitStore((s) => s.user?.nickName ?? null);
  return (
    <div style={{ minHeight: '100vh' }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          padding: '12px 24px',
          background: '#1f3a5f',
          color: '#fff',
        }}
      >
        <strong>合作伙伴门户 · {module}</strong>
        <Link to="/" style={{ color: '#fff' }}>
          门户首页
        </Link>
        <span style={{ marginLeft: 'auto' }}>{nickName}</span>
      </header>
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '0 24px' }}>
        <Outlet />
      </div>
      <PortalAssistant />
    </div>
  );
}

/** The frame of the embedded marking pages (the marking screen goes full screen). */
export function MarkingLayout() {
  return <PortalFrame module="网上阅卷" />;
}

/** The frame of the embedded homework pages. */
export function HomeworkLayout() {
  return <PortalFrame module="校本作业" />;
}
