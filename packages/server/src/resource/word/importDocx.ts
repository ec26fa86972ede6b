import { contentToHtml, linesOf, readDocx, type StoreImage } from './readDocx';
import { splitQuestions, type SplitQuestion } from './splitQuestions';

/** A .docx paper read for the import's confirmation step: its HTML and its questions. */
export interface ImportedPaper {
  html: string;
  questions: SplitQuestion[];
}

/** Reads a .docx paper: sanitized HTML of the whole and the questions split from it. */
export async function importDocx(data: Uint8Array, storeImage: StoreImage): Promise<ImportedPaper> {
  const content = await readDocx(data, storeImage);
  return { html: contentToHtml(content), questions: splitQuestions(linesOf(content)) };
}
