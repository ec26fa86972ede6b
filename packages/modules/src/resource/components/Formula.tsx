import { useEffect, useState } from 'react';
import { styled } from 'styled-components';

/** What the page needs of temml. */
interface Renderer {
  renderToString(latex: string, options: { displayMode: boolean; throwOnError: boolean }): string;
}
let loading: Promise<Renderer> | null = null;
/** temml is loaded with the first formula on screen, never with a page that shows none. */
const loadTemml = () => (loading ??= import('temml').then((m): Renderer => m.default));

const Source = styled.span`
  font-family: monospace;
  white-space: pre-wrap;
`;

/**
 * One LaTeX formula rendered as MathML (temml), which the browser lays out itself: no fonts or
 * global CSS. Until the renderer is loaded, and for a formula it cannot read, the source shows.
 */
export function Formula({ latex, display = false }: { latex: string; display?: boolean }) {
  const [markup, setMarkup] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void loadTemml().then((temml) => {
      if (!alive) return;
      try {
        setMarkup(temml.renderToString(latex, { displayMode: display, throwOnError: true }));
      } catch {
        setMarkup(null);
      }
    });
    return () => {
      alive = false;
    };
  }, [latex, display]);
  if (markup === null)
    return (
      <Source role="math" aria-label={`公式 ${latex}`}>
        {latex}
      </Source>
    );
  // temml escapes the LaTeX it reads; its MathML is safe to insert.
  return display ? (
    <div dangerouslySetInnerHTML={{ __html: markup }} />
  ) : (
    <span dangerouslySetInnerHTML={{ __html: markup }} />
  );
}
