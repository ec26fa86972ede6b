import { AssistantWidget } from '@examkit/assistant';
import { useExamkitStore } from '@examkit/core/react';
import { useLocation } from 'react-router-dom';
import { useChatTransport } from './useChatTransport';

/**
 * The floating AI assistant on every signed-in page of the shell: it follows the route (context
 * mode and report in view) and hides itself where the spec says (spec 000 §2, §4).
 */
export function AssistantOverlay() {
  const transport = useChatTransport();
  const location = useLocation();
  const schoolId = useExamkitStore((s) => s.user?.schoolId ?? null);
  const brandVariant = useExamkitStore((s) => s.brandVariant);
  return (
    <AssistantWidget
      transport={transport}
      schoolId={schoolId}
      pathname={location.pathname}
      search={location.search}
      brandVariant={brandVariant}
    />
  );
}
