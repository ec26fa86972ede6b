import { styled } from 'styled-components';
import { HOMEWORK_PAPER_URL, HOMEWORK_SHEET_URL, type HomeworkDetail } from '@examkit/contracts';
import { themeOf } from '@examkit/ui';
import { ErrorText, Note } from '../../common/styled';
import { useImageUrl } from '../../common/useImageUrl';

const Frame = styled.iframe`
  width: 100%;
  min-height: 75vh;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
`;
const Picture = styled.img`
  display: block;
  max-width: 100%;
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;

export interface PaperFileViewProps {
  homeworkId: number;
  /** `paper`: the uploaded paper (作业原卷); `sheet`: the answer sheet laid out from the questions. */
  file: 'paper' | 'sheet';
  /** How the uploaded paper is stored; the sheet is always a PDF. */
  paperKind: HomeworkDetail['paperKind'];
  /** The accessible name of the frame or picture. */
  title: string;
}

/**
 * A homework's PDF (or an image paper) shown in the page: fetched with the session's token (the
 * downloads need it, so no bare address in an iframe), shown from an object URL revoked on leave.
 */
export function PaperFileView({ homeworkId, file, paperKind, title }: PaperFileViewProps) {
  const base = file === 'sheet' ? HOMEWORK_SHEET_URL : HOMEWORK_PAPER_URL;
  const { url, error } = useImageUrl(`${base}?id=${homeworkId}`);

  if (error) return <ErrorText role="alert">{error}</ErrorText>;
  if (!url) return <Note role="status">正在加载文件…</Note>;
  return file === 'paper' && paperKind === 'image' ? (
    <Picture src={url} alt={title} />
  ) : (
    <Frame src={url} title={title} />
  );
}
