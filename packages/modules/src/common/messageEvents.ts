/** Fired on `window` when the user read messages, so the header's unread count refreshes at once. */
export const MESSAGES_CHANGED = 'examkit:messages-changed';

/** Tells the header that the unread count changed. */
export function announceMessagesChanged(): void {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}
