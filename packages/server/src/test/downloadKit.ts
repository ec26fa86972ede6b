import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOAD_FILE_URL, downloadRoutes, type UserInfo } from '@examkit/contracts';
import type { TestServer } from './fixtures';
import { call } from './fixtures';

type Caller = Pick<UserInfo, 'token' | 'schoolId'>;

/**
 * Waits for a download-centre job of `user` to end, as the download centre's page polls it, and
 * answers its file; a failed job throws with its message.
 */
export async function jobFile(
  server: TestServer,
  user: Caller,
  jobId: number,
): Promise<{ fileName: string | null; contentType: string; body: Buffer }> {
  let job = { state: '', message: null as string | null, fileName: null as string | null };
  for (let i = 0; i < 600 && job.state !== 'done' && job.state !== 'failed'; i++) {
    const answer = await call<typeof job>(server.app, downloadRoutes.downloadStatus, {
      token: user.token,
      schoolId: user.schoolId,
      body: { jobId },
    });
    job = answer.body.data;
    if (job.state !== 'done') await new Promise((r) => setTimeout(r, 50));
  }
  if (job.state !== 'done') throw new Error(`job ${jobId} ${job.state}: ${job.message ?? ''}`);
  const file = await server.app.inject({
    method: 'GET',
    url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
    headers: { token: user.token, plantform: '1' },
  });
  return {
    fileName: job.fileName,
    contentType: String(file.headers['content-type'] ?? ''),
    body: file.rawPayload,
  };
}

/** A PDF's text as `pdftotext -layout` reads it (poppler-utils). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'examkit-pdf-'));
  try {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, pdf);
    execFileSync('pdftotext', ['-layout', path, `${path}.txt`]);
    return readFileSync(`${path}.txt`, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
