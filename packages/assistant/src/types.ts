export type {
  AssistantActions,
  AssistantMessage,
  AssistantState,
  AssistantStore,
  AssistantStoreOptions,
  AssistantTexts,
  Block,
  ChatTransport,
  ChatTransportOptions,
  Inline,
  VisibilityInput,
} from './core/index';
export type { MarkdownProps } from './parts/Markdown';
export type { ThreadProps } from './parts/Thread';
export type { MessageProps } from './parts/Message';
export type { ComposerProps } from './parts/Composer';
export type { SuggestionsProps } from './parts/Suggestions';
export type { SessionListProps } from './parts/SessionList';
export type { AssistantWidgetProps } from './widget/AssistantWidget';
export type { AssistantDrawerProps } from './widget/AssistantDrawer';
export type { AssistantChatProps } from './widget/AssistantChat';
