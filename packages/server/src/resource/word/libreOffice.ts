import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Test helper: LibreOffice (Debian's `libreoffice-writer-nogui` and `libreoffice-math-nogui`)
 * turns a Flat ODT that a test writes into a .docx, so the import is tested on a document written
 * by another program than the project's exporter.
 */
const run = promisify(execFile);

/** The soffice command, or null when LibreOffice is not installed. */
export async function findSoffice(): Promise<string | null> {
  try {
    await run('soffice', ['--version'], { timeout: 60_000 });
    return 'soffice';
  } catch {
    return null;
  }
}

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:math="http://www.w3.org/1998/Math/MathML"',
].join(' ');

let frames = 0;

/** An inline formula object from MathML written with the `math:` prefix. */
export function formula(mathml: string): string {
  frames += 1;
  return `<draw:frame draw:name="F${frames}" text:anchor-type="as-char" svg:width="2cm" svg:height="0.8cm"><draw:object><math:math><math:semantics>${mathml}</math:semantics></math:math></draw:object></draw:frame>`;
}

/** An inline picture. */
export function picture(png: Uint8Array): string {
  frames += 1;
  return `<draw:frame draw:name="I${frames}" text:anchor-type="as-char" svg:width="2cm" svg:height="1cm"><draw:image><office:binary-data>${Buffer.from(png).toString('base64')}</office:binary-data></draw:image></draw:frame>`;
}

/** A table of plain-text cells. */
export function table(rows: string[][]): string {
  const columns = rows[0]?.length ?? 1;
  return `<table:table table:name="T${++frames}"><table:table-column table:number-columns-repeated="${columns}"/>${rows
    .map(
      (r) =>
        `<table:table-row>${r.map((c) => `<table:table-cell><text:p>${c}</text:p></table:table-cell>`).join('')}</table:table-row>`,
    )
    .join('')}</table:table>`;
}

/** Body items: a string is a paragraph (XML allowed inside), `{ raw }` is written as is. */
export type FodtItem = string | { raw: string };

/** A .docx made by LibreOffice from a Flat ODT of these paragraphs and tables. */
export async function docxFromLibreOffice(soffice: string, items: FodtItem[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'examkit-lo-'));
  try {
    const body = items
      .map((i) => (typeof i === 'string' ? `<text:p>${i}</text:p>` : i.raw))
      .join('\n');
    const fodt = `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text>${body}</office:text></office:body></office:document>`;
    await writeFile(join(dir, 'paper.fodt'), fodt);
    await run(
      soffice,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'docx',
        '--outdir',
        dir,
        join(dir, 'paper.fodt'),
      ],
      { timeout: 120_000 },
    );
    return await readFile(join(dir, 'paper.docx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
