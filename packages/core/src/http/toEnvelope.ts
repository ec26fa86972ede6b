import type { ApiEnvelope } from '@examkit/contracts';
import type { AxiosResponse } from 'axios';

/**
 * The reply as an envelope with `message` and `msg` mirrored. A reply that is
 * not an envelope (a file download, a proxy's error page) is wrapped with the
 * HTTP status as its code, so 200 stays a success.
 */
export function toEnvelope({
  data,
  status,
  statusText,
}: Pick<AxiosResponse, 'data' | 'status' | 'statusText'>): ApiEnvelope {
  const envelope: Partial<ApiEnvelope> =
    typeof data?.code === 'number'
      ? data
      : { code: status, data, msg: status === 200 ? '' : statusText || `HTTP ${status}` };
  const text = envelope.message || envelope.msg || '';
  return { ...envelope, msg: envelope.msg || text, message: text } as ApiEnvelope;
}
