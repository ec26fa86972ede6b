import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { AssistantStore } from '../core/createAssistantStore';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { Composer } from '../parts/Composer';
import { SessionList } from '../parts/SessionList';
import { Suggestions } from '../parts/Suggestions';
import { Thread } from '../parts/Thread';
import { useAssistant } from '../parts/useAssistant';
import { Drawer } from './styles';

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

export interface AssistantDrawerProps {
  store: AssistantStore;
  /** Called on Esc and on 关闭; give focus back to what opened the drawer. */
  onClose: () => void;
  labels?: Partial<AssistantTexts> | undefined;
}

/** The chat drawer in mode history (the user's sessions) or session (a conversation); traps focus. */
export function AssistantDrawer({ store, onClose, labels }: AssistantDrawerProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const mode = useAssistant(store, (s) => s.mode);
  const session = useAssistant(store, (s) => s.session);
  const error = useAssistant(store, (s) => s.error);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const target =
      mode === 'session'
        ? root.querySelector<HTMLElement>('[data-part="composer"] textarea')
        : root.querySelector<HTMLElement>('[data-part="history"] button');
    (target ?? root.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, [mode, session?.sessionId]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <Drawer
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <header>
        <h2 id={titleId}>{mode === 'history' ? t.history : (session?.title ?? t.title)}</h2>
        {mode === 'session' ? (
          <button type="button" onClick={() => void store.getState().showHistory()}>
            {t.history}
          </button>
        ) : null}
        <button type="button" onClick={() => void store.getState().newSession()}>
          {t.newChat}
        </button>
        <button type="button" onClick={onClose}>
          {t.close}
        </button>
      </header>
      {error && (
        <p role="alert" data-part="error">
          {error}
        </p>
      )}
      {mode === 'history' ? (
        <div data-part="history">
          <SessionList store={store} labels={labels} />
        </div>
      ) : (
        <>
          <Suggestions store={store} labels={labels} />
          <Thread store={store} labels={labels} />
          <Composer store={store} labels={labels} />
        </>
      )}
    </Drawer>
  );
}
