import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { createHomeworkRoutes } from '@examkit/modules/homework';
import { createMarkingRoutes } from '@examkit/modules/marking';
import { createMenuFilter } from '@examkit/permission';
import { MessageHost, createUiNotifier } from '@examkit/ui';
import { RouterProvider, createHashRouter } from 'react-router-dom';
import { HomeworkLayout, MarkingLayout } from './MarkingLayout';
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

// The portal's page at #/, and examkit's marking and homework modules mounted alone beside it
// (hash routes, so any static host serves it): /exam/marking, set-up, the marking screen,
// monitoring; /homework/school-base and its pages.
const router = createHashRouter([
  { path: '/', element: <PortalPage /> },
  ...createMarkingRoutes({ layout: MarkingLayout, home: '/' }),
  ...createHomeworkRoutes({ layout: HomeworkLayout, home: '/' }),
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
      <MessageHost notifier={notifier} />
      <RouterProvider router={router} />
    </ExamkitProvider>
  </StrictMode>,
);
