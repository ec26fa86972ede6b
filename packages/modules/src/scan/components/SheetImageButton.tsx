import { useEffect, useState } from 'react';
import { SCAN_IMAGE_URL } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { ImagePreview } from '@examkit/image-preview';
import { Button } from '@examkit/ui';
import { fetchImage } from '../../common/fetchImage';

/**
 * "查看图片": fetches a sheet's aligned page with the session's `token` header and shows it in
 * the previewer through an object URL (released when closed). A refusal shows its message.
 */
export function SheetImageButton({ sheetId, label }: { sheetId: number; label: string }) {
  const { http, storage, notifier } = useExamkit();
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
    try {
      const r = await fetchImage(`${SCAN_IMAGE_URL}?sheetId=${sheetId}`, storage, http);
      if (r.ok) setUrl(r.url);
      else notifier.message('error', r.message);
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
