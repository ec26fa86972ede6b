import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { createAssistantStore, type AssistantStore } from '../core/createAssistantStore';
import type { ChatTransport } from '../core/createChatTransport';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { contextModeOf, reportContextOf, shouldShowAssistant } from '../core/visibility';
import { AssistantDrawer } from './AssistantDrawer';
import { Floating } from './styles';

/** Space kept free right and below when the button is first placed (spec 000 §9 drag directive). */
export const INITIAL_INSET = 300;
/** The greeting bubble hides after 5 s (spec 000 §4, §9). */
export const BUBBLE_MS = 5_000;
/** The idle animation runs about 5 s, then pauses 0.7 s (spec 000 §9). */
export const IDLE_MS = 5_000;
export const IDLE_PAUSE_MS = 700;
const DRAG_THRESHOLD = 4;
const KEY_STEP = 20;

export interface AssistantWidgetProps {
  transport: ChatTransport;
  /** A store of your own (to drive it from elsewhere); one is made from the transport otherwise. */
  store?: AssistantStore;
  /** The signed-in school: isUserAiSession is asked for it. */
  schoolId: number | string | null;
  /** The current path: decides visibility and the context mode. */
  pathname: string;
  /** The current query string (`?classId=…`): the report in view. */
  search?: string;
  /** The shell's brand variant; variant 1 never shows the assistant. */
  brandVariant?: number | string | null;
  labels?: Partial<AssistantTexts> | undefined;
  /** Where the button's position is remembered (localStorage). @default 'examkit-assistant-position' */
  storageKey?: string;
}

interface Position {
  left: number;
  top: number;
}

const clamp = (n: number, min: number, max: number) =>
  Math.max(min, Math.min(n, Math.max(min, max)));

function initialPosition(storageKey: string): Position {
  let saved: Partial<Position>;
  try {
    saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<Position>;
  } catch {
    saved = {};
  }
  const left = typeof saved.left === 'number' ? saved.left : window.innerWidth - 96;
  const top = typeof saved.top === 'number' ? saved.top : window.innerHeight - 200;
  return {
    left: clamp(left, 0, window.innerWidth - INITIAL_INSET),
    top: clamp(top, 0, window.innerHeight - INITIAL_INSET),
  };
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The floating AI assistant (spec 000 §2): a draggable button with a history entry, a
 * start-conversation entry and the greeting, opening the chat drawer. Shown only when
 * isUserAiSession answers 1, never on AI-centre, data-visualisation or homework correction
 * pages, never for brand variant 1.
 */
export function AssistantWidget({
  transport,
  store: given,
  schoolId,
  pathname,
  search = '',
  brandVariant,
  labels,
  storageKey = 'examkit-assistant-position',
}: AssistantWidgetProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const where = useRef({ pathname, search });
  where.current = { pathname, search };
  const [store] = useState(
    () =>
      given ??
      createAssistantStore({
        transport,
        getContext: () => ({
          mode: contextModeOf(where.current.pathname),
          context: reportContextOf(where.current.pathname, where.current.search),
        }),
      }),
  );
  const [access, setAccess] = useState<number | null>(null);
  useEffect(() => {
    if (schoolId === null || schoolId === '') return;
    let live = true;
    transport.aiAccess(schoolId).then(
      (answer) => live && setAccess(answer),
      () => live && setAccess(0),
    );
    return () => {
      live = false;
    };
  }, [transport, schoolId]);

  const visible = shouldShowAssistant({
    pathname,
    brandVariant: brandVariant ?? null,
    aiAccess: access,
  });
  if (!visible) return null;
  return <FloatingAssistant store={store} t={t} storageKey={storageKey} labels={labels} />;
}

function FloatingAssistant({
  store,
  t,
  storageKey,
  labels,
}: {
  store: AssistantStore;
  t: AssistantTexts;
  storageKey: string;
  labels: Partial<AssistantTexts> | undefined;
}) {
  const [position, setPosition] = useState<Position>(() => initialPosition(storageKey));
  const [bubble, setBubble] = useState(true);
  const [hover, setHover] = useState(false);
  const [idle, setIdle] = useState(false);
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(
    null,
  );
  const tipId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setBubble(false), BUBBLE_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    let timer: ReturnType<typeof setTimeout>;
    const run = (on: boolean) => {
      setIdle(on);
      timer = setTimeout(() => run(!on), on ? IDLE_MS : IDLE_PAUSE_MS);
    };
    run(true);
    return () => clearTimeout(timer);
  }, []);

  const save = useCallback(
    (next: Position) => {
      setPosition(next);
      try {
        localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Private mode: the position is simply not remembered.
      }
    },
    [storageKey],
  );

  const bounds = () => ({
    maxLeft: window.innerWidth - (root.current?.offsetWidth ?? 56),
    maxTop: window.innerHeight - (root.current?.offsetHeight ?? 56),
  });

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    drag.current = {
      x: e.clientX,
      y: e.clientY,
      left: position.left,
      top: position.top,
      moved: false,
    };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    const { maxLeft, maxTop } = bounds();
    setPosition({ left: clamp(d.left + dx, 0, maxLeft), top: clamp(d.top + dy, 0, maxTop) });
  };
  const onPointerUp = () => {
    const d = drag.current;
    if (d?.moved) save(position);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[e.key];
    if (!move || !e.altKey) return;
    e.preventDefault();
    const { maxLeft, maxTop } = bounds();
    save({
      left: clamp(position.left + move[0], 0, maxLeft),
      top: clamp(position.top + move[1], 0, maxTop),
    });
  };

  const openDrawer = async (mode: 'session' | 'history' | 'new') => {
    setOpen(true);
    setBubble(false);
    const state = store.getState();
    if (mode === 'history') await state.showHistory();
    else if (mode === 'new' || !state.session) await state.newSession();
    else store.setState({ mode: 'session' });
  };

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <>
      <Floating
        ref={root}
        data-idle={idle && !open ? 'on' : 'off'}
        style={{ left: position.left, top: position.top }}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
      >
        {(bubble || hover) && !open && (
          <div role="tooltip" id={tipId}>
            {t.greeting}
          </div>
        )}
        <button
          ref={launcher}
          type="button"
          data-part="launcher"
          aria-label={t.title}
          aria-describedby={(bubble || hover) && !open ? tipId : undefined}
          aria-haspopup="dialog"
          aria-expanded={open}
          title="Alt + 方向键可移动位置"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
          onFocus={() => setHover(true)}
          onBlur={() => setHover(false)}
          onClick={() => {
            if (drag.current?.moved) {
              drag.current = null;
              return;
            }
            drag.current = null;
            void openDrawer('session');
          }}
        >
          AI
        </button>
        <button type="button" data-part="entry" onClick={() => void openDrawer('history')}>
          {t.history}
        </button>
        <button type="button" data-part="entry" onClick={() => void openDrawer('new')}>
          {t.newChat}
        </button>
      </Floating>
      {open && <AssistantDrawer store={store} onClose={close} labels={labels} />}
    </>
  );
}
