import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callApi, openLogin, signedIn, tokenOf, type ApiInit, type Envelope } from './app';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** One server and one browser shared by the tests of a file, with its calls bound to them. */
export interface BrowserSuite {
  /** The running server (set before the file's own `beforeAll` hooks run). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page signed in as a demo account (the demo password unless another is given). */
  signedIn(loginName: string, password?: string): Promise<Page>;
  /** A fresh page on the login page (with an optional query such as `?bv=7`). */
  openLogin(query?: string): Promise<Page>;
  /** POSTs one call to the server and returns its envelope. */
  api<T = unknown>(path: string, init?: ApiInit): Promise<Envelope<T>>;
  /** A session token of a demo account, signed in through the API. */
  tokenOf(loginName: string): Promise<string>;
  /** Stops the server and starts a fresh one with these environment variables. */
  restartServer(env: Record<string, string>): Promise<RunningServer>;
}

/**
 * Starts the server (with extra environment variables, or a function of earlier set-up that
 * returns them) and a browser before the file's tests, and stops both after them. Call it at
 * the top of a test file, before the file's own `beforeAll`, which then finds both running.
 */
export function browserSuite(
  env: Record<string, string> | (() => Record<string, string>) = {},
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const running = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running yet`);
    return value;
  };
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const suite: BrowserSuite = {
    get server() {
      return running(server, 'the server');
    },
    get browser() {
      return running(browser, 'the browser');
    },
    signedIn: (loginName, password) =>
      signedIn(suite.browser, suite.server.url, loginName, password),
    openLogin: (query = '') => openLogin(suite.browser, suite.server.url, query),
    api: <T = unknown>(path: string, init?: ApiInit) => callApi<T>(suite.server.url, path, init),
    tokenOf: (loginName) => tokenOf(suite.server.url, loginName),
    restartServer: async (nextEnv) => {
      await server?.stop();
      server = undefined;
      server = await startServer(nextEnv);
      return server;
    },
  };
  return suite;
}
