import type { ReactNode } from 'react';

/** One figure of a list of tiles (a `<dl>`): its name over its value, kept together in a box. */
export function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
