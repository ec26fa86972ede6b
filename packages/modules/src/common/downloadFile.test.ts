import { createConsoleNotifier, createStorage } from '@examkit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileNameOf } from './downloadFile';

afterEach(() => vi.restoreAllMocks());

describe('fileNameOf', () => {
  it.each([
    [
      `attachment; filename="exam.pdf"; filename*=UTF-8''%E6%95%B0%E5%AD%A6-%E7%AD%94%E9%A2%98%E5%8D%A1.pdf`,
      '数学-答题卡.pdf',
    ],
    ['attachment; filename="exam.pdf"', 'exam.pdf'],
    [null, '答题卡.pdf'],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header, '答题卡.pdf')).toBe(name);
  });
});

describe('downloadFile', () => {
  const setup = () => {
    const storage = createStorage('memory');
    storage.set('token', 'tok-1');
    const notifier = createConsoleNotifier();
    const message = vi.spyOn(notifier, 'message').mockImplementation(() => {});
    return { storage, notifier, message };
  };

  it('says "正在下载，请稍后~", sends the token and saves the file under its Chinese name', async () => {
    const { storage, notifier, message } = setup();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Blob(['%PDF-1.7']), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="a.pdf"; filename*=UTF-8''%E7%AD%94%E9%A2%98%E5%8D%A1.pdf`,
        },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('答题卡.pdf');
    });
    const saved = await downloadFile({
      url: '/marking-main/exam/sheet/pdf',
      params: { examSubjectId: 21, examNo: undefined },
      storage,
      notifier,
      fallbackName: 'x.pdf',
    });
    expect(saved).toBe(true);
    expect(message).toHaveBeenCalledWith('info', '正在下载，请稍后~');
    expect(fetchMock).toHaveBeenCalledWith('/marking-main/exam/sheet/pdf?examSubjectId=21', {
      headers: { plantform: '1', token: 'tok-1' },
    });
    expect(click).toHaveBeenCalledOnce();
  });

  it('shows the server message when the reply is the JSON envelope', async () => {
    const { storage, notifier, message } = setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ code: 404, data: null, msg: '考试科目不存在', message: '考试科目不存在' }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    expect(await downloadFile({ url: '/x', storage, notifier, fallbackName: 'x.pdf' })).toBe(false);
    expect(message).toHaveBeenLastCalledWith('error', '考试科目不存在');
  });
});
