import sharp from 'sharp';

const WIDTH = 760;
const FONT = 22;
const LINE = 36;
const MARGIN = 24;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Wraps text into lines that fit the width: CJK and full-width characters count 1 em, others ½. */
export function wrapLines(text: string, emPerLine = (WIDTH - 2 * MARGIN) / FONT): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    let width = 0;
    for (const ch of paragraph) {
      const w = ch.charCodeAt(0) <= 0xff ? 0.55 : 1;
      if (width + w > emPerLine) {
        lines.push(line);
        line = '';
        width = 0;
      }
      line += ch;
      width += w;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A student's typed free answer as a PNG for the marking screen, which shows every paper as an
 * image (scanned crops the same way): the text on ruled paper, 760 px wide, as long as it needs.
 * An empty answer reads 未作答.
 */
export async function renderAnswerImage(text: string): Promise<Buffer> {
  const lines = wrapLines(text.trim() === '' ? '（未作答）' : text.trim()).slice(0, 200);
  const height = MARGIN * 2 + lines.length * LINE;
  const rows = lines
    .map(
      (line, i) =>
        `<line x1="0" y1="${MARGIN + (i + 1) * LINE + 6}" x2="${WIDTH}" y2="${MARGIN + (i + 1) * LINE + 6}" stroke="#d7dde8" stroke-width="1"/>` +
        `<text x="${MARGIN}" y="${MARGIN + (i + 1) * LINE - 4}" font-family="Noto Sans CJK SC, sans-serif" font-size="${FONT}" fill="#1f2a5a" xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
