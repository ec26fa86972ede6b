import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importDocx } from './importDocx';
import { readDocx } from './readDocx';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A minimal .docx of these body paragraphs (and numbering definitions). */
function docx(body: string, numbering?: string): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'word/document.xml': strToU8(`<w:document ${W}><w:body>${body}</w:body></w:document>`),
  };
  if (numbering)
    files['word/numbering.xml'] = strToU8(`<w:numbering ${W}>${numbering}</w:numbering>`);
  return zipSync(files);
}

const p = (text: string, num?: [number, number]) =>
  `<w:p>${num ? `<w:pPr><w:numPr><w:ilvl w:val="${num[1]}"/><w:numId w:val="${num[0]}"/></w:numPr></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

const lvl = (ilvl: number, format: string, text: string) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;

const noStore = async () => '/marking-oss/file/x.png';

describe('readDocx', () => {
  it('writes Word’s automatic numbers in front of the paragraphs', async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0">${lvl(0, 'chineseCounting', '%1、')}</w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="1">${lvl(0, 'decimal', '%1.')}${lvl(1, 'decimal', '（%2）')}</w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
      `<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>`;
    const paper = await importDocx(
      docx(
        [
          p('选择题', [1, 0]),
          p('下列是质数的是', [2, 0]),
          p('A. 4 B. 5'),
          p('【答案】B'),
          p('解答题', [1, 0]),
          p('计算', [2, 0]),
          p('1+1', [2, 1]),
          p('2+2', [2, 1]),
        ].join(''),
        numbering,
      ),
      noStore,
    );
    expect(paper.questions.map((q) => [q.section, q.number, q.type])).toEqual([
      ['一、选择题', 1, 'single'],
      ['二、解答题', 2, 'answer'],
    ]);
    expect(paper.questions[1]!.stem).toBe('计算\n\n（1）1+1\n\n（2）2+2');
  });

  it('refuses a file that is not a Word document, in Chinese', async () => {
    await expect(readDocx(strToU8('not a zip'), noStore)).rejects.toThrow(
      '文件不是有效的 Word 文档（.docx）',
    );
    await expect(readDocx(zipSync({ 'a.txt': strToU8('x') }), noStore)).rejects.toThrow(
      '文件不是有效的 Word 文档（.docx）',
    );
  });
});
