import type { Notifier } from '../types';

/** A {@link Notifier} without UI: messages and alerts go to the console, the loading overlay is not shown. */
export function createConsoleNotifier(): Notifier {
  return {
    message: (type, text) => console.info(`[${type}]`, text),
    alert: (title, text) => console.warn(title, text),
    loading: { open() {}, close() {} },
  };
}
