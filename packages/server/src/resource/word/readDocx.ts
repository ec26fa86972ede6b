import { unzipSync, strFromU8 } from 'fflate';
import { badRequest } from '../../core/envelope';
import { createNumbering } from './numbering';
import { ommlToLatex } from './ommlToLatex';
import { child, childrenOf, find, parseXml, textOf, type XmlNode } from './xmlTree';
import { IMAGE_TYPES } from '../imageTypes';

/**
 * Reads a .docx into rich-text paragraphs (docs/resources.md "Word in and out"): runs as text,
 * Word equations as `$…$` LaTeX, pictures stored through `storeImage` as `![](url)`, and tables as
 * pipe rows (`| a | b |`, one line a row). The question splitter works on these lines.
 */
export interface DocxContent {
  /** One entry a paragraph or table, in document order. */
  blocks: DocxBlock[];
}

export type DocxBlock = { kind: 'paragraph'; text: string } | { kind: 'table'; rows: string[][] };

/** Stores a picture and answers the address pages show it under. */
export type StoreImage = (bytes: Uint8Array, contentType: string) => Promise<string>;

/** The files of a .docx, or a Chinese error when it is not one. */
function unzipDocx(data: Uint8Array): Record<string, Uint8Array> {
  try {
    const files = unzipSync(data);
    if (!files['word/document.xml']) throw new Error('no document.xml');
    return files;
  } catch {
    throw badRequest('文件不是有效的 Word 文档（.docx）');
  }
}

function relationships(files: Record<string, Uint8Array>): Map<string, string> {
  const rels = files['word/_rels/document.xml.rels'];
  const map = new Map<string, string>();
  if (!rels) return map;
  const root = parseXml(strFromU8(rels)).find((n) => n.tag === 'Relationships');
  for (const rel of childrenOf(root, 'Relationship')) {
    if (rel.attrs.Id && rel.attrs.Target) map.set(rel.attrs.Id, rel.attrs.Target);
  }
  return map;
}

const escapeText = (text: string) => text.replace(/\$/g, '\\$');

class Reader {
  constructor(
    private readonly files: Record<string, Uint8Array>,
    private readonly rels: Map<string, string>,
    private readonly storeImage: StoreImage,
    private readonly numbering: ReturnType<typeof createNumbering>,
  ) {}

  async blocks(container: XmlNode, out: DocxBlock[]): Promise<void> {
    for (const node of container.children) {
      if (node.tag === 'w:p') {
        const text = this.numbering.prefix(node) + (await this.paragraph(node));
        out.push({ kind: 'paragraph', text: text.trim() });
      } else if (node.tag === 'w:tbl') out.push({ kind: 'table', rows: await this.table(node) });
      else if (node.tag === 'w:sdt') await this.blocks(child(node, 'w:sdtContent') ?? node, out);
      else if (node.tag === 'm:oMathPara')
        out.push({ kind: 'paragraph', text: `$$${ommlToLatex(node)}$$` });
    }
  }

  private async table(tbl: XmlNode): Promise<string[][]> {
    const rows: string[][] = [];
    for (const tr of childrenOf(tbl, 'w:tr')) {
      const cells: string[] = [];
      for (const tc of childrenOf(tr, 'w:tc')) {
        const inner: DocxBlock[] = [];
        await this.blocks(tc, inner);
        cells.push(
          inner
            .map((b) =>
              b.kind === 'paragraph' ? b.text : b.rows.map((r) => r.join(' ')).join(' '),
            )
            .filter(Boolean)
            .join(' ')
            .replace(/\|/g, '｜'),
        );
      }
      rows.push(cells);
    }
    return rows;
  }

  async paragraph(p: XmlNode): Promise<string> {
    return (await this.inline(p)).replace(/[ \t\u00a0]+/g, ' ').trim();
  }

