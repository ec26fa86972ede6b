import { useEffect, useRef } from 'react';

/** Where typed keys belong to the element itself: text fields and dialogs. */
const OWN_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]';
const SCORE_KEY = /^[\d.fFzZ]$/;

/**
 * The marking screen's keys wherever the focus is on the page (on the image after a click to
 * zoom or pan, on a button, on the page itself), text fields and dialogs aside. A score key
 * (a digit, `.`, `F`, `Z`) goes to `onScoreKey` before the focused element sees it, so the
 * image's own `0` (reset) does not take a typed 0; another key goes to `onShortcut` unless the
 * focused element used it, and its true answer prevents the browser's default. Keys with Ctrl,
 * Meta or Alt are left alone.
 */
export function useMarkingShortcuts(
  onShortcut: (key: string) => boolean,
  onScoreKey: (key: string) => void,
) {
  const handlers = useRef({ onShortcut, onScoreKey });
  handlers.current = { onShortcut, onScoreKey };
  useEffect(() => {
    const leftAlone = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return true;
      const target = event.target as HTMLElement | null;
      return target?.closest?.(OWN_KEYS) != null;
    };
    const onScore = (event: KeyboardEvent) => {
      if (!SCORE_KEY.test(event.key) || leftAlone(event)) return;
      event.preventDefault();
      handlers.current.onScoreKey(event.key);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || leftAlone(event)) return;
      if (handlers.current.onShortcut(event.key)) event.preventDefault();
    };
    document.addEventListener('keydown', onScore, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onScore, true);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
}
