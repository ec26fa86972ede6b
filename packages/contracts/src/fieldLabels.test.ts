import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { FIELD_LABELS } from './fieldLabels';

interface Node {
  title?: unknown;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  patternProperties?: Record<string, Node>;
}

/** Every request field of every route: `url field` for those with neither a title nor a label. */
function unlabelled(): { fields: number; missing: string[] } {
  const missing = new Set<string>();
  let fields = 0;
  const walk = (node: Node | undefined, url: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [name, sub] of Object.entries(node.properties ?? {})) {
      fields += 1;
      const titled = typeof sub.title === 'string' && /[\u4e00-\u9fff]/.test(sub.title);
      if (!titled && !FIELD_LABELS[name]) missing.add(`${url} ${name}`);
      walk(sub, url);
    }
    walk(node.items, url);
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      walk(branch, url);
    for (const sub of Object.values(node.patternProperties ?? {})) walk(sub, url);
  };
  for (const group of Object.values(contracts)) {
    if (!group || typeof group !== 'object') continue;
    for (const route of Object.values(group as Record<string, unknown>)) {
      const r = route as { url?: unknown; body?: Node; query?: Node };
      if (typeof r?.url !== 'string') continue;
      walk(r.body, r.url);
      walk(r.query, r.url);
    }
  }
  return { fields, missing: [...missing] };
}

describe('FIELD_LABELS', () => {
  it('names every request field of every route in Chinese, so no error names a field in English', () => {
    const { fields, missing } = unlabelled();
    expect(fields).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });

  it('holds Chinese labels only', () => {
    for (const [name, label] of Object.entries(FIELD_LABELS))
      expect(label, name).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});
