import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { DENIED_MESSAGE, DENIED_TITLE, systemEntryTarget } from '@examkit/permission';

/** /system: forwards to the first page of the System module, or says access is denied. */
export function SystemEntryPage() {
  const { notifier } = useExamkit();
  const menus = useExamkitStore((s) => s.menus);
  const target = systemEntryTarget(menus);
  useEffect(() => {
    if (!target) notifier.alert(DENIED_TITLE, DENIED_MESSAGE);
  }, [target, notifier]);
  if (target) return <Navigate to={target} replace />;
  return (
    <section>
      <h1>{DENIED_TITLE}</h1>
      <p>{DENIED_MESSAGE}</p>
    </section>
  );
}
