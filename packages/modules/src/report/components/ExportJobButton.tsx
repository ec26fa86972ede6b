import { reportRoutes, type BodyOf } from '@examkit/contracts';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useApiCall } from '../../common/useApiCall';

export interface ExportJobButtonProps {
  /** The button's text, e.g. 导出全部成绩单PDF. */
  label: string;
  /** What to export: the page, the format and the page's keys. */
  body: BodyOf<typeof reportRoutes.exportJobStart>;
  /** Save the file as soon as it is ready (a single page's export). @default false */
  saveWhenDone?: boolean;
  /** How often the page asks for progress, in ms. @default 1000 */
  pollMs?: number;
}

/** A report export run as a download-centre job (docs/downloads.md). */
export function ExportJobButton({ label, body, saveWhenDone, pollMs }: ExportJobButtonProps) {
  const call = useApiCall();
  return (
    <DownloadJobButton
      label={label}
      start={() => call(reportRoutes.exportJobStart, body)}
      {...(saveWhenDone !== undefined && { saveWhenDone })}
      {...(pollMs !== undefined && { pollMs })}
    />
  );
}
