import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The operator console's building blocks: a section card, a form row and a plain list. */
export const Card = styled.section`
  padding: 16px 20px;
  margin-bottom: 16px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.large};
`;

export const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > div {
    min-width: 180px;
  }
`;

export const Items = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 4px 0;
  }
`;
