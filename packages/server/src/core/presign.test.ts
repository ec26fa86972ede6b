import { describe, expect, it } from 'vitest';
import { presignUrl } from './presign';

describe('presignUrl', () => {
  it('matches the presigned GET example of the S3 documentation', () => {
    // Amazon S3 API reference, "Authenticating Requests: Using Query Parameters", example.
    const url = presignUrl({
      method: 'GET',
      base: 'https://examplebucket.s3.amazonaws.com',
      key: 'test.txt',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      expiresSeconds: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs the content type of a PUT so the browser cannot change it', () => {
    const input = {
      method: 'PUT' as const,
      base: 'http://127.0.0.1:9000/bank',
      key: 'direct/1/a b.docx',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      expiresSeconds: 300,
      now: new Date('2026-11-27T00:00:00Z'),
    };
    const png = presignUrl({ ...input, headers: { 'content-type': 'image/png' } });
    const jpg = presignUrl({ ...input, headers: { 'content-type': 'image/jpeg' } });
    expect(png).toContain('http://127.0.0.1:9000/bank/direct/1/a%20b.docx?');
    expect(png).toContain('X-Amz-SignedHeaders=content-type%3Bhost');
    expect(png.split('X-Amz-Signature=')[1]).not.toBe(jpg.split('X-Amz-Signature=')[1]);
  });
});
