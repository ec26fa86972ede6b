import { useSyncExternalStore } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { ProgressBarProps } from '../types';

const Track = styled.div<{ $speed: number; $done: boolean }>`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${(p) => themeOf(p).zIndex.progress};
  height: 2px;
  pointer-events: none;
  opacity: ${(p) => (p.$done ? 0 : 1)};
  transition: opacity ${(p) => p.$speed}ms linear;
`;

const Bar = styled.div<{ $speed: number }>`
  width: 100%;
  height: 100%;
  background: ${(p) => themeOf(p).colors.primary};
  transform-origin: left;
  transition: transform ${(p) => p.$speed}ms ease;
`;

/** The thin page progress bar at the top of the window, driven by a `createProgress()` controller. */
export function ProgressBar({ progress, label = '页面加载进度' }: ProgressBarProps) {
  const status = useSyncExternalStore(
    progress.subscribe,
    () => progress.status,
    () => progress.status,
  );
  if (status === null) return null;
  const speed = progress.options.speed;
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(status * 100)}
      $speed={speed}
      $done={status === 1}
    >
      <Bar $speed={speed} style={{ transform: `scaleX(${status})` }} />
    </Track>
  );
}
