import { styled } from 'styled-components';

export interface WatermarkProps {
  /** The text repeated over the page, the user's name. */
  text: string;
}

/** Dictionary value of code 002005015 that turns the watermark on; any other value leaves it off. */
export const WATERMARK_ON = '1';

const Layer = styled.div<{ $image: string }>`
  position: fixed;
  inset: 0;
  pointer-events: none;
  z-index: 90;
  background-image: url('${(p) => p.$image}');
  background-repeat: repeat;
`;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * A faint, click-through watermark with the user's name repeated diagonally
 * over the page, so screenshots of reports can be traced to who took them.
 */
export function Watermark({ text }: WatermarkProps) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><text x="20" y="100" transform="rotate(-20 120 80)" font-size="16" fill="rgba(0,0,0,0.07)" font-family="sans-serif">${escapeXml(text)}</text></svg>`;
  return (
    <Layer
      aria-hidden="true"
      data-watermark={text}
      $image={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    />
  );
}
