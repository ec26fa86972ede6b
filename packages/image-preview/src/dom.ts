// Page-level side effects of the modal, each returning its exact undo.

let locks = 0;
let saved: { overflow: string; paddingRight: string } | undefined;

/** Locks page scrolling (nested locks counted); keeps the layout still by padding for the scrollbar. */
export function lockScroll(): () => void {
  const { body, documentElement } = document;
  if (locks++ === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const bar = window.innerWidth - documentElement.clientWidth;
    if (bar > 0) body.style.paddingRight = `${bar}px`;
    body.style.overflow = 'hidden';
  }
  return () => {
    if (--locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = undefined;
    }
  };
}

/** Makes every sibling of `root` inert, and on undo removes `inert` only where it was not already set. */
export function inertSiblings(root: Element): () => void {
  const changed: Element[] = [];
  for (const el of Array.from(root.parentElement?.children ?? [])) {
    if (el !== root && !el.hasAttribute('inert')) {
      el.setAttribute('inert', '');
      changed.push(el);
    }
  }
  return () => changed.forEach((el) => el.removeAttribute('inert'));
}

const FOCUSABLE =
  'button:not([disabled]),[href],input:not([disabled]),select,textarea,video[controls],audio[controls],[tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside `container` (call from its keydown handler). */
export function trapTab(
  e: { shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
): void {
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return e.preventDefault();
  const active = document.activeElement;
  if (e.shiftKey ? active === first || active === container : active === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}
