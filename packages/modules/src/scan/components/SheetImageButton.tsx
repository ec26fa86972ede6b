import { useEffect, useState } from 'react';
import { SCAN_IMAGE_URL } from '@examkit/contracts';
import { STORAGE_KEYS } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { ImagePreview } from '@examkit/image-preview';
import { Button } from '@examkit/ui';
import { messageOf } from '../../utils/messageOf';

/**
 * "查看图片": fetches a sheet's aligned page with the session's `token` header and shows it in
 * the previewer through an object URL (released when closed). A refusal shows its message.
 */
export function SheetImageButton({ sheetId, label }: { sheetId: number; label: string }) {
  const { storage, notifier } = useExamkit();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  async function open() {
    setLoading(true);
    const headers: Record<string, string> = { plantform: '1' };
    const token = storage.get<string>(STORAGE_KEYS.token);
    if (token) headers.token = token;
    try {
      const res = await fetch(`${SCAN_IMAGE_URL}?sheetId=${sheetId}`, { headers });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || type.includes('application/json')) {
        const reply: unknown = await res.json().catch(() => null);
        notifier.message('error', messageOf(reply, '图片加载失败，请稍后重试'));
        return;
      }
      setUrl(URL.createObjectURL(await res.blob()));
    } catch {
      notifier.message('error', '网络异常，请稍后重试');
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <Button size="small" onClick={() => void open()} disabled={loading} aria-label={label}>
        {loading ? '加载中…' : '查看图片'}
      </Button>
      {url && <ImagePreview urls={[url]} visible onClose={() => setUrl(null)} />}
    </>
  );
}
