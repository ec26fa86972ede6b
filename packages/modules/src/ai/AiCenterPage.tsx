import { AssistantChat } from '@examkit/assistant';
import { styled } from 'styled-components';
import { useChatTransport } from './useChatTransport';

const Page = styled.div`
  padding: 16px 0;
  h1 {
    font-size: 18px;
    margin: 0 0 12px;
  }
`;

/** /ai-center (home, index): the full-page chat of the AI centre (spec 001 §2). */
export function AiCenterPage() {
  const transport = useChatTransport();
  return (
    <Page>
      <h1>AI助手</h1>
      <AssistantChat transport={transport} />
    </Page>
  );
}
