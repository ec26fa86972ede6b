import { useId, useState } from 'react';
import type { AssistantMessage, AssistantStore } from '../core/createAssistantStore';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { Markdown } from './Markdown';
import { useAssistant } from './useAssistant';

export interface MessageProps {
  store: AssistantStore;
  message: AssistantMessage;
  streaming: boolean;
  labels?: Partial<AssistantTexts> | undefined;
}

/** Saves a blob under a name through a temporary link. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** One question or answer, with its actions: copy, retry, 导出Word; edit and resend a question. */
export function Message({ store, message, streaming, labels }: MessageProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const busy = useAssistant(store, (s) => s.streamingId !== null || s.sending);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const [copied, setCopied] = useState(false);
  const editId = useId();
  const mine = message.role === 'user';

  const copy = async () => {
    await navigator.clipboard?.writeText(message.content);
    setCopied(true);
    setTimeout(() => setCopied(false), 1_500);
  };
  const exportWord = async () => {
    try {
      const file = await store.getState().exportWord(message.messageId);
      saveFile(file.fileName, file.blob);
    } catch {
      // The transport already showed why.
    }
  };

  return (
    <article
      data-part="message"
      data-role={message.role}
      data-status={message.status}
      aria-busy={streaming || undefined}
    >
      <h3 data-part="speaker">{mine ? '我' : t.title}</h3>
      {editing ? (
        <form
          data-part="edit"
          onSubmit={(e) => {
            e.preventDefault();
            setEditing(false);
            void store.getState().edit(message.messageId, draft);
          }}
        >
          <label htmlFor={editId}>{t.question}</label>
          <textarea id={editId} value={draft} onChange={(e) => setDraft(e.target.value)} rows={3} />
          <button type="submit" disabled={!draft.trim()}>
            {t.resend}
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            {t.cancel}
          </button>
        </form>
      ) : mine ? (
        <p data-part="question">{message.content}</p>
      ) : (
        <Markdown text={message.content} />
      )}
      {message.status === 'stopped' && <p data-part="note">{t.stopped}</p>}
      {message.status === 'error' && message.error && (
        <p data-part="note" data-tone="danger" role="alert">
          {message.error}
        </p>
      )}
      {!streaming && !editing && message.messageId > 0 && (
        <div data-part="actions" role="group" aria-label={mine ? t.question : t.title}>
          {mine ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setDraft(message.content);
                setEditing(true);
              }}
            >
              {t.edit}
            </button>
          ) : (
            <>
              <button type="button" onClick={() => void copy()} disabled={!message.content}>
                {copied ? t.copied : t.copy}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void store.getState().retry(message.messageId)}
              >
                {t.retry}
              </button>
              <button type="button" disabled={!message.content} onClick={() => void exportWord()}>
                {t.exportWord}
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
