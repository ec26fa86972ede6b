import { Fragment } from 'react';
import { styled } from 'styled-components';
import { Formula } from './Formula';
import { parseRichText, type RichSegment } from './parseRich';

const Para = styled.p`
  margin: 0 0 6px;
  line-height: 1.7;
  img {
    max-width: 100%;
    vertical-align: middle;
  }
`;

function Segment({ s }: { s: RichSegment }) {
  if (s.kind === 'text') return <>{s.text}</>;
  if (s.kind === 'math') return <Formula latex={s.latex} display={s.display} />;
  return <img src={s.src} alt={s.alt || '题目图片'} loading="lazy" />;
}

/** A question's rich text (stem, option, answer, analysis) with its formulas and images. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((para, i) => (
        <Para key={i}>
          {para.map((s, k) => (
            <Fragment key={k}>
              <Segment s={s} />
            </Fragment>
          ))}
        </Para>
      ))}
    </>
  );
}
