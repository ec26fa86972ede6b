import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export interface UnderConstructionPageProps {
  /** The page's Chinese title, from the route catalogue. */
  title: string;
}

const Box = styled.section`
  padding: 48px 0;
  text-align: center;
  color: ${(p) => themeOf(p).colors.textSecondary};
  h1 {
    margin: 0 0 12px;
    font-size: 20px;
    color: ${(p) => themeOf(p).colors.text};
  }
`;

/**
 * The honest placeholder of a route whose module is not built yet: it names
 * the page and says the function is under construction ("功能建设中").
 */
export function UnderConstructionPage({ title }: UnderConstructionPageProps) {
  return (
    <Box aria-labelledby="examkit-under-construction-title">
      <h1 id="examkit-under-construction-title">{title}</h1>
      <p>功能建设中</p>
      <p>该页面所属的功能模块尚未上线，敬请期待。</p>
    </Box>
  );
}
