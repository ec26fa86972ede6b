import type { PermNode } from './types';

const STUDY_STUDENT = '/study/student';
const STUDY_CLASS = '/study/class';

const firstMenuChild = (node: PermNode): PermNode | undefined =>
  node.children.filter((c) => c.type === 1).sort((a, b) => a.moduleOrder - b.moduleOrder)[0];

const leafOf = (node: PermNode): string => {
  const child = firstMenuChild(node);
  return child ? leafOf(child) : node.moduleUrl;
};

/**
 * Where clicking a top menu entry goes: its first child of type 1, followed
 * down to a leaf, or the entry's own URL without such a child. When that is
 * the student page and the entry has exactly two children, the class page.
 */
export function firstTarget(entry: PermNode): string {
  const target = leafOf(entry);
  return target === STUDY_STUDENT && entry.children.length === 2 ? STUDY_CLASS : target;
}

/** @internal */
export { firstMenuChild };
