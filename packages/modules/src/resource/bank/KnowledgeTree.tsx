import type { ReactNode } from 'react';
import type { KnowledgeNode } from '@examkit/contracts';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { childrenOf } from './useBankChoices';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding-left: 14px;
  &[data-root] {
    padding-left: 0;
  }
`;
const Item = styled.li`
  margin: 2px 0;
`;
const NodeButton = styled.button`
  border: 0;
  background: none;
  padding: 2px 6px;
  border-radius: 4px;
  cursor: pointer;
  font: inherit;
  color: ${(p) => themeOf(p).colors.text};
  text-align: left;
  &[aria-pressed='true'] {
    background: ${(p) => themeOf(p).colors.primaryHover};
    color: #fff;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.primaryHover};
  }
`;

export interface KnowledgeTreeProps {
  nodes: readonly KnowledgeNode[];
  /** The chosen node (null: all). */
  selected: number | null;
  onSelect(id: number | null): void;
  /** Extra controls after a node (knowledge-edit's buttons). */
  actions?: (node: KnowledgeNode) => ReactNode;
  /** The label of the “all” entry; none when omitted. */
  allLabel?: string;
}

/** A knowledge tree as nested lists of buttons: Tab moves through them, Enter chooses one. */
export function KnowledgeTree({
  nodes,
  selected,
  onSelect,
  actions,
  allLabel,
}: KnowledgeTreeProps) {
  const kids = childrenOf(nodes);
  const render = (parent: number | null): ReactNode =>
    (kids.get(parent) ?? []).map((n) => (
      <Item key={n.id}>
        <NodeButton type="button" aria-pressed={selected === n.id} onClick={() => onSelect(n.id)}>
          {n.name}
          {n.shared ? '' : '（本校）'}
        </NodeButton>
        {actions?.(n)}
        {kids.has(n.id) && <List>{render(n.id)}</List>}
      </Item>
    ));
  return (
    <List data-root="" aria-label="知识点">
      {allLabel && (
        <Item>
          <NodeButton type="button" aria-pressed={selected === null} onClick={() => onSelect(null)}>
            {allLabel}
          </NodeButton>
        </Item>
      )}
      {render(null)}
    </List>
  );
}
