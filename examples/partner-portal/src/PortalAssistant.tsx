import { AssistantWidget, createChatTransport } from '@examkit/assistant';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiBaseUrl } from './takeHandoverToken';

/**
 * The AI assistant dropped into the partner's page beside the marking module: the same
 * widget as the reference app, built here from the portal's own session and API address.
 */
export function PortalAssistant() {
  const { storage, notifier } = useExamkit();
  const [transport] = useState(() =>
    createChatTransport({
      baseUrl: apiBaseUrl(),
      getToken: () => storage.get<string>('token'),
      getSchoolId: () => storage.get<number | string>('schoolId'),
      onError: (message) => notifier.message('error', message),
    }),
  );
  const location = useLocation();
  const schoolId = useExamkitStore((s) => s.user?.schoolId ?? null);
  return (
    <AssistantWidget
      transport={transport}
      schoolId={schoolId}
      pathname={location.pathname}
      search={location.search}
      storageKey="partner-portal-assistant-position"
    />
  );
}
