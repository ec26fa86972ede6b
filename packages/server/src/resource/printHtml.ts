import temml from 'temml';
import { htmlToPdf } from '../report/exportFiles';
import { inlinesOf, paragraphsOf } from './word/richText';
import { IMAGE_TYPES } from './imageTypes';

/**
 * The bank's rich text as print HTML, for the PDFs of papers, 错题本 and 错题练习: formulas as
 * MathML (temml, as the pages render them), which headless Chromium typesets with the system's
 * math font; images embedded as data URLs (the print page loads nothing from outside). The PDF
 * is printed by the report exports' Chromium (`htmlToPdf`), A4 portrait.
 */

/** Reads an image address of rich text (`uploadedImageLoader`); null when it is not stored. */
export type ImageLoader = (url: string) => Promise<Uint8Array | null>;
/** Image addresses → data URLs, loaded once before the page is written. */
export type ImageMap = ReadonlyMap<string, string>;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** One formula as MathML; a formula temml cannot read prints as its source, marked. */
export function mathHtml(latex: string, display: boolean): string {
  try {
    return temml.renderToString(latex, { displayMode: display, throwOnError: true });
  } catch {
    return `<code class="tex">${escapeHtml(latex)}</code>`;
  }
}

/** Loads the images the texts show (each address once) as data URLs. */
export async function loadImages(
  texts: readonly string[],
  loadImage: ImageLoader | undefined,
): Promise<ImageMap> {
  const images = new Map<string, string>();
  if (!loadImage) return images;
  for (const text of texts)
    for (const paragraph of paragraphsOf(text))
      for (const piece of inlinesOf(paragraph)) {
        if (piece.kind !== 'image' || images.has(piece.url)) continue;
        const type = IMAGE_TYPES[piece.url.split('.').pop()?.toLowerCase() ?? ''];
        const bytes = type ? await loadImage(piece.url) : null;
        if (type && bytes)
          images.set(piece.url, `data:${type};base64,${Buffer.from(bytes).toString('base64')}`);
      }
  return images;
}

/** One paragraph's text, formulas and images as inline HTML. */
export function inlineHtml(paragraph: string, images: ImageMap = new Map()): string {
  return inlinesOf(paragraph)
    .map((piece) => {
      if (piece.kind === 'text') return escapeHtml(piece.text).replace(/\n/g, '<br>');
      if (piece.kind === 'math') return mathHtml(piece.latex, piece.display);
      const src = images.get(piece.url);
      return src
        ? `<img src="${src}" alt="${escapeHtml(piece.alt)}">`
        : `<span class="missing">［图片］</span>`;
    })
    .join('');
}

/**
 * Rich text as HTML: one element per paragraph (`tag`, a `<p>` by default); `lead` (HTML, such
 * as a question's number) opens the first paragraph, and stands alone for an empty text.
 */
export function richHtml(text: string, images: ImageMap = new Map(), tag = 'p', lead = ''): string {
  const paragraphs = paragraphsOf(text);
  if (!paragraphs.length) return lead ? `<${tag}>${lead}</${tag}>` : '';
  return paragraphs
    .map((p, i) => `<${tag}>${i === 0 ? lead : ''}${inlineHtml(p, images)}</${tag}>`)
    .join('');
}

/** A print page (A4 portrait, CJK and math fonts, no scripts) around a body. */
export function printPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
@page { size: A4; margin: 18mm 16mm; }
body { font-family: "Noto Serif CJK SC", "Noto Sans CJK SC", "Microsoft YaHei", serif; font-size: 10.5pt; line-height: 1.7; color: #000; }
math { font-family: "DejaVu Math TeX Gyre", "Latin Modern Math", "STIX Two Math", math; font-size: 1.05em; }
math[display="block"] { margin: 1mm 0; }
h1 { font-size: 18pt; text-align: center; margin: 0 0 2mm; } .sub { text-align: center; margin: 0 0 1mm; }
.info { text-align: center; margin-bottom: 5mm; } h2 { font-size: 12pt; margin: 5mm 0 2mm; }
.question { margin: 0 0 3mm; break-inside: avoid; } .options { display: flex; flex-wrap: wrap; gap: 0 8mm; padding-left: 2em; }
.child { padding-left: 1em; } .child .options { padding-left: 2em; } .answers, .part { break-before: page; }
img { max-width: 100%; max-height: 60mm; vertical-align: middle; } code.tex { font-family: monospace; }
.missing { color: #666; } p { margin: 0 0 1mm; }
</style></head><body>${body}</body></html>`;
}

/** Prints a page to an A4 portrait PDF with headless Chromium (503 when it is not installed). */
export const printPdf = (html: string, chromiumPath?: string | null) =>
  htmlToPdf(html, {
    landscape: false,
    ...(chromiumPath === undefined ? {} : { executablePath: chromiumPath }),
  });
