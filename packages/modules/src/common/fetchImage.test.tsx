import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createAuthClient,
  createConsoleNotifier,
  createExamkitStore,
  createHttpClient,
  createStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchImage } from './fetchImage';
import { useDownload } from './useDownload';

afterEach(() => vi.restoreAllMocks());

// The partner portal's set-up: the API on another origin than the page.
const API = 'https://api.school.cn';

function session(baseURL = API) {
  const storage = createStorage('memory');
  storage.set('token', 'tok-1');
  storage.set('schoolId', 11);
  const notifier = createConsoleNotifier();
  vi.spyOn(notifier, 'message').mockImplementation(() => {});
  const http = createHttpClient({ baseURL, storage, notifier });
  return { storage, notifier, http };
}

describe('downloads from the API host (another origin than the page)', () => {
  it('fetchImage fetches the image from the API host with the token, answering an object URL', async () => {
    const { storage, http } = session();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }),
      );
    URL.createObjectURL = vi.fn(() => 'blob:img-1');
    const got = await fetchImage(
      '/marking-homework/homework/correct/image?submissionId=3',
      storage,
      http,
    );
    expect(got).toEqual({ ok: true, url: 'blob:img-1' });
    expect(fetchMock).toHaveBeenCalledWith(
      `${API}/marking-homework/homework/correct/image?submissionId=3`,
      { headers: { plantform: '1', token: 'tok-1' } },
    );
  });

  it('fetchImage without a base address keeps the page-relative path, and shows a refusal', async () => {
    const { storage, http } = session('');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 404, data: null, message: '提交不存在' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await fetchImage('/marking-homework/x', storage, http)).toEqual({
      ok: false,
      message: '提交不存在',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/marking-homework/x');
  });

  it('useDownload downloads from the client’s API host with token and school', async () => {
    const { storage, notifier, http } = session();
    const store = createExamkitStore(storage);
    const auth = createAuthClient({ http, storage, store });
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <ExamkitProvider value={{ http, auth, store, storage, notifier }}>{children}</ExamkitProvider>
    );
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } }),
      );
    URL.createObjectURL = vi.fn(() => 'blob:file-1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { result } = renderHook(() => useDownload(), { wrapper });
    let saved = false;
    await act(async () => {
      saved = await result.current('/marking-homework/homework/school-base/sheet', '答题卡.pdf', {
        id: 7,
      });
    });
    expect(saved).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      `${API}/marking-homework/homework/school-base/sheet?id=7`,
      { headers: { plantform: '1', token: 'tok-1', schoolId: '11' } },
    );
    expect(click).toHaveBeenCalledOnce();
  });
});
