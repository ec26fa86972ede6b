import type { AssistantStore } from '../core/createAssistantStore';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { useAssistant } from './useAssistant';

export interface SuggestionsProps {
  store: AssistantStore;
  labels?: Partial<AssistantTexts> | undefined;
  className?: string;
}

/** The first suggestions of a conversation, shown until the first question. */
export function Suggestions({ store, labels, className }: SuggestionsProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const suggestions = useAssistant(store, (s) => s.suggestions);
  const empty = useAssistant(store, (s) => s.messages.length === 0);
  if (!empty || suggestions.length === 0) return null;
  return (
    <section className={className} data-part="suggestions" aria-label={t.suggestions}>
      <h3>{t.suggestions}</h3>
      <ul>
        {suggestions.map((s) => (
          <li key={s}>
            <button type="button" onClick={() => void store.getState().ask(s)}>
              {s}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