  private async inline(node: XmlNode): Promise<string> {
    let out = '';
    for (const c of node.children) {
      switch (c.tag) {
        case 'w:t':
          out += escapeText(textOf(c));
          break;
        case 'w:tab':
          out += ' ';
          break;
        case 'w:br':
        case 'w:cr':
          out += '\n';
          break;
        case 'w:sym': {
          const code = parseInt(c.attrs['w:char'] ?? '', 16);
          if (code >= 0xf000) out += String.fromCodePoint(code - 0xf000);
          else if (code) out += String.fromCodePoint(code);
          break;
        }
        case 'm:oMath': {
          const latex = ommlToLatex(c);
          if (latex) out += `$${latex}$`;
          break;
        }
        case 'm:oMathPara': {
          const latex = childrenOf(c, 'm:oMath').map(ommlToLatex).join('\\\\');
          if (latex) out += `$$${latex}$$`;
          break;
        }
        case 'w:drawing':
        case 'w:pict':
        case 'w:object':
          out += await this.picture(c);
          break;
        case 'mc:AlternateContent': {
          const choice = child(c, 'mc:Choice');
          out += await this.inline(
            (choice && find(choice, 'a:blip') ? choice : child(c, 'mc:Fallback')) ?? c,
          );
          break;
        }
        case 'w:rPr':
        case 'w:pPr':
        case 'w:instrText':
        case 'w:delText':
        case 'w:del':
          break;
        default:
          if (!c.tag.startsWith('#')) out += await this.inline(c);
      }
    }
    return out;
  }

  private async picture(node: XmlNode): Promise<string> {
    const blip = find(node, 'a:blip');
    const id = blip?.attrs['r:embed'] ?? find(node, 'v:imagedata')?.attrs['r:id'];
    const target = id ? this.rels.get(id) : undefined;
    if (!target) return '';
    const path = target.startsWith('/') ? target.slice(1) : `word/${target}`;
    const bytes = this.files[path.replace(/\/\.\//g, '/')];
    const ext = path.split('.').pop()?.toLowerCase() ?? '';
    const type = IMAGE_TYPES[ext];
    if (!bytes) return '';
    if (!type) return `［图片（${ext.toUpperCase()}）无法显示］`;
    const url = await this.storeImage(bytes, type);
    return `![](${url})`;
  }
}

/** Parses a .docx; pictures go through `storeImage`. Bad files get a Chinese error. */
export async function readDocx(data: Uint8Array, storeImage: StoreImage): Promise<DocxContent> {
  const files = unzipDocx(data);
  const doc = parseXml(strFromU8(files['word/document.xml']!));
  const root = doc.find((n) => n.tag === 'w:document');
  const body = root && child(root, 'w:body');
  if (!body) throw badRequest('文件不是有效的 Word 文档（.docx）');
  const blocks: DocxBlock[] = [];
  const numberingXml = files['word/numbering.xml'];
  const numbering = createNumbering(numberingXml ? strFromU8(numberingXml) : undefined);
  await new Reader(files, relationships(files), storeImage, numbering).blocks(body, blocks);
  return { blocks };
}

/** The lines the question splitter reads: paragraphs (split at line breaks) and table rows. */
export function linesOf(content: DocxContent): string[] {
  const lines: string[] = [];
  for (const block of content.blocks) {
    if (block.kind === 'paragraph') lines.push(...block.text.split('\n').map((l) => l.trim()));
    else lines.push(block.rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
  }
  return lines.filter(Boolean);
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Rich text of one paragraph → safe HTML: everything escaped, only our own image addresses. */
function inlineHtml(text: string): string {
  return esc(text).replace(
    /!\[\]\((\/marking-oss\/file\/[A-Za-z0-9._-]+)\)/g,
    '<img src="$1" alt="图片">',
  );
}

/**
 * A .docx as sanitized HTML (word2html): built from the parsed content, never from the file's
 * own markup, so no script, style or link can come through. Formulas stay as `$…$` text.
 */
export function contentToHtml(content: DocxContent): string {
  return content.blocks
    .map((block) =>
      block.kind === 'paragraph'
        ? block.text
          ? `<p>${block.text.split('\n').map(inlineHtml).join('<br>')}</p>`
          : ''
        : `<table>${block.rows
            .map((r) => `<tr>${r.map((c) => `<td>${inlineHtml(c)}</td>`).join('')}</tr>`)
            .join('')}</table>`,
    )
    .filter(Boolean)
    .join('\n');
}
