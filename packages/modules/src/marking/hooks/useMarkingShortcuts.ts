import { useEffect, useRef } from 'react';

/**
 * The marking screen's keys anywhere on the page (e.g. after a click on the image): a digit
 * or `.` calls `onDigit` (to focus score entry); another key goes to `onShortcut`, whose true
 * answer prevents the browser's default. Keys with Ctrl, Meta or Alt, and keys typed in a
 * field, dialog or region, are left alone.
 */
export function useMarkingShortcuts(onShortcut: (key: string) => boolean, onDigit: () => void) {
  const handlers = useRef({ onShortcut, onDigit });
  handlers.current = { onShortcut, onDigit };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="region"]')) return;
      if (/^[\d.]$/.test(event.key)) {
        handlers.current.onDigit();
        return;
      }
      if (handlers.current.onShortcut(event.key)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
