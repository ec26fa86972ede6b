import { createChatTransport, type ChatTransport } from '@examkit/assistant';
import { useExamkit } from '@examkit/core/react';
import { useState } from 'react';

/**
 * The assistant's chat client built from the app's storage and notifier: the token and school
 * of the signed-in user, failures shown as messages (spec 000 §7, §8).
 */
export function useChatTransport(): ChatTransport {
  const { storage, notifier } = useExamkit();
  const [transport] = useState(() =>
    createChatTransport({
      getToken: () => storage.get<string>('token'),
      getSchoolId: () => storage.get<number | string>('schoolId'),
      onError: (message) => notifier.message('error', message),
    }),
  );
  return transport;
}
