import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { pageFrame } from '../../common/styled';

export {
  Actions,
  CheckGroup,
  ErrorText,
  FilePick,
  Note,
  Spacer,
  Table,
  Toolbar,
} from '../../common/styled';

/** The frame of a system page: title row, then content; links in the primary blue. */
export const PageBox = styled.section`
  ${pageFrame}
  a {
    color: ${(p) => themeOf(p).colors.primary};
  }
`;

export const FormBox = styled.form`
  max-width: 480px;
`;

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(320px, 1fr) minmax(360px, 1.2fr);
  gap: 24px;
  align-items: start;
`;
