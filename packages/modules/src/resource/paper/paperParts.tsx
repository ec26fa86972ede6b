import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The parts of a paper as it prints on screen (paper detail, 组卷助手's plan). */

export const Head = styled.header`
  text-align: center;
  margin-bottom: 16px;
  h1 {
    margin: 0 0 4px;
  }
  p {
    margin: 0;
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
`;

export const Item = styled.li`
  display: grid;
  grid-template-columns: 80px 1fr auto;
  gap: 8px;
  padding: 10px 0;
  list-style: none;
  border-top: 1px dashed ${(p) => themeOf(p).colors.border};
`;

export const Items = styled.ol`
  margin: 0;
  padding: 0;
`;

export const GAP = '\u3000';
export const numeral = (i: number) => '一二三四五六七八九十'[i] ?? String(i + 1);
