import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { createMenuFilter } from '@examkit/permission';
import { MessageHost, createUiNotifier } from '@examkit/ui';
import { PortalPage } from './PortalPage';
import { apiBaseUrl } from './takeHandoverToken';

// The portal keeps the examkit session for this tab only: it is the partner's page, not the examkit app.
const storage = createStorage('session');
const store = createExamkitStore(storage);
const notifier = createUiNotifier();
const http = createHttpClient({
  baseURL: apiBaseUrl(),
  storage,
  notifier,
  onSessionExpired: () => store.getState().clearSession(),
});
const auth = createAuthClient({ http, storage, store, menuFilter: createMenuFilter({}) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
      <MessageHost notifier={notifier} />
      <PortalPage />
    </ExamkitProvider>
  </StrictMode>,
);
