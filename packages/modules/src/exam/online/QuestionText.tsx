import { styled } from 'styled-components';
import { Markdown } from '@examkit/assistant';

const Text = styled(Markdown)<{ $inline: boolean }>`
  display: ${(p) => (p.$inline ? 'inline-block' : 'block')};
  p {
    margin: ${(p) => (p.$inline ? '0' : '0 0 6px')};
  }
`;

/**
 * A question's text with its formulas: `$…$` typeset as MathML by the assistant's Markdown
 * (the typesetter loads only when a formula is there); any HTML stays text.
 */
export function QuestionText({ text, inline = false }: { text: string; inline?: boolean }) {
  return <Text text={text} $inline={inline} />;
}
