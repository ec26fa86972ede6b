import { LOADING_TEXT } from '../texts';
import type { MessageType, NotifierState, UiAlert, UiNotifier, UiNotifierOptions } from '../types';

/**
 * Creates the visual `Notifier` of spec 000 §4 and §8: toast messages that
 * close after 3 s, alerts confirmed with 确定, and the counted loading
 * overlay. Render it with `<MessageHost notifier={…} />`; pass the same
 * object to `createHttpClient({ notifier })`.
 */
export function createUiNotifier(options: UiNotifierOptions = {}): UiNotifier {
  const { duration = 3000, loadingText = LOADING_TEXT } = options;
  let state: NotifierState = { messages: [], alerts: [], loadingCount: 0, loadingText };
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const confirmations = new Map<number, () => void>();

  const update = (next: Partial<NotifierState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    if (state.messages.some((m) => m.id === id))
      update({ messages: state.messages.filter((m) => m.id !== id) });
  };

  return {
    message(type: MessageType, text: string) {
      const id = nextId++;
      update({ messages: [...state.messages, { id, type, text }] });
      timers.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    alert(title: string, text: string) {
      const alert: UiAlert = { id: nextId++, title, text };
      update({ alerts: [...state.alerts, alert] });
      return new Promise<void>((resolve) => confirmations.set(alert.id, resolve));
    },
    confirm() {
      const [shown, ...rest] = state.alerts;
      if (!shown) return;
      update({ alerts: rest });
      confirmations.get(shown.id)?.();
      confirmations.delete(shown.id);
    },
    dismiss,
    loading: {
      open(text: string) {
        update({ loadingCount: state.loadingCount + 1, loadingText: text || loadingText });
      },
      close() {
        const loadingCount = Math.max(0, state.loadingCount - 1);
        update(loadingCount === 0 ? { loadingCount, loadingText } : { loadingCount });
      },
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
