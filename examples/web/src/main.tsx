/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
  initClientStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { createExamkitRoutes } from '@examkit/modules';
import { AssistantLauncher, aiPages } from '@examkit/modules/ai';
import { downloadPages } from '@examkit/modules/download';
import { examPages } from '@examkit/modules/exam';
import { homeworkPages } from '@examkit/modules/homework';
import { reportPages } from '@examkit/modules/report';
import { markingPages } from '@examkit/modules/marking';
import { messagePages } from '@examkit/modules/message';
import { operatorPages } from '@examkit/modules/operator';
import { resourcePages } from '@examkit/modules/resource';
import { scanPages } from '@examkit/modules/scan';
import { systemPages } from '@examkit/modules/system';
import { createMenuFilter } from '@examkit/permission';
import { MessageHost, createUiNotifier, defaultTheme } from '@examkit/ui';

initClientStorage();
const storage = createStorage('local');
const store = createExamkitStore(storage);
const notifier = createUiNotifier();

// The router is created last; the clients reach it through this function.
let navigateTo = (path: string) => window.location.assign(path);

const http = createHttpClient({
  storage,
  notifier,
  navigate: (path) => navigateTo(path),
  // Session expiry (spec 000 §8): the toast must survive, so the app navigates instead of reloading.
  // A page may have several calls in flight when the session ends: say it once.
  onSessionExpired: () => {
    const hadSession = store.getState().user !== null;
    store.getState().clearSession();
    if (hadSession) notifier.message('error', '账号过期，请重新登录');
    navigateTo('/login');
  },
});
const auth = createAuthClient({
  http,
  storage,
  store,
  // Built per sign-in, so a brand variant chosen on the login page (?bv=) applies.
  menuFilter: (perms) => createMenuFilter({ brandVariant: store.getState().brandVariant })(perms),
});

const router = createBrowserRouter(
  createExamkitRoutes({
    pages: {
      ...examPages,
      ...reportPages,
      ...systemPages,
      ...markingPages,
      ...scanPages,
      ...aiPages,
      ...downloadPages,
      ...messagePages,
      ...resourcePages,
      ...homeworkPages,
      ...operatorPages,
    },
    overlay: <AssistantLauncher />,
    // {host} of the AbilityGrowth sub-application, set at build time (docs/ability-growth.md).
    ...(import.meta.env.VITE_ABILITY_GROWTH_HOST
      ? { abilityGrowthHost: import.meta.env.VITE_ABILITY_GROWTH_HOST as string }
      : {}),
  }),
);
navigateTo = (path) => void router.navigate(path);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={defaultTheme}>
      <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
        <MessageHost notifier={notifier} />
        <RouterProvider router={router} />
      </ExamkitProvider>
    </ThemeProvider>
  </StrictMode>,
);
