import type { KnowledgeNode } from '@examkit/contracts';
import { styled } from 'styled-components';

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  max-height: 50vh;
  overflow: auto;
  legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
  label {
    display: flex;
    gap: 6px;
    align-items: center;
    margin: 3px 0;
    cursor: pointer;
  }
`;

export interface PointPickerProps {
  /** The knowledge tree, flat (`parentId` links it), in order. */
  nodes: readonly KnowledgeNode[];
  /** The chosen node ids. */
  value: readonly number[];
  onChange(next: number[]): void;
  /** The group's name, e.g. 第 3 题的知识点. */
  legend: string;
}

/** The tree's nodes in depth-first order with their depth. */
function flatten(nodes: readonly KnowledgeNode[]) {
  const kids = new Map<number | null, KnowledgeNode[]>();
  for (const n of nodes) kids.set(n.parentId, [...(kids.get(n.parentId) ?? []), n]);
  const known = new Set(nodes.map((n) => n.id));
  const out: { node: KnowledgeNode; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const node of kids.get(parent) ?? []) {
      out.push({ node, depth });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  // A node whose parent is not in the list still shows, at the top.
  for (const n of nodes)
    if (n.parentId !== null && !known.has(n.parentId) && !out.some((o) => o.node.id === n.id)) {
      out.push({ node: n, depth: 0 });
      walk(n.id, 1);
    }
  return out;
}

/**
 * Several knowledge points chosen from a tree: one labelled checkbox per node, indented under its
 * parent (Tab moves through them, Space ticks one). Shared by the pages that tag questions.
 */
export function PointPicker({ nodes, value, onChange, legend }: PointPickerProps) {
  const chosen = new Set(value);
  return (
    <Group>
      <legend>{legend}</legend>
      {nodes.length === 0 && <p>该学科学段暂无知识点，可在“知识点编辑”中添加</p>}
      {flatten(nodes).map(({ node, depth }) => (
        <label key={node.id} style={{ paddingLeft: depth * 20 }}>
          <input
            type="checkbox"
            checked={chosen.has(node.id)}
            onChange={(e) =>
              onChange(
                e.target.checked ? [...value, node.id] : value.filter((id) => id !== node.id),
              )
            }
          />
          {node.name}
        </label>
      ))}
    </Group>
  );
}
