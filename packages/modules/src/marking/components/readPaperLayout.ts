import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The marking screen: the crop on the left, the side panel on the right, under a header. */
export const Screen = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  grid-template-rows: auto minmax(0, 1fr);
  gap: 12px;
  height: calc(100vh - 24px);
  min-height: 480px;
  padding: 12px;
  box-sizing: border-box;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: ${(p) => themeOf(p).colors.background};
`;

/** The header row across the screen: title, status, 回评 and the way back. */
export const Header = styled.header`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 20px;
  h1 {
    margin: 0;
    font-size: 18px;
  }
  a {
    color: ${(p) => themeOf(p).colors.primaryHover};
  }
`;

/** The crop area with its tools. */
export const Stage = styled.section`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 0;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
`;

/** The tool row above the crop. */
export const StageTools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 6px 8px;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
`;

/** The previewer's box, filling the stage. */
export const View = styled.div`
  flex: 1;
  min-height: 0;
`;

/** The side panel: score entry, earlier marks, 回评 and the scoring guide. */
export const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-height: 0;
  overflow: auto;
  padding: 12px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  h2 {
    margin: 0;
    font-size: 15px;
  }
  details summary {
    cursor: pointer;
    font-weight: 600;
  }
  pre {
    margin: 6px 0 0;
    white-space: pre-wrap;
    font: inherit;
    line-height: 1.6;
  }
`;

/** A status line; `$warn` shows it in the danger colour. */
export const Status = styled.p<{ $warn?: boolean }>`
  margin: 0;
  color: ${(p) => (p.$warn ? themeOf(p).colors.danger : themeOf(p).colors.textSecondary)};
`;

/** The keyboard help line. */
export const Keys = styled.p`
  margin: 0;
  color: ${(p) => themeOf(p).colors.textSecondary};
  font-size: 12px;
  line-height: 2;
`;
