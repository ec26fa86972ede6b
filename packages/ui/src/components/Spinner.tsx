import { keyframes, styled } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** @internal A small spinning ring in the current text colour. */
export const Spinner = styled.span`
  display: inline-block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;
