import { wrapText } from '@examkit/answer-sheet';
import sharp from 'sharp';
import { escapeXml } from '../core/xml';

const WIDTH = 760;
const FONT = 22;
const LINE = 36;
const MARGIN = 24;

/**
 * A student's typed free answer as a PNG for the marking screen, which shows every paper as an
 * image (scanned crops the same way): the text on ruled paper, 760 px wide, as long as it needs.
 * An empty answer reads 未作答.
 */
export async function renderAnswerImage(text: string): Promise<Buffer> {
  const source = text.trim() === '' ? '（未作答）' : text.trim().replace(/\r\n?/g, '\n');
  const lines = wrapText(source, WIDTH - 2 * MARGIN, FONT).slice(0, 200);
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
