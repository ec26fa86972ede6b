import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature V4 query signing (a presigned URL) for S3-compatible stores: the browser may do
 * exactly this request (method, key, signed headers) until it expires, and nothing else.
 */
export interface PresignInput {
  method: 'GET' | 'PUT';
  /** e.g. `https://bucket.s3.us-east-1.amazonaws.com` or `http://127.0.0.1:9000/bucket` (path style). */
  base: string;
  /** The object key, unencoded. */
  key: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresSeconds: number;
  now: Date;
  /** Headers the request must carry, signed besides `host` (lower-case names). */
  headers?: Record<string, string>;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** The presigned URL. */
export function presignUrl(input: PresignInput): string {
  const base = new URL(input.base);
  const path = `${base.pathname.replace(/\/$/, '')}/${input.key.split('/').map(encode).join('/')}`;
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const date = amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/s3/aws4_request`;
  const headers: Record<string, string> = { host: base.host, ...input.headers };
  const names = Object.keys(headers).sort();
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${input.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(input.expiresSeconds)],
    ['X-Amz-SignedHeaders', names.join(';')],
  ];
  const canonicalQuery = query
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    path,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]!.trim()}\n`).join(''),
    names.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `${base.origin}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
