/**
 * The headless layer of the assistant: no React, no DOM beyond `fetch`. A partner can drive
 * its own UI from the store.
 */
export { createChatTransport, AssistantError } from './createChatTransport';
export type { ChatTransport, ChatTransportOptions } from './createChatTransport';
export { createAssistantStore } from './createAssistantStore';
export type {
  AssistantActions,
  AssistantMessage,
  AssistantState,
  AssistantStore,
  AssistantStoreOptions,
} from './createAssistantStore';
export { parseMarkdown, parseInline } from './markdown';
export type { Block, Inline } from './markdown';
export { sentenceBoundary } from './sentences';
export {
  ASSISTANT_OFF_BRAND,
  HIDDEN_PATHS,
  contextModeOf,
  reportContextOf,
  shouldShowAssistant,
} from './visibility';
export type { VisibilityInput } from './visibility';
export { ASSISTANT_TEXTS } from './texts';
export type { AssistantTexts } from './texts';
