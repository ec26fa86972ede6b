import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertFileKey, type FileStore } from './files';
import { presignUrl } from './presign';

/** Where an S3-compatible store lives (AWS S3, MinIO, Aliyun OSS, Tencent COS…). */
export interface S3Config {
  /** e.g. `http://127.0.0.1:9000`; unset for AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  /** @default 'us-east-1' */
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO needs it). @default false */
  forcePathStyle?: boolean | undefined;
  /** Put every key under this folder, e.g. `examkit/`. @default '' */
  prefix?: string | undefined;
}

/**
 * A {@link FileStore} in an S3-compatible bucket. A PUT replaces an object whole, so readers see
 * the old file or the new one, never a part (the FileStore contract).
 */
export function createS3FileStore(
  config: S3Config,
  client?: S3Client,
  now: () => Date = () => new Date(),
): FileStore {
  const s3 =
    client ??
    new S3Client({
      region: config.region || 'us-east-1',
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? false,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
    });
  const prefix = config.prefix ?? '';
  const keyOf = (key: string) => {
    assertFileKey(key);
    return prefix + key;
  };
  return {
    async put(key, data) {
      await s3.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: data }));
    },
    async get(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          presignPut(key: string, headers: Record<string, string>, expiresSeconds: number) {
            const at = now();
            const region = config.region || 'us-east-1';
            const base = config.endpoint
              ? config.forcePathStyle
                ? `${config.endpoint.replace(/\/$/, '')}/${config.bucket}`
                : config.endpoint.replace('://', `://${config.bucket}.`)
              : `https://${config.bucket}.s3.${region}.amazonaws.com`;
            const url = presignUrl({
              method: 'PUT',
              base,
              key: keyOf(key),
              region,
              accessKeyId: config.accessKeyId!,
              secretAccessKey: config.secretAccessKey!,
              expiresSeconds,
              now: at,
              headers,
            });
            return { url, expiresAt: at.getTime() + expiresSeconds * 1000 };
          },
        }
      : {}),
  };
}

/**
 * S3 settings from S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE (1/true), S3_PREFIX; undefined when S3_BUCKET is unset (local disk).
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX || undefined,
  };
}
