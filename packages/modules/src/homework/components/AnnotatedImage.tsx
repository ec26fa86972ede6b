import { useState, type MouseEvent } from 'react';
import { styled } from 'styled-components';
import type { Annotation } from '@examkit/contracts';

const Frame = styled.div`
  position: relative;
  display: inline-block;
  max-width: 100%;
  img {
    display: block;
    max-width: 100%;
    border: 1px solid #d0d7de;
    cursor: crosshair;
  }
  svg {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
  }
`;

const RED = '#cf222e';

/** One annotation drawn in the image's box (0–100 on both axes). */
function Mark({ a, aspect }: { a: Annotation; aspect: number }) {
  const x = a.x * 100;
  const y = a.y * 100;
  const r = a.size * 100;
  const ry = r * aspect;
  switch (a.kind) {
    case 'tick':
      return (
        <polyline
          points={`${x - r},${y} ${x - r / 3},${y + ry} ${x + r},${y - ry}`}
          fill="none"
          stroke={RED}
          strokeWidth={0.8}
        />
      );
    case 'cross':
      return (
        <g stroke={RED} strokeWidth={0.8}>
          <line x1={x - r} y1={y - ry} x2={x + r} y2={y + ry} />
          <line x1={x - r} y1={y + ry} x2={x + r} y2={y - ry} />
        </g>
      );
    case 'circle':
      return <ellipse cx={x} cy={y} rx={r} ry={ry} fill="none" stroke={RED} strokeWidth={0.8} />;
    default:
      return (
        <text x={x} y={y} fill={RED} fontSize={4 * aspect} dominantBaseline="middle">
          {a.text}
        </text>
      );
  }
}

/**
 * A question's image with the teacher's marks drawn over it; a click reports where, as shares
 * of the image's width and height.
 */
export function AnnotatedImage({
  src,
  alt,
  annotations,
  onPlace,
}: {
  src: string;
  alt: string;
  annotations: readonly Annotation[];
  /** Where a click places a mark; without it the image only shows the marks (a report). */
  onPlace?(x: number, y: number): void;
}) {
  // Width / height of the image, so marks keep their shape in the stretched box.
  const [aspect, setAspect] = useState(1);
  const place = (event: MouseEvent<HTMLImageElement>) => {
    if (!onPlace) return;
    const box = event.currentTarget.getBoundingClientRect();
    onPlace(
      Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
    );
  };
  return (
    <Frame>
      <img
        src={src}
        alt={alt}
        onClick={place}
        onLoad={(e) =>
          setAspect(e.currentTarget.naturalWidth / (e.currentTarget.naturalHeight || 1))
        }
      />
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
        {annotations.map((a) => (
          <Mark key={a.id} a={a} aspect={aspect} />
        ))}
      </svg>
    </Frame>
  );
}
