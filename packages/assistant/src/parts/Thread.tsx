import { useEffect, useRef, useState } from 'react';
import type { AssistantStore } from '../core/createAssistantStore';
import { sentenceBoundary } from '../core/sentences';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { Message } from './Message';
import { useAssistant } from './useAssistant';

export interface ThreadProps {
  store: AssistantStore;
  labels?: Partial<AssistantTexts> | undefined;
  className?: string;
}

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The conversation. The transcript itself is not announced token by token; a polite live region
 * beside it reads each answer one complete sentence at a time.
 */
export function Thread({ store, labels, className }: ThreadProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const messages = useAssistant(store, (s) => s.messages);
  const streamingId = useAssistant(store, (s) => s.streamingId);
  const sending = useAssistant(store, (s) => s.sending);
  const lookingUp = useAssistant(store, (s) => s.lookingUp);
  const [spoken, setSpoken] = useState('');
  const announced = useRef<{ id: number; upTo: number }>({ id: 0, upTo: 0 });
  const end = useRef<HTMLDivElement>(null);

  const last = messages.at(-1);
  useEffect(() => {
    if (!last || last.role !== 'assistant') return;
    const mark = announced.current;
    if (mark.id !== last.messageId) {
      announced.current = { id: last.messageId, upTo: 0 };
    }
    const from = announced.current.upTo;
    const upTo =
      last.status === 'streaming' ? sentenceBoundary(last.content, from) : last.content.length;
    if (upTo > from) {
      setSpoken(last.content.slice(from, upTo).trim());
      announced.current = { id: last.messageId, upTo };
    }
    if (last.status === 'stopped') setSpoken(t.stopped);
    if (last.status === 'error' && last.error) setSpoken(last.error);
  }, [last, t.stopped]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last?.content, messages.length]);

  return (
    <div className={className} data-part="thread">
      <div role="log" aria-live="off" aria-label={t.transcript} data-part="transcript" tabIndex={0}>
        {messages.map((message) => (
          <Message
            key={message.messageId}
            store={store}
            message={message}
            streaming={message.messageId === streamingId}
            labels={labels}
          />
        ))}
        {(sending || lookingUp) && (
          <p data-part="pending">{lookingUp ? t.lookingUp : t.thinking}</p>
        )}
        <div ref={end} />
      </div>
      <div aria-live="polite" aria-atomic="true" style={hidden} data-part="announcer">
        {spoken}
      </div>
    </div>
  );
}
