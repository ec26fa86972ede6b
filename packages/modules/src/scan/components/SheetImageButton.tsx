import { useEffect, useState } from 'react';
import { SCAN_IMAGE_URL } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { ImagePreview } from '@examkit/image-preview';
import { Button } from '@examkit/ui';
import { useImageUrl } from '../../common/useImageUrl';

/**
 * "查看图片": fetches a sheet's aligned page with the session's `token` header and shows it in
 * the previewer through an object URL (released when closed). A refusal shows its message.
 */
export function SheetImageButton({ sheetId, label }: { sheetId: number; label: string }) {
  const { notifier } = useExamkit();
  const [open, setOpen] = useState(false);
  const { url, error } = useImageUrl(open ? `${SCAN_IMAGE_URL}?sheetId=${sheetId}` : null);
  const loading = open && !url && !error;

  useEffect(() => {
    if (!error) return;
    notifier.message('error', error);
    setOpen(false);
  }, [error, notifier]);

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} disabled={loading} aria-label={label}>
        {loading ? '加载中…' : '查看图片'}
      </Button>
      {url && <ImagePreview urls={[url]} visible onClose={() => setOpen(false)} />}
    </>
  );
}
