export {
  ASSISTANT_OFF_BRAND,
  ASSISTANT_TEXTS,
  AssistantError,
  HIDDEN_PATHS,
  contextModeOf,
  createAssistantStore,
  createChatTransport,
  parseInline,
  parseMarkdown,
  reportContextOf,
  sentenceBoundary,
  shouldShowAssistant,
} from './core/index';
export { useAssistant } from './parts/useAssistant';
export { Markdown } from './parts/Markdown';
export { Formula } from './parts/Formula';
export { Thread } from './parts/Thread';
export { Message, saveFile } from './parts/Message';
export { Composer } from './parts/Composer';
export { Suggestions } from './parts/Suggestions';
export { SessionList } from './parts/SessionList';
export {
  AssistantWidget,
  BUBBLE_MS,
  IDLE_MS,
  IDLE_PAUSE_MS,
  INITIAL_INSET,
} from './widget/AssistantWidget';
export { AssistantDrawer } from './widget/AssistantDrawer';
export { AssistantChat, unavailableReason } from './widget/AssistantChat';
export type * from './types';
