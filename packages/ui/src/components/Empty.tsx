import { styled } from 'styled-components';
import { EMPTY_TEXT } from '../texts';
import { themeOf } from '../theme/theme';
import type { EmptyProps } from '../types';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: 40px 16px;
  color: ${(p) => themeOf(p).colors.textSecondary};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  text-align: center;
`;

/** The no-data placeholder, "暂无数据" by default. */
export function Empty({ text = EMPTY_TEXT, image, ...rest }: EmptyProps) {
  return (
    <Box {...rest}>
      {image}
      <p style={{ margin: 0 }}>{text}</p>
    </Box>
  );
}
