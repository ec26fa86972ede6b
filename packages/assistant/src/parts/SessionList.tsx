import { useId, useState } from 'react';
import type { AssistantStore } from '../core/createAssistantStore';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { useAssistant } from './useAssistant';

export interface SessionListProps {
  store: AssistantStore;
  labels?: Partial<AssistantTexts> | undefined;
  className?: string;
}

/** The user's conversations: open, rename, delete. */
export function SessionList({ store, labels, className }: SessionListProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const sessions = useAssistant(store, (s) => s.sessions);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const inputId = useId();
  if (sessions.length === 0)
    return (
      <p className={className} data-part="empty">
        {t.emptyHistory}
      </p>
    );
  return (
    <ul className={className} data-part="sessions" aria-label={t.history}>
      {sessions.map((s) => (
        <li key={s.sessionId}>
          {renaming === s.sessionId ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setRenaming(null);
                if (title.trim()) void store.getState().rename(s.sessionId, title.trim());
              }}
            >
              <label htmlFor={inputId}>{t.sessionTitle}</label>
              <input
                id={inputId}
                value={title}
                maxLength={60}
                autoFocus
                onChange={(e) => setTitle(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    e.stopPropagation();
                    setRenaming(null);
                  }
                }}
              />
              <button type="submit">{t.save}</button>
              <button type="button" onClick={() => setRenaming(null)}>
                {t.cancel}
              </button>
            </form>
          ) : confirming === s.sessionId ? (
            <div role="group" aria-label={t.confirmDelete}>
              <span>{t.confirmDelete}</span>
              <button
                type="button"
                data-tone="danger"
                autoFocus
                onClick={() => {
                  setConfirming(null);
                  void store.getState().remove(s.sessionId);
                }}
              >
                {t.delete}
              </button>
              <button type="button" onClick={() => setConfirming(null)}>
                {t.cancel}
              </button>
            </div>
          ) : (
            <>
              <button
                type="button"
                data-part="session-open"
                onClick={() => void store.getState().openSession(s.sessionId)}
              >
                {s.title}
                <small>{new Date(s.updatedAt).toLocaleString('zh-CN', { hour12: false })}</small>
              </button>
              <button
                type="button"
                aria-label={`${t.rename}：${s.title}`}
                onClick={() => {
                  setTitle(s.title);
                  setRenaming(s.sessionId);
                }}
              >
                {t.rename}
              </button>
              <button
                type="button"
                aria-label={`${t.delete}：${s.title}`}
                onClick={() => setConfirming(s.sessionId)}
              >
                {t.delete}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
