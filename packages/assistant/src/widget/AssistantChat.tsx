import type { AiFixedSessionType, AiStatus } from '@examkit/contracts';
import { useEffect, useState } from 'react';
import { createAssistantStore, type AssistantStore } from '../core/createAssistantStore';
import type { ChatTransport } from '../core/createChatTransport';
import { ASSISTANT_TEXTS, type AssistantTexts } from '../core/texts';
import { Composer } from '../parts/Composer';
import { SessionList } from '../parts/SessionList';
import { Suggestions } from '../parts/Suggestions';
import { Thread } from '../parts/Thread';
import { useAssistant } from '../parts/useAssistant';
import { ChatPage } from './styles';

export interface AssistantChatProps {
  transport: ChatTransport;
  /** A store of your own; one of kind `center` is made otherwise. */
  store?: AssistantStore;
  labels?: Partial<AssistantTexts> | undefined;
  className?: string;
}

/** Why the AI centre cannot answer, and what an administrator does about it. */
export function unavailableReason(status: AiStatus): string | null {
  if (!status.configured)
    return 'AI 尚未配置：请系统管理员在服务器环境中设置 AI_BASE_URL（模型服务地址，如 https://api.openai.com/v1 或本地 Ollama 的 http://127.0.0.1:11434/v1）、AI_MODEL（模型名称）和 AI_API_KEY（本地模型可不填），然后重启服务。';
  if (!status.schoolEnabled) return '本校尚未开通 AI 助手：请学校管理员在系统设置中开通。';
  if (!status.permitted) return '您没有使用 AI 助手的权限（AiCenter），请联系学校管理员分配。';
  return null;
}

/** The AI centre's full-page chat: sessions, the fixed session types and a conversation. */
export function AssistantChat({ transport, store: given, labels, className }: AssistantChatProps) {
  const t = { ...ASSISTANT_TEXTS, ...labels };
  const [store] = useState(() => given ?? createAssistantStore({ transport, kind: 'center' }));
  const [status, setStatus] = useState<AiStatus | null>(null);
  const [types, setTypes] = useState<AiFixedSessionType[]>([]);
  const session = useAssistant(store, (s) => s.session);
  const error = useAssistant(store, (s) => s.error);

  useEffect(() => {
    let live = true;
    transport.status().then(
      (s) => {
        if (!live) return;
        setStatus(s);
        if (unavailableReason(s)) return;
        void store.getState().showHistory();
        transport.fixedTypes().then(
          (list) => live && setTypes(list),
          () => undefined,
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [transport, store]);

  if (!status) return null;
  const reason = unavailableReason(status);
  if (reason)
    return (
      <ChatPage className={className}>
        <section data-part="notice" role="status">
          <h2>{t.title}</h2>
          <p>{reason}</p>
        </section>
      </ChatPage>
    );

  return (
    <ChatPage className={className}>
      <aside aria-label={t.history}>
        <button
          type="button"
          data-tone="primary"
          onClick={() => void store.getState().newSession()}
        >
          {t.newChat}
        </button>
        <h2>常用场景</h2>
        <ul data-part="types">
          {types.map((type) => (
            <li key={type.sessionType}>
              <button
                type="button"
                onClick={() => void store.getState().newSession({ sessionType: type.sessionType })}
              >
                {type.name}
                <small>{type.description}</small>
              </button>
            </li>
          ))}
        </ul>
        <h2>{t.history}</h2>
        <SessionList store={store} labels={labels} />
      </aside>
      <section data-part="conversation" aria-label={session?.title ?? t.title}>
        {error && (
          <p role="alert" data-part="error">
            {error}
          </p>
        )}
        {session ? (
          <>
            <Suggestions store={store} labels={labels} />
            <Thread store={store} labels={labels} />
            <Composer store={store} labels={labels} />
          </>
        ) : (
          <div data-part="notice">
            <p>{t.greeting}</p>
          </div>
        )}
      </section>
    </ChatPage>
  );
}
