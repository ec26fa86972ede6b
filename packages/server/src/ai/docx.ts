import { crc32, deflateRawSync } from 'node:zlib';
import { escapeXml } from '../core/xml';

/**
 * markdownToWork: a Markdown answer as a Word document. A .docx is a zip of XML parts; this
 * writes the few a reader needs (document, styles with real heading styles, numbering for
 * lists) with a small zip writer over node:zlib. Raw HTML in the Markdown is kept as text.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A zip archive (deflate), as Word and every unzip tool read it. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Inline Markdown (bold, italic, code) as runs. */
function runs(text: string): string {
  const out: string[] = [];
  // Formulas (`$…$`, `$$…$$`) stay as their LaTeX text: `*` or `**` inside one is maths.
  const pattern = /(\$\$[^$]+\$\$|\$[^$\n]+\$|\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(run(text.slice(last, match.index), ''));
    const token = match[0];
    if (token.startsWith('$')) out.push(run(token, ''));
    else if (token.startsWith('**')) out.push(run(token.slice(2, -2), '<w:b/>'));
    else if (token.startsWith('`'))
      out.push(run(token.slice(1, -1), '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/>'));
    else out.push(run(token.slice(1, -1), '<w:i/>'));
    last = match.index + token.length;
  }
  if (last < text.length) out.push(run(text.slice(last), ''));
  return out.join('');
}

const run = (text: string, props: string) =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;

const paragraph = (inner: string, props = '') =>
  `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${inner}</w:p>`;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

function table(rows: string[][]): string {
  const border =
    '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const body = rows
    .map(
      (row, r) =>
        `<w:tr>${row
          .map(
            (cell) =>
              `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${paragraph(
                r === 0 ? run(cell, '<w:b/>') : runs(cell),
              )}</w:tc>`,
          )
          .join('')}</w:tr>`,
    )
    .join('');
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${border}</w:tblBorders></w:tblPr>${body}</w:tbl>`;
}

/** The body XML of a Markdown text, and how many numbered lists it started. */
function body(markdown: string): { xml: string; orderedLists: number } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let orderedLists = 0;
  let inOrdered = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const ordered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!ordered) inOrdered = false;
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i] ?? ''); i++) code.push(lines[i] ?? '');
      for (const c of code)
        out.push(
          paragraph(
            run(c, '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/>'),
            '<w:pStyle w:val="Code"/>',
          ),
        );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(
        paragraph(runs(heading[2] ?? ''), `<w:pStyle w:val="Heading${heading[1]?.length ?? 1}"/>`),
      );
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line) && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1] ?? '')) {
      const rows = [cells(line)];
      for (i += 2; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i] ?? ''); i++)
        rows.push(cells(lines[i] ?? ''));
      i--;
      out.push(table(rows), paragraph(''));
      continue;
    }
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) {
      const level = Math.min(Math.floor((bullet[1]?.length ?? 0) / 2), 3);
      out.push(
        paragraph(
          runs(bullet[2] ?? ''),
          `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr>`,
        ),
      );
      continue;
    }
    if (ordered) {
      if (!inOrdered) {
        orderedLists++;
        inOrdered = true;
      }
      out.push(
        paragraph(
          runs(ordered[1] ?? ''),
          `<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="${orderedLists + 1}"/></w:numPr>`,
        ),
      );
      continue;
    }
    if (/^\s*$/.test(line)) continue;
    if (/^\s*(---|\*\*\*)\s*$/.test(line)) {
      out.push(paragraph('', '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1"/></w:pBdr>'));
      continue;
    }
    out.push(paragraph(runs(line.replace(/^>\s?/, ''))));
  }
  return { xml: out.join(''), orderedLists };
}

const NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function styles(): string {
  const sizes = [36, 32, 28, 26, 24, 24];
  const headings = sizes
    .map(
      (size, i) =>
        `<w:style w:type="paragraph" w:styleId="Heading${i + 1}"><w:name w:val="heading ${i + 1}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="${i}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${size}"/></w:rPr></w:style>`,
    )
    .join('');
  return `${XML}<w:styles ${NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="宋体"/><w:sz w:val="22"/><w:lang w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>${headings}<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:qFormat/><w:rPr><w:b/><w:sz w:val="40"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Code"><w:name w:val="Code"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="0"/><w:shd w:val="clear" w:fill="F2F2F2"/></w:pPr></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`;
}

function numbering(orderedLists: number): string {
  const levels = (format: string, text: (i: number) => string) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text(i)}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`,
      )
      .join('');
  const abstracts =
    `<w:abstractNum w:abstractNumId="0">${levels('bullet', (i) => (i % 2 ? '◦' : '•'))}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="1">${levels('decimal', (i) => `%${i + 1}.`)}</w:abstractNum>`;
  const nums = ['<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'];
  for (let n = 0; n < orderedLists; n++)
    nums.push(
      `<w:num w:numId="${n + 2}"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`,
    );
  return `${XML}<w:numbering ${NS}>${abstracts}${nums.join('')}</w:numbering>`;
}

/** A .docx of the Markdown, with the title as its first line when given. */
export function markdownToDocx(markdown: string, title?: string): Buffer {
  const { xml, orderedLists } = body(markdown);
  const head = title ? paragraph(run(title, ''), '<w:pStyle w:val="Title"/>') : '';
  const document = `${XML}<w:document ${NS}><w:body>${head}${xml}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const part = (name: string, text: string): ZipEntry => ({
    name,
    data: Buffer.from(text, 'utf8'),
  });
  return zip([
    part(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    part(
      'word/_rels/document.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
    ),
    part('word/document.xml', document),
    part('word/styles.xml', styles()),
    part('word/numbering.xml', numbering(orderedLists)),
  ]);
}
