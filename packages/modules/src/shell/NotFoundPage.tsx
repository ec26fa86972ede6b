import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export interface NotFoundPageProps {
  /**
   * Where the link back goes.
   * @default '/home/index'
   */
  homePath?: string;
}

const Box = styled.main`
  min-height: 60vh;
  display: grid;
  place-content: center;
  gap: 12px;
  text-align: center;
  color: ${(p) => themeOf(p).colors.textSecondary};
  strong {
    font-size: 72px;
    line-height: 1;
    color: ${(p) => themeOf(p).colors.primary};
  }
  h1 {
    margin: 0;
    font-size: 20px;
    color: ${(p) => themeOf(p).colors.text};
  }
  a {
    color: ${(p) => themeOf(p).colors.primary};
  }
`;

/** The 404 page for a path outside the route catalogue. */
export function NotFoundPage({ homePath = '/home/index' }: NotFoundPageProps) {
  return (
    <Box>
      <strong aria-hidden="true">404</strong>
      <h1>页面不存在</h1>
      <p>您访问的页面不存在或已被移除。</p>
      <Link to={homePath}>返回首页</Link>
    </Box>
  );
}
