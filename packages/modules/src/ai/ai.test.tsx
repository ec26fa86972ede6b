import { screen, waitFor } from '@testing-library/react';
import { permissionCatalogue } from '@examkit/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoUser, renderApp } from '../test/fixtures';
import { AssistantLauncher, aiPages } from './index';

const CODES = ['Home', 'Exam', 'AiCenter', 'AiCenter-Home'];

function stubChatServer(access: number) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const data = url.includes('isUserAiSession')
      ? access
      : url.includes('getAiStatus')
        ? {
            configured: false,
            schoolEnabled: true,
            permitted: true,
            model: null,
            dailyTokenQuota: 1,
            usedTokensToday: 0,
          }
        : null;
    return new Response(JSON.stringify({ code: 200, data, msg: '', message: '' }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

const user = () =>
  demoUser({
    perms: permissionCatalogue.filter((p) => CODES.includes(p.permCode)),
    allPerm: { '2026': { '1': CODES, '2': CODES } },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the AI module in the shell', () => {
  // The launcher and the AI centre load lazily; compiling them once here keeps that out of each
  // test's time.
  beforeAll(() => Promise.all([import('./AssistantOverlay'), import('./AiCenterPage')]), 60_000);

  it('shows the floating assistant on signed-in pages when the server says 1, and hides it on the AI centre', async () => {
    const urls = stubChatServer(1);
    const app = await renderApp({
      path: '/home/index',
      user: user(),
      pages: aiPages,
      overlay: <AssistantLauncher />,
    });
    expect(await screen.findByRole('button', { name: 'AI助手' })).toBeInTheDocument();
    expect(urls[0]).toContain('/chatgpt-server/isUserAiSession?schoolId=11');
    await app.router.navigate('/ai-center/home');
    expect(await screen.findByRole('status')).toHaveTextContent('AI 尚未配置');
    expect(screen.queryByRole('button', { name: 'AI助手' })).toBeNull();
    // The file's first render compiles the whole shell, slow on a busy machine.
  }, 20_000);

  it('stays hidden when the server says 0', async () => {
    const urls = stubChatServer(0);
    await renderApp({
      path: '/home/index',
      user: user(),
      pages: aiPages,
      overlay: <AssistantLauncher />,
    });
    await waitFor(() => expect(urls.length).toBe(1));
    expect(screen.queryByRole('button', { name: 'AI助手' })).toBeNull();
  });
});
