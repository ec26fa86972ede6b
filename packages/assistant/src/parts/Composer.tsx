import { useId, useState, type KeyboardEvent } from 'react';
import type { AssistantStore } from '../core/createAssistantStore';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { useAssistant } from './useAssistant';

export interface ComposerProps {
  store: AssistantStore;
  labels?: Partial<AssistantTexts> | undefined;
  className?: string;
}

/** The question box: Enter sends, Shift+Enter starts a line; 停止生成 while an answer is written. */
export function Composer({ store, labels, className }: ComposerProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const [text, setText] = useState('');
  const id = useId();
  const busy = useAssistant(store, (s) => s.streamingId !== null || s.sending);
  const send = () => {
    const question = text.trim();
    if (!question || busy) return;
    setText('');
    void store.getState().ask(question);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form
      className={className}
      data-part="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} data-part="visually-hidden">
        {t.question}
      </label>
      <textarea
        id={id}
        value={text}
        rows={2}
        maxLength={4000}
        placeholder={t.placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" data-tone="danger" onClick={() => void store.getState().stop()}>
          {t.stop}
        </button>
      ) : (
        <button type="submit" disabled={!text.trim()}>
          {t.send}
        </button>
      )}
    </form>
  );
}
